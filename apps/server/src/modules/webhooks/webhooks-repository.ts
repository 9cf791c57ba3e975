import { randomUUID } from 'node:crypto';
import { afterCommit } from '@spacecapture/db/after-commit';
import { schema, type TExecutor } from '@spacecapture/db/client';
import { dueBy } from '@spacecapture/db/due';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { webhookEndpoints, webhookDeliveries } = schema;

export type TWebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type TWebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(tx: TExecutor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

export async function listEndpoints(db: TExecutor, organizationId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id));
}

/** One endpoint of the organisation (locked when asked), or undefined: another tenant's is not found. */
export async function findEndpoint(
  db: TExecutor,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** One endpoint, whatever its organisation: for the admins' read-only view. */
export async function findAnyEndpoint(db: TExecutor, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpoint(tx: TExecutor, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>) {
  const [row] = await tx.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  if (!row) throw new Error('webhook endpoint update returned nothing');
  return row;
}

export async function deleteEndpoint(tx: TExecutor, id: string) {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/**
 * Told when deliveries were queued: PostgreSQL sends a NOTIFY when its transaction commits (and
 * never when it rolls back), so every instance's worker sends them at once, not at its next poll.
 */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries_queued';

/** Told on this instance after a commit that queued or requeued deliveries (the NOTIFY reaches all). */
export const WEBHOOK_DELIVERIES_QUEUED = 'webhooks:deliveries-queued';

/**
 * Queues one delivery of `event` to every enabled endpoint of the organisation subscribed to it,
 * in one statement inside the caller's transaction (the outbox pattern: the deliveries exist
 * exactly when the change does), and announces them on WEBHOOK_DELIVERIES_CHANNEL. An
 * organisation without endpoints costs one index probe and announces nothing.
 */
export async function insertDeliveriesForEvent(
  tx: TExecutor,
  organizationId: string,
  event: string,
  payload: Record<string, unknown>,
) {
  await tx.execute(sql`
    with queued as (
      insert into ${webhookDeliveries} (endpoint_id, event, payload)
      select ${webhookEndpoints.id}, ${event}, ${JSON.stringify(payload)}::jsonb
      from ${webhookEndpoints}
      where ${webhookEndpoints.organizationId} = ${organizationId}
        and ${webhookEndpoints.disabledAt} is null
        and ${event} = any(${webhookEndpoints.events})
      returning 1)
    select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '') where exists (select 1 from queued)`);
  afterCommit(tx, WEBHOOK_DELIVERIES_QUEUED);
}

/** One delivery to one endpoint (a test event), due at once. */
export async function insertDelivery(
  tx: TExecutor,
  values: { endpointId: string; event: string; payload: Record<string, unknown> },
) {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('webhook delivery insert returned nothing');
  afterCommit(tx, WEBHOOK_DELIVERIES_QUEUED);
  return row;
}

export async function listDeliveriesPage(
  db: TExecutor,
  endpointId: string,
  options: { limit: number; cursor?: TCursor | undefined },
) {
  return db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      event: webhookDeliveries.event,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      cursorAt: cursorKey(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), afterCursor(webhookDeliveries, options.cursor)))
    .orderBy(...newestFirst(webhookDeliveries.createdAt, webhookDeliveries.id))
    .limit(options.limit);
}

export async function findDelivery(db: TExecutor, endpointId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .for('update');
  return row;
}

/**
 * Finished deliveries (succeeded, or failed after their last attempt) created before `cutoff`, at
 * most `limit` of them; pending ones are kept whatever their age, since the worker still owes them.
 */
export async function deleteFinishedDeliveriesBefore(db: TExecutor, cutoff: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${webhookDeliveries} where ${webhookDeliveries.id} in (
      select ${webhookDeliveries.id} from ${webhookDeliveries}
      where ${webhookDeliveries.status} <> 'pending' and ${webhookDeliveries.createdAt} < ${cutoff.toISOString()}
      limit ${limit}
    ) returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** A replay: the same delivery (same id, same payload) due again at once, with fresh attempts. */
export async function requeueDelivery(tx: TExecutor, id: string, now: Date) {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, claimToken: null, deliveredAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  if (!row) throw new Error('webhook delivery requeue returned nothing');
  afterCommit(tx, WEBHOOK_DELIVERIES_QUEUED);
  return row;
}

/** A claimed delivery with what sending it needs from its endpoint. */
export type TClaimedDelivery = TWebhookDeliveryRow & { url: string; secret: string; disabled: boolean };

/**
 * Claims due deliveries for one attempt each, as the e-mail outbox claims e-mails: the hold
 * (next_attempt_at pushed forward, a new claim token) keeps other instances off them, and
 * `FOR UPDATE SKIP LOCKED` lets instances claim side by side. At most one delivery per endpoint
 * is claimed, and none of an endpoint that already has one held (in flight here or on another
 * instance): a receiver that never answers holds its own queue only, not everyone's (issue 26).
 * A hold whose instance died ends with its lease, and the delivery is due again.
 */
export async function claimDueDeliveries(db: TExecutor, now: Date, limit: number, holdMs: number) {
  const token = randomUUID();
  const at = sql`${now.toISOString()}::timestamptz`;
  const firstOfEachIdleEndpoint = sql`
    select distinct on (due.endpoint_id) due.id from ${webhookDeliveries} due
    where due.status = 'pending' and due.next_attempt_at <= ${at}
      and not exists (
        select 1 from ${webhookDeliveries} held
        where held.endpoint_id = due.endpoint_id and held.status = 'pending'
          and held.claim_token is not null and held.next_attempt_at > ${at})
    order by due.endpoint_id, due.next_attempt_at, due.id`;
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        dueBy(webhookDeliveries.nextAttemptAt, now),
        sql`${webhookDeliveries.id} in (${firstOfEachIdleEndpoint})`,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + holdMs),
      claimToken: token,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (claimed.length === 0) return { token, deliveries: [] as TClaimedDelivery[] };
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  const deliveries: TClaimedDelivery[] = [];
  for (const row of claimed) {
    const endpoint = byId.get(row.endpointId);
    if (endpoint)
      deliveries.push({ ...row, url: endpoint.url, secret: endpoint.secret, disabled: endpoint.disabledAt !== null });
  }
  return { token, deliveries };
}

function heldBy(token: string, id: string) {
  return and(
    eq(webhookDeliveries.id, id),
    eq(webhookDeliveries.claimToken, token),
    eq(webhookDeliveries.status, 'pending'),
  );
}

export async function markDeliverySucceeded(db: TExecutor, token: string, id: string, statusCode: number, now: Date) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'succeeded', lastStatusCode: statusCode, lastError: null, deliveredAt: now, claimToken: null })
    .where(heldBy(token, id))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A failed attempt: due again at `retryAt`, or failed for good when there is none. */
export async function markDeliveryAttemptFailed(
  db: TExecutor,
  token: string,
  id: string,
  result: { statusCode: number | null; error: string; retryAt: Date | null },
) {
  await db
    .update(webhookDeliveries)
    .set({
      lastStatusCode: result.statusCode,
      lastError: result.error.slice(0, 1000),
      claimToken: null,
      ...(result.retryAt ? { nextAttemptAt: result.retryAt } : { status: 'failed' }),
    })
    .where(heldBy(token, id));
}
