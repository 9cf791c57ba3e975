import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

const { payoutRuns, payouts, payoutItems, payoutFailedItems, payableOverdueNotices, shareReversals } = schema;

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ledger entries that make an amount payable to a provider (decision 213): one per job at most. */
const PAYABLE_KINDS = sql`('provider_compensation', 'adjustment')`;

/**
 * A payable as read from the ledger: the entry that credited a provider's payable account, the job
 * its key names (`assignment:<id>:compensation` or `assignment:<id>:adjustment`), and the payout
 * that settled it, if one did.
 */
export type TPayableRow = {
  entryId: string;
  kind: 'provider_compensation' | 'adjustment';
  assignmentId: string;
  memo: string;
  currency: string;
  orderId: string | null;
  orderTitle: string | null;
  providerOrgId: string;
  providerName: string | null;
  amountMinor: number;
  dueAt: Date;
  /** What refunds (and Stripe) took back of it (decisions 215, 243): `amountMinor` is net of it. */
  reversedMinor: number;
  /** What refunds under way are reversing of it: a run leaves it alone until they are done. */
  heldMinor: number;
  /** The payout that holds it: paid, or a Stripe transfer still pending (decision 228). */
  payoutId: string | null;
  payoutStatus: 'pending' | 'paid' | null;
  /** What the payout that holds it claimed of it (the amount it paid). */
  claimedMinor: number | null;
  paidAt: Date | null;
  reference: string | null;
  /** Whether the provider's Stripe connected account can take a transfer. */
  stripeReady: boolean;
  /** The last refused Stripe transfer that tried to pay it. */
  failureReason: string | null;
  failedAt: Date | null;
};

/**
 * What a refund reversed of a payable (decision 215) is booked under `payable:<entry id>:reversal:…`
 * and nets against it: a payable is owed less what was reversed, and one reversed in full is no
 * longer a payable.
 */
const REVERSED = sql`left join lateral (
    select coalesce(sum(rl.amount_minor), 0) as minor from ledger_entries re
    join ledger_lines rl on rl.entry_id = re.id and rl.account = 'payable'
    where re.kind = 'refund' and re.idempotency_key like 'payable:' || e.id::text || ':reversal:%'
  ) reversed on true
  left join lateral (
    select coalesce(sum(sr.amount_minor), 0) as minor from share_reversals sr
    where sr.payable_entry_id = e.id and sr.status = 'pending'
  ) held on true`;

const PAYABLE_SELECT = sql`
  select e.id as "entryId", e.kind, e.memo, e.currency, e.order_id as "orderId", e.created_at as "dueAt",
    split_part(e.idempotency_key, ':', 2) as "assignmentId",
    l.organization_id as "providerOrgId", (-l.amount_minor - reversed.minor)::text as "amountMinor",
    reversed.minor::text as "reversedMinor", held.minor::text as "heldMinor", pi.amount_minor::text as "claimedMinor",
    o.title as "orderTitle", org.name as "providerName",
    coalesce(org.stripe_account_id is not null and org.stripe_details_submitted and org.stripe_payouts_enabled, false)
      as "stripeReady",
    pi.payout_id as "payoutId", p.status as "payoutStatus",
    case when p.status = 'paid' then p.paid_at end as "paidAt",
    case when p.status = 'paid' then p.reference end as reference,
    lf.reason as "failureReason", lf.at as "failedAt"
  from ledger_entries e
  join ledger_lines l on l.entry_id = e.id and l.account = 'payable' and l.amount_minor < 0
  ${REVERSED}
  left join orders o on o.id = e.order_id
  left join organizations org on org.id = l.organization_id
  left join payout_items pi on pi.payable_entry_id = e.id
  left join payouts p on p.id = pi.payout_id
  left join lateral (
    select fp.failure_reason as reason, fr.created_at as at
    from payout_failed_items fi join payouts fp on fp.id = fi.payout_id join payout_runs fr on fr.id = fp.run_id
    where fi.payable_entry_id = e.id
    order by fr.created_at desc limit 1
  ) lf on true`;

/** A payable still owed in part, or one paid out: not one a refund reversed in full. */
const STILL_A_PAYABLE = sql`(pi.payout_id is not null or -l.amount_minor - reversed.minor > 0)`;

function toPayable(row: Record<string, unknown>): TPayableRow {
  return {
    ...(row as TPayableRow),
    amountMinor: Number(row.amountMinor),
    reversedMinor: Number(row.reversedMinor),
    heldMinor: Number(row.heldMinor),
    claimedMinor: row.claimedMinor === null || row.claimedMinor === undefined ? null : Number(row.claimedMinor),
    dueAt: new Date(row.dueAt as string),
    paidAt: row.paidAt ? new Date(row.paidAt as string) : null,
    failedAt: row.failedAt ? new Date(row.failedAt as string) : null,
  };
}

/**
 * Payables by state: unpaid ones (`due`), unpaid ones that became payable before `overdueBefore`
 * (`overdue`), or paid ones; oldest first for what is owed, newest first for what was paid.
 */
export async function listPayables(
  db: TExecutor,
  filter: { status: 'due' | 'overdue' | 'paid'; overdueBefore: Date; providerOrgId?: string | undefined },
  limit: number,
): Promise<TPayableRow[]> {
  const conditions: SQL[] = [sql`e.kind in ${PAYABLE_KINDS}`, STILL_A_PAYABLE];
  // A payable a Stripe transfer is still being sent for is owed until Stripe confirms it.
  if (filter.status === 'paid') conditions.push(sql`p.status = 'paid'`);
  else conditions.push(sql`(pi.payout_id is null or p.status <> 'paid')`);
  if (filter.status === 'overdue') conditions.push(sql`e.created_at < ${filter.overdueBefore.toISOString()}`);
  if (filter.providerOrgId) conditions.push(sql`l.organization_id = ${filter.providerOrgId}`);
  const order = filter.status === 'paid' ? sql`p.paid_at desc, e.id` : sql`e.created_at, e.id`;
  const result = await db.execute(
    sql`${PAYABLE_SELECT} where ${sql.join(conditions, sql` and `)} order by ${order} limit ${limit}`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

/** The payables of some jobs (assignment ids), paid or not. */
export async function payablesOfAssignments(db: TExecutor, assignmentIds: readonly string[]) {
  if (assignmentIds.length === 0) return [];
  const keys = assignmentIds.flatMap((id) => [`assignment:${id}:compensation`, `assignment:${id}:adjustment`]);
  const result = await db.execute(
    sql`${PAYABLE_SELECT} where e.kind in ${PAYABLE_KINDS} and ${STILL_A_PAYABLE} and e.idempotency_key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

/**
 * The compensation payables of one order (decisions 215, 243), each with what was booked, what is
 * left of it after earlier reversals and those under way, and the payout that holds it (its status
 * and method): what a refund may reverse, and how.
 */
export async function compensationPayablesOfOrder(db: TExecutor, orderId: string) {
  const result = await db.execute(sql`
    select e.id as "entryId", e.currency, e.order_id as "orderId", l.organization_id as "providerOrgId",
      (-l.amount_minor)::text as "bookedMinor", (-l.amount_minor - reversed.minor - held.minor)::text as "leftMinor",
      pi.payout_id as "payoutId", p.status as "payoutStatus", p.method as "payoutMethod", p.reference
    from ledger_entries e
    join ledger_lines l on l.entry_id = e.id and l.account = 'payable' and l.amount_minor < 0
    ${REVERSED}
    left join payout_items pi on pi.payable_entry_id = e.id
    left join payouts p on p.id = pi.payout_id
    where e.kind = 'provider_compensation' and e.order_id = ${orderId}
    order by e.created_at, e.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    entryId: String(row.entryId),
    currency: String(row.currency),
    orderId: row.orderId === null ? null : String(row.orderId),
    providerOrgId: String(row.providerOrgId),
    bookedMinor: Number(row.bookedMinor),
    leftMinor: Number(row.leftMinor),
    payoutId: row.payoutId === null ? null : String(row.payoutId),
    payoutStatus: row.payoutStatus === null ? null : (String(row.payoutStatus) as 'pending' | 'paid'),
    payoutMethod: row.payoutMethod === null ? null : String(row.payoutMethod),
    reference: row.reference === null ? null : String(row.reference),
  }));
}

/**
 * Holds payables (their ledger entry ids) until the transaction ends, in one order so that two
 * holders never wait on each other (decision 243): a payout run, a refund reversing a share and a
 * reversal from Stripe each take them before they read what is owed, so none acts on an amount
 * another is changing.
 */
export async function lockPayables(tx: TExecutor, entryIds: readonly string[]) {
  const ids = [...new Set(entryIds)].sort();
  if (ids.length === 0) return;
  if (!ids.every((id) => UUID.test(id))) throw new Error('A payable is named by its ledger entry id.');
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (
      select hashtextextended('payable:' || id, 0) as k
      from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(', ')}]`)}::text[]) as id order by id
    ) held`);
}

/** Payables by their entry ids, as they stand now. */
export async function payablesByIds(db: TExecutor, entryIds: readonly string[]) {
  if (entryIds.length === 0) return [];
  const result = await db.execute(
    sql`${PAYABLE_SELECT} where e.kind in ${PAYABLE_KINDS} and ${STILL_A_PAYABLE} and e.id in (${sql.join(
      entryIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by e.created_at, e.id`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

/**
 * What a scheduled Stripe run pays (decision 243): every payable nobody holds (no payout, no
 * refund reversing it) of the provider organisations whose connected account is ready.
 */
export async function duePayablesOfReadyProviders(db: TExecutor, limit: number) {
  const result = await db.execute(
    sql`${PAYABLE_SELECT} where e.kind in ${PAYABLE_KINDS} and pi.payout_id is null and ${STILL_A_PAYABLE}
      and held.minor = 0 and org.stripe_account_id is not null and org.stripe_details_submitted
      and org.stripe_payouts_enabled
      order by l.organization_id, e.currency, e.created_at, e.id limit ${limit}`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

/** Everything unpaid to one provider organisation in one currency. */
export async function duePayablesOf(db: TExecutor, providerOrgId: string, currency: string) {
  const result = await db.execute(
    sql`${PAYABLE_SELECT} where e.kind in ${PAYABLE_KINDS} and pi.payout_id is null and ${STILL_A_PAYABLE}
      and held.minor = 0 and l.organization_id = ${providerOrgId} and e.currency = ${currency}
      order by e.created_at, e.id limit 10000`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

/** How many payables are unpaid and became payable before `overdueBefore`. */
export async function countPayablesDueBefore(db: TExecutor, overdueBefore: Date) {
  const result = await db.execute(sql`
    select count(*)::int as count from ledger_entries e
    join ledger_lines l on l.entry_id = e.id and l.account = 'payable' and l.amount_minor < 0
    left join payout_items pi on pi.payable_entry_id = e.id
    where e.kind in ${PAYABLE_KINDS} and pi.payable_entry_id is null and e.created_at < ${overdueBefore.toISOString()}`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/** Unpaid payables past `overdueBefore` that admins were not told about yet, oldest first. */
export async function unannouncedOverduePayables(db: TExecutor, overdueBefore: Date, limit: number) {
  const result = await db.execute(
    sql`${PAYABLE_SELECT}
      left join payable_overdue_notices n on n.payable_entry_id = e.id
      where e.kind in ${PAYABLE_KINDS} and pi.payout_id is null and ${STILL_A_PAYABLE} and n.payable_entry_id is null
        and e.created_at < ${overdueBefore.toISOString()}
      order by e.created_at, e.id limit ${limit}`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

/** Marks payables as announced; returns the ids this call marked (a racing pass marks the rest). */
export async function claimOverdueNotices(tx: TExecutor, entryIds: readonly string[], now: Date) {
  if (entryIds.length === 0) return new Set<string>();
  const rows = await tx
    .insert(payableOverdueNotices)
    .values(entryIds.map((payableEntryId) => ({ payableEntryId, notifiedAt: now })))
    .onConflictDoNothing()
    .returning({ id: payableOverdueNotices.payableEntryId });
  return new Set(rows.map((row) => row.id));
}

export async function insertPayoutRun(tx: TExecutor, values: typeof payoutRuns.$inferInsert) {
  const [row] = await tx.insert(payoutRuns).values(values).returning();
  return row!;
}

/**
 * The scheduled run of a slot (decision 243), or undefined when there is one already: an instance
 * running the schedule at the same moment waits on the slot's key and then finds it taken.
 */
export async function insertScheduledRun(tx: TExecutor, slot: string, createdAt: Date) {
  const [row] = await tx
    .insert(payoutRuns)
    .values({ method: 'stripe_transfer', actorUserId: null, scheduleSlot: slot, createdAt })
    .onConflictDoNothing({ target: payoutRuns.scheduleSlot })
    .returning();
  return row;
}

/**
 * Pending Stripe payouts to send again (decision 243): of runs made before `before`, not resumed
 * since `before`; oldest first.
 */
export async function pendingPayoutsToResume(db: TExecutor, before: Date, limit: number) {
  const result = await db.execute(sql`
    select p.id from payouts p join payout_runs r on r.id = p.run_id
    where p.status = 'pending' and p.method = 'stripe_transfer' and r.created_at < ${before.toISOString()}
      and (p.resumed_at is null or p.resumed_at < ${before.toISOString()})
    order by r.created_at, p.id limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Takes a pending payout for the resume worker; false when another pass took it since `before`. */
export async function claimResume(tx: TExecutor, payoutId: string, before: Date, now: Date) {
  const rows = await tx
    .update(payouts)
    .set({ resumedAt: now })
    .where(
      and(
        eq(payouts.id, payoutId),
        eq(payouts.status, 'pending'),
        sql`(${payouts.resumedAt} is null or ${payouts.resumedAt} < ${before.toISOString()})`,
      ),
    )
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** The paid Stripe payout a transfer belongs to: by Stripe's transfer id, or by the payout id it carries. */
export async function findStripePayout(db: TExecutor, transferId: string, payoutId: string | undefined) {
  const [byReference] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.method, 'stripe_transfer'), eq(payouts.reference, transferId)));
  if (byReference || !payoutId || !UUID.test(payoutId)) return byReference;
  const [byId] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.method, 'stripe_transfer'), eq(payouts.id, payoutId)));
  return byId;
}

export type TShareReversalRow = typeof shareReversals.$inferSelect;
export type TShareReversalInsert = typeof shareReversals.$inferInsert;

export async function insertShareReversals(tx: TExecutor, rows: readonly TShareReversalInsert[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(shareReversals)
    .values([...rows])
    .onConflictDoNothing({ target: shareReversals.requestKey })
    .returning();
}

export async function shareReversalsOfNote(db: TExecutor, creditNoteId: string) {
  return db
    .select()
    .from(shareReversals)
    .where(eq(shareReversals.creditNoteId, creditNoteId))
    .orderBy(asc(shareReversals.createdAt), asc(shareReversals.id));
}

/** What was reversed of a payout's transfer, or is being reversed: the rows not failed. */
export async function shareReversalsOfPayout(db: TExecutor, payoutId: string) {
  return db
    .select()
    .from(shareReversals)
    .where(and(eq(shareReversals.payoutId, payoutId), inArray(shareReversals.status, ['pending', 'booked'])));
}

export async function updateShareReversals(
  tx: TExecutor,
  ids: readonly string[],
  values: Partial<
    Pick<TShareReversalRow, 'status' | 'stripeReversalId' | 'failureReason' | 'ledgerEntryIds' | 'bookedAt'>
  >,
) {
  if (ids.length === 0) return;
  await tx
    .update(shareReversals)
    .set(values)
    .where(inArray(shareReversals.id, [...ids]));
}

/** The payable entries a payout holds, with what it claimed of each. */
export async function itemsOfPayout(db: TExecutor, payoutId: string) {
  return db
    .select()
    .from(payoutItems)
    .where(eq(payoutItems.payoutId, payoutId))
    .orderBy(asc(payoutItems.payableEntryId));
}

export async function insertPayout(tx: TExecutor, values: typeof payouts.$inferInsert) {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

/**
 * Settles payables by one payout. Each payable is settled once (its entry id is the key): the ids
 * another payout settled first, even one committing while this runs, come back missing.
 */
export async function insertPayoutItems(
  tx: TExecutor,
  items: readonly { payableEntryId: string; payoutId: string; amountMinor: number }[],
) {
  const rows = await tx
    .insert(payoutItems)
    .values([...items])
    .onConflictDoNothing()
    .returning({ id: payoutItems.payableEntryId });
  return new Set(rows.map((row) => row.id));
}

export type TPayoutRow = typeof payouts.$inferSelect & {
  providerName: string | null;
  jobs: number;
  /** What Stripe transfer reversals took back of it (decision 243). */
  reversedMinor: number;
};

/** The payables a payout holds, to book them once it is paid. */
export async function payablesOfPayout(db: TExecutor, payoutId: string) {
  const result = await db.execute(sql`${PAYABLE_SELECT} where pi.payout_id = ${payoutId} order by e.created_at, e.id`);
  return rowsOf<Record<string, unknown>>(result).map(toPayable);
}

export async function findPayout(db: TExecutor, payoutId: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row;
}

export async function lockPayout(tx: TExecutor, payoutId: string) {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  return row;
}

/** A Stripe transfer confirmed: the payout is paid, with Stripe's transfer id as its reference. */
export async function markPayoutPaid(tx: TExecutor, payoutId: string, reference: string, paidAt: Date) {
  await tx
    .update(payouts)
    .set({ status: 'paid', reference, paidAt, failureReason: null })
    .where(eq(payouts.id, payoutId));
}

/** A transfer Stripe did not confirm: still pending, with what Stripe said. */
export async function notePayoutPending(tx: TExecutor, payoutId: string, reason: string) {
  await tx.update(payouts).set({ failureReason: reason }).where(eq(payouts.id, payoutId));
}

/**
 * A transfer Stripe refused: the payout failed with the reason, and its payables are released
 * (kept in `payout_failed_items`, so admins see why they are still owed) for a later run to pay.
 */
export async function failPayout(tx: TExecutor, payoutId: string, reason: string) {
  const released = await tx.delete(payoutItems).where(eq(payoutItems.payoutId, payoutId)).returning();
  if (released.length > 0) {
    await tx
      .insert(payoutFailedItems)
      .values(released.map((item) => ({ payableEntryId: item.payableEntryId, payoutId })))
      .onConflictDoNothing();
  }
  await tx.update(payouts).set({ status: 'failed', failureReason: reason }).where(eq(payouts.id, payoutId));
  return released.map((item) => item.payableEntryId);
}

/** Recent runs, newest first, each with its transfers. */
export async function listPayoutRuns(db: TExecutor, limit: number, runIds?: readonly string[]) {
  const runFilter =
    runIds && runIds.length > 0
      ? sql`where r.id in (${sql.join(
          runIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const runs = rowsOf<{ id: string; method: string; createdAt: string; scheduleSlot: string | null }>(
    await db.execute(
      sql`select r.id, r.method, r.created_at as "createdAt", r.schedule_slot as "scheduleSlot" from payout_runs r ${runFilter}
        order by r.created_at desc, r.id limit ${limit}`,
    ),
  );
  if (runs.length === 0) return [];
  const transfers = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select p.id, p.run_id as "runId", p.provider_org_id as "providerOrgId", p.currency,
          p.amount_minor::text as "amountMinor", p.method, p.reference, p.status,
          p.failure_reason as "failureReason", p.paid_at as "paidAt", p.resumed_at as "resumedAt",
          (select coalesce(sum(sr.amount_minor), 0)::text from share_reversals sr
            where sr.payout_id = p.id and sr.status = 'booked') as "reversedMinor",
          org.name as "providerName", (select count(*)::int from payout_items pi where pi.payout_id = p.id)
            + (select count(*)::int from payout_failed_items fi where fi.payout_id = p.id) as jobs
        from payouts p left join organizations org on org.id = p.provider_org_id
        where p.run_id in (${sql.join(
          runs.map((run) => sql`${run.id}`),
          sql`, `,
        )})
        order by org.name, p.currency`,
    ),
  ).map(
    (row) =>
      ({
        ...(row as TPayoutRow),
        amountMinor: Number(row.amountMinor),
        reversedMinor: Number(row.reversedMinor),
        paidAt: row.paidAt ? new Date(row.paidAt as string) : null,
        resumedAt: row.resumedAt ? new Date(row.resumedAt as string) : null,
      }) as TPayoutRow,
  );
  return runs.map((run) => ({
    id: run.id,
    method: run.method,
    scheduled: run.scheduleSlot !== null,
    createdAt: new Date(run.createdAt),
    payouts: transfers.filter((transfer) => transfer.runId === run.id),
  }));
}

/** A provider organisation's name, or undefined when there is no such provider. */
export async function providerOrgName(db: TExecutor, orgId: string) {
  const result = await db.execute(sql`select name from organizations where id = ${orgId} and type = 'provider'`);
  return rowsOf<{ name: string }>(result)[0]?.name;
}

/** The jobs a provider organisation held (accepted offers) with their orders, for its Earnings. */
export type TProviderJobRow = {
  assignmentId: string;
  orderId: string;
  orderTitle: string;
  orderStatus: string;
  currency: string;
  compensation: string | null;
  acceptedAt: Date | null;
};

export async function acceptedJobsOf(db: TExecutor, providerOrgId: string): Promise<TProviderJobRow[]> {
  const result = await db.execute(sql`
    select a.id as "assignmentId", o.id as "orderId", o.title as "orderTitle", o.status as "orderStatus",
      o.currency, a.compensation::text as compensation, coalesce(a.responded_at, a.created_at) as "acceptedAt"
    from assignments a join orders o on o.id = a.order_id
    where a.provider_org_id = ${providerOrgId} and a.status = 'accepted' and o.status <> 'cancelled'
    order by coalesce(a.responded_at, a.created_at) desc, a.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ...(row as TProviderJobRow),
    acceptedAt: row.acceptedAt ? new Date(row.acceptedAt as string) : null,
  }));
}

/** One job (accepted assignment) with its order, for an adjustment. */
export async function findAcceptedJob(db: TExecutor, assignmentId: string) {
  const result = await db.execute(sql`
    select a.id as "assignmentId", a.provider_org_id as "providerOrgId", a.compensation::text as compensation,
      o.id as "orderId", o.title as "orderTitle", o.status as "orderStatus", o.currency
    from assignments a join orders o on o.id = a.order_id
    where a.id = ${assignmentId} and a.status = 'accepted'`);
  return rowsOf<{
    assignmentId: string;
    providerOrgId: string;
    compensation: string | null;
    orderId: string;
    orderTitle: string;
    orderStatus: string;
    currency: string;
  }>(result)[0];
}
