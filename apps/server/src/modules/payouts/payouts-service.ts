import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import { startOfBound } from '@spacecapture/shared/contracts/admin-console/common';
import {
  PAYOUT_LIMITS,
  PAYOUT_MESSAGES,
  PAYOUT_PROMISE_DAYS,
  type TCreatePayoutRunRequest,
  type TEarning,
  type TEarnings,
  type TEarningsQuery,
  type TEarningTotals,
  type TOrderMargin,
  type TPayable,
  type TPayableList,
  type TPayableListQuery,
  type TPayout,
  type TPayoutAdjustmentRequest,
  type TPayoutMethod,
  type TPayoutRun,
} from '@spacecapture/shared/contracts/payouts';
import { AppError } from '@spacecapture/shared/errors';
import { formatMoney } from '@spacecapture/shared/format';
import { fromMinorUnits, toMinorUnits } from '@spacecapture/shared/money';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import { canTransition, PAYABLE_MACHINE, type TPayableState } from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { csvRow } from '../../lib/csv.ts';
import { findOrganization } from '../accounts/accounts-repository.ts';
import { acceptedAssignmentOf, lockAssignment } from '../assignments/assignments-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { book, entriesOfOrder } from '../ledger/ledger-service.ts';
import { emailRecipientsOf, notifyScope } from '../notifications/notifications-service.ts';
import { findOrder } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import { adjustmentEmails, payoutSentEmails } from './payout-emails.ts';
import { bankTransferMethod, type TPayoutMethodAdapter } from './payout-methods.ts';
import {
  acceptedJobsOf,
  claimOverdueNotices,
  claimResume,
  countPayablesDueBefore,
  duePayablesOf,
  duePayablesOfReadyProviders,
  failPayout,
  findAcceptedJob,
  findPayout,
  insertPayout,
  insertPayoutItems,
  insertPayoutRun,
  insertScheduledRun,
  listPayables,
  listPayoutRuns,
  lockPayables,
  lockPayout,
  markPayoutPaid,
  notePayoutPending,
  payablesByIds,
  payablesOfAssignments,
  payablesOfPayout,
  pendingPayoutsToResume,
  providerOrgName,
  type TPayableRow,
  unannouncedOverduePayables,
} from './payouts-repository.ts';
import { renderStatementPdf } from './statement-pdf.ts';

const DAY_MS = 86_400_000;
const PROMISE_MS = PAYOUT_PROMISE_DAYS * DAY_MS;

/**
 * How long a Stripe transfer may stay pending before the worker sends it again by itself (decision
 * 243): far longer than a run takes to send its transfers, so it never races the run that wrote it.
 */
export const PENDING_PAYOUT_GRACE_MS = 15 * 60_000;

/** A scheduled run with nothing to pay: its transaction is rolled back, so no empty run is kept. */
class NothingToPay extends Error {}

/** How many payables are past their expected pay date at `now`, for the admin dashboard. */
export function countOverduePayables(db: TExecutor, now: Date) {
  return countPayablesDueBefore(db, new Date(now.getTime() - PROMISE_MS));
}

/** When a payable is expected to be paid: the FAQ's 14 days after it became payable. */
export function expectedPayDate(dueAt: Date) {
  return new Date(dueAt.getTime() + PROMISE_MS);
}

function payableState(row: TPayableRow): TPayableState {
  return row.payoutStatus === 'paid' ? 'paid' : 'due';
}

function payableView(row: TPayableRow, now: Date): TPayable {
  const expectedBy = expectedPayDate(row.dueAt);
  return {
    id: row.entryId,
    assignmentId: row.assignmentId,
    order: { id: row.orderId, title: row.orderTitle },
    providerOrg: { id: row.providerOrgId, name: row.providerName, stripeReady: row.stripeReady },
    kind: row.kind === 'adjustment' ? 'adjustment' : 'compensation',
    currency: row.currency,
    amount: fromMinorUnits(row.amountMinor, row.currency),
    reversed: fromMinorUnits(row.reversedMinor, row.currency),
    dueAt: row.dueAt.toISOString(),
    expectedBy: expectedBy.toISOString(),
    overdue: row.paidAt === null && expectedBy.getTime() < now.getTime(),
    paidAt: row.paidAt?.toISOString() ?? null,
    reference: row.reference,
    lastFailure:
      row.paidAt === null && row.failureReason && row.failedAt
        ? { reason: row.failureReason, at: row.failedAt.toISOString() }
        : null,
  };
}

/** The reason an adjustment was made, kept in its ledger entry's memo after this prefix. */
const ADJUSTMENT_MEMO = 'Adjustment: ';

/**
 * Provider payouts (decision 213): what providers are owed, read from the ledger; payout runs by
 * recorded bank transfer, each booked payable → cash once per payable; an admin's adjustment for a
 * job closed without approval; the 14-day promise watched; the provider's Earnings and statements.
 */
export function createPayoutsService(deps: {
  db: TDatabase;
  clock: () => Date;
  publicUrl: string;
  /** The ways a run may pay; a Stripe transfer is there only when Stripe is set up (decision 228). */
  methods?: Partial<Record<TPayoutMethod, TPayoutMethodAdapter>>;
}) {
  const { db, clock, publicUrl } = deps;
  const methods = deps.methods ?? { bank_transfer: bankTransferMethod };
  const earningsLink = `${publicUrl}${PORTAL_PATHS.provider.earnings}`;

  /** Checks one transfer's jobs and returns the payables it settles (a 4xx names the first problem). */
  async function payablesOfTransfer(
    tx: TExecutor,
    transfer: TCreatePayoutRunRequest['transfers'][number],
    index: number,
  ): Promise<TPayableRow[]> {
    if (!transfer.assignmentIds) {
      const due = await duePayablesOf(tx, transfer.providerOrgId, transfer.currency);
      if (due.length === 0) {
        throw new AppError('validation_failed', PAYOUT_MESSAGES.nothingDue, {
          [`transfers.${index}.currency`]: PAYOUT_MESSAGES.nothingDue,
        });
      }
      return due;
    }
    const ids = [...new Set(transfer.assignmentIds)];
    const found = new Map((await payablesOfAssignments(tx, ids)).map((row) => [row.assignmentId, row]));
    const chosen: TPayableRow[] = [];
    for (const [position, assignmentId] of transfer.assignmentIds.entries()) {
      const field = `transfers.${index}.assignmentIds.${position}`;
      const payable = found.get(assignmentId);
      if (!payable) throw new AppError('conflict', PAYOUT_MESSAGES.notDue, { [field]: PAYOUT_MESSAGES.notDue });
      if (payable.providerOrgId !== transfer.providerOrgId) {
        throw new AppError('validation_failed', PAYOUT_MESSAGES.otherProvider, {
          [field]: PAYOUT_MESSAGES.otherProvider,
        });
      }
      if (payable.currency !== transfer.currency) {
        throw new AppError('validation_failed', PAYOUT_MESSAGES.otherCurrency, {
          [field]: PAYOUT_MESSAGES.otherCurrency,
        });
      }
      if (!canTransition(PAYABLE_MACHINE, payableState(payable), 'paid')) {
        throw new AppError('conflict', PAYOUT_MESSAGES.alreadyPaid, { [field]: PAYOUT_MESSAGES.alreadyPaid });
      }
      if (payable.payoutId) {
        throw new AppError('conflict', PAYOUT_MESSAGES.transferPending, { [field]: PAYOUT_MESSAGES.transferPending });
      }
      if (payable.heldMinor > 0) {
        throw new AppError('conflict', PAYOUT_MESSAGES.shareBeingReversed, {
          [field]: PAYOUT_MESSAGES.shareBeingReversed,
        });
      }
      if (!chosen.includes(payable)) chosen.push(payable);
    }
    return chosen;
  }

  async function runView(runId: string): Promise<TPayoutRun> {
    const [run] = await listPayoutRuns(db, 1, [runId]);
    if (!run) throw new AppError('not_found', 'Payout run not found.');
    return toRunView(run);
  }

  function toRunView(run: Awaited<ReturnType<typeof listPayoutRuns>>[number]): TPayoutRun {
    return {
      id: run.id,
      method: run.method as TPayoutMethod,
      scheduled: run.scheduled,
      createdAt: run.createdAt.toISOString(),
      payouts: run.payouts.map((payout) => ({
        id: payout.id,
        providerOrg: { id: payout.providerOrgId, name: payout.providerName },
        currency: payout.currency,
        amount: fromMinorUnits(payout.amountMinor, payout.currency),
        method: payout.method as TPayoutMethod,
        reference: payout.reference,
        status: payout.status as TPayout['status'],
        failureReason: payout.failureReason,
        paidAt: payout.paidAt?.toISOString() ?? null,
        jobs: payout.jobs,
        resumedAt: payout.resumedAt?.toISOString() ?? null,
        reversed: fromMinorUnits(payout.reversedMinor, payout.currency),
      })),
    };
  }

  async function earningsOf(orgId: string, query: TEarningsQuery): Promise<TEarnings> {
    const from = query.from ? startOfBound(query.from) : null;
    const until = query.to ? new Date(startOfBound(query.to).getTime() + DAY_MS) : null;
    const jobs = await acceptedJobsOf(db, orgId);
    const payables = new Map(
      (
        await payablesOfAssignments(
          db,
          jobs.map((job) => job.assignmentId),
        )
      ).map((row) => [row.assignmentId, row]),
    );
    const items: TEarning[] = [];
    for (const job of jobs) {
      const payable = payables.get(job.assignmentId);
      const when = payable?.dueAt ?? job.acceptedAt;
      if (from && (!when || when < from)) continue;
      if (until && (!when || when >= until)) continue;
      const currency = payable?.currency ?? job.currency;
      const compensation = payable
        ? fromMinorUnits(payable.amountMinor, currency)
        : job.compensation
          ? fromMinorUnits(toMinorUnits(job.compensation, currency), currency)
          : 0;
      // No platform fee is taken from a provider's compensation (decision 213).
      const fee = 0;
      const status: TEarning['status'] = payable
        ? payable.paidAt
          ? 'paid'
          : payable.kind === 'adjustment'
            ? 'adjusted'
            : 'payable'
        : job.orderStatus === 'completed'
          ? 'closed'
          : 'pending_approval';
      items.push({
        assignmentId: job.assignmentId,
        orderId: job.orderId,
        orderTitle: job.orderTitle,
        currency,
        compensation,
        fee,
        net: compensation - fee,
        reversed: payable ? fromMinorUnits(payable.reversedMinor, currency) : 0,
        status,
        payableSince: payable?.dueAt.toISOString() ?? null,
        expectedBy: payable ? expectedPayDate(payable.dueAt).toISOString() : null,
        paidAt: payable?.paidAt?.toISOString() ?? null,
        reference: payable?.reference ?? null,
        adjustmentReason:
          payable?.kind === 'adjustment' && payable.memo.startsWith(ADJUSTMENT_MEMO)
            ? payable.memo.slice(ADJUSTMENT_MEMO.length)
            : null,
      });
    }
    const totals = new Map<string, TEarningTotals>();
    const minor = new Map<
      string,
      { compensation: number; fees: number; paid: number; payable: number; pending: number }
    >();
    for (const item of items) {
      const sums = minor.get(item.currency) ?? { compensation: 0, fees: 0, paid: 0, payable: 0, pending: 0 };
      const amount = toMinorUnits(item.compensation, item.currency);
      if (item.status === 'pending_approval') sums.pending += amount;
      else if (item.status !== 'closed') {
        sums.compensation += amount;
        sums.fees += toMinorUnits(item.fee, item.currency);
        if (item.status === 'paid') sums.paid += amount;
        else sums.payable += amount;
      }
      minor.set(item.currency, sums);
    }
    for (const [currency, sums] of [...minor].sort(([a], [b]) => a.localeCompare(b))) {
      totals.set(currency, {
        currency,
        compensation: fromMinorUnits(sums.compensation, currency),
        fees: fromMinorUnits(sums.fees, currency),
        paid: fromMinorUnits(sums.paid, currency),
        payable: fromMinorUnits(sums.payable, currency),
        pendingApproval: fromMinorUnits(sums.pending, currency),
      });
    }
    return { range: { from: query.from ?? null, to: query.to ?? null }, items, totals: [...totals.values()] };
  }

  function providerOrgOf(actor: TActor) {
    if (!actor.orgId) throw new AppError('not_found', 'Organisation not found.');
    return actor.orgId;
  }

  function statementName(query: TEarningsQuery, extension: string) {
    const span = [query.from, query.to].filter(Boolean).join('-to-') || 'all';
    return `statement-${span}.${extension}`;
  }

  /** Books each payable a payout paid: payable (debit, the provider) → cash (credit, the platform), once. */
  async function bookPayout(
    tx: TExecutor,
    payables: readonly TPayableRow[],
    reference: string,
    actorUserId: string | null,
    now: Date,
  ) {
    for (const payable of payables) {
      // What the payout claimed of it: what was owed when the run took it.
      const amountMinor = payable.claimedMinor ?? payable.amountMinor;
      await book(
        tx,
        {
          kind: 'payout',
          currency: payable.currency,
          orderId: payable.orderId,
          memo: `Payout ${reference} for assignment ${payable.assignmentId}`,
          idempotencyKey: `payable:${payable.entryId}:payout`,
          actorUserId,
          lines: [
            { account: 'payable', organizationId: payable.providerOrgId, amountMinor },
            { account: 'cash', organizationId: null, amountMinor: -amountMinor },
          ],
        },
        now,
      );
    }
  }

  /** Tells the provider organisation it was paid: a notice and an e-mail, delivered after the commit. */
  async function tellProvider(
    tx: TExecutor,
    paid: {
      providerOrgId: string;
      method: TPayoutMethod;
      amountMinor: number;
      currency: string;
      reference: string;
      payables: readonly TPayableRow[];
      paidAt: Date;
    },
  ) {
    const amount = fromMinorUnits(paid.amountMinor, paid.currency);
    const jobs = paid.payables.map((payable) => ({
      title: payable.orderTitle ?? 'Job',
      amount: fromMinorUnits(payable.amountMinor, payable.currency),
    }));
    const how = paid.method === 'stripe_transfer' ? 'Stripe transfer' : 'Bank transfer';
    await notifyScope(
      tx,
      { org: paid.providerOrgId },
      {
        type: 'payout_sent',
        title: `Payout sent: ${formatMoney(amount, paid.currency)}`,
        body: `${how} ${paid.reference} for ${jobs.length} job${jobs.length === 1 ? '' : 's'}.`,
        link: PORTAL_PATHS.provider.earnings,
      },
    );
    await enqueueEmails(
      tx,
      payoutSentEmails({
        recipients: await emailRecipientsOf(tx, { org: paid.providerOrgId }, 'payout_sent'),
        method: paid.method,
        amount,
        currency: paid.currency,
        reference: paid.reference,
        paidAt: paid.paidAt,
        jobs,
        link: earningsLink,
      }),
    );
  }

  /**
   * Sends one pending remote payout and records the outcome (decision 228): outside any
   * transaction, the method sends the transfer under the payout's idempotency key; then, under the
   * payout's row lock, a confirmed transfer is booked and told to the provider, a refused one
   * releases its payables with the reason, and an unanswered one stays pending for a retry. A
   * second settle of the same payout (a replay, a retry racing the first) finds it settled.
   */
  async function settlePayout(payoutId: string, actorUserId: string | null, resumed = false) {
    const payout = await findPayout(db, payoutId);
    if (payout?.status !== 'pending') return;
    const adapter = methods[payout.method as TPayoutMethod];
    if (!adapter) throw new AppError('conflict', PAYOUT_MESSAGES.stripeUnavailable);
    const payables = await payablesOfPayout(db, payoutId);
    const organisation = await findOrganization(db, payout.providerOrgId);
    const settled = await adapter.settle({
      payoutId,
      runId: payout.runId,
      providerOrgId: payout.providerOrgId,
      destination: organisation?.stripeAccountId ?? null,
      currency: payout.currency,
      amountMinor: payout.amountMinor,
      reference: null,
      orderIds: payables.flatMap((payable) => (payable.orderId ? [payable.orderId] : [])),
      resumed,
    });
    await db.transaction(async (tx) => {
      const locked = await lockPayout(tx, payoutId);
      if (locked?.status !== 'pending') return;
      const now = clock();
      if (settled.status === 'pending') {
        await notePayoutPending(tx, payoutId, settled.reason);
        return;
      }
      if (settled.status === 'failed') {
        const released = await failPayout(tx, payoutId, settled.reason);
        await recordAudit(tx, {
          entity: 'payout',
          entityId: payoutId,
          action: 'fail',
          before: { status: 'pending' },
          after: { status: 'failed', reason: settled.reason, releasedPayables: released },
          actorUserId,
        });
        return;
      }
      await markPayoutPaid(tx, payoutId, settled.reference, now);
      await bookPayout(tx, payables, settled.reference, actorUserId, now);
      await recordAudit(tx, {
        entity: 'payout',
        entityId: payoutId,
        action: 'pay',
        before: { status: 'pending' },
        after: { status: 'paid', reference: settled.reference, amountMinor: payout.amountMinor },
        actorUserId,
      });
      await tellProvider(tx, {
        providerOrgId: payout.providerOrgId,
        method: payout.method as TPayoutMethod,
        amountMinor: payout.amountMinor,
        currency: payout.currency,
        reference: settled.reference,
        payables,
        paidAt: now,
      });
    });
  }

  return {
    /** What providers are owed (due, overdue) or were paid, with the totals of what is owed per currency. */
    async listPayables(query: TPayableListQuery): Promise<TPayableList> {
      const now = clock();
      const overdueBefore = new Date(now.getTime() - PROMISE_MS);
      const rows = await listPayables(
        db,
        { status: query.status, overdueBefore, providerOrgId: query.providerOrgId },
        PAYOUT_LIMITS.listLimit,
      );
      const items = rows.map((row) => payableView(row, now));
      // The totals count every unpaid payable, whatever the list shows.
      const owed =
        query.status === 'due' && !query.providerOrgId
          ? rows
          : await listPayables(db, { status: 'due', overdueBefore }, PAYOUT_LIMITS.listLimit * 20);
      const totals = new Map<string, { due: number; overdue: number; dueCount: number; overdueCount: number }>();
      for (const row of owed) {
        const sums = totals.get(row.currency) ?? { due: 0, overdue: 0, dueCount: 0, overdueCount: 0 };
        sums.due += row.amountMinor;
        sums.dueCount += 1;
        if (row.dueAt < overdueBefore) {
          sums.overdue += row.amountMinor;
          sums.overdueCount += 1;
        }
        totals.set(row.currency, sums);
      }
      return {
        items,
        stripeTransfers: methods.stripe_transfer !== undefined,
        totals: [...totals]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, sums]) => ({
            currency,
            due: fromMinorUnits(sums.due, currency),
            overdue: fromMinorUnits(sums.overdue, currency),
            dueCount: sums.dueCount,
            overdueCount: sums.overdueCount,
          })),
      };
    },

    async listRuns(): Promise<{ items: TPayoutRun[] }> {
      return { items: (await listPayoutRuns(db, 50)).map(toRunView) };
    },

    /**
     * A payout run: one transfer per provider organisation and currency, each settling the jobs
     * chosen (or everything due), booked payable → cash per job, audited, and told to the
     * provider by notice and e-mail once it commits. A job paid already, not payable yet, of
     * another provider or currency refuses the whole run, and nothing is booked.
     */
    async createRun(actor: TActor, request: TCreatePayoutRunRequest): Promise<TPayoutRun> {
      const seen = new Set<string>();
      request.transfers.forEach((transfer, index) => {
        const key = `${transfer.providerOrgId}:${transfer.currency}`;
        if (seen.has(key)) {
          throw new AppError('validation_failed', PAYOUT_MESSAGES.duplicateTransfer, {
            [`transfers.${index}.providerOrgId`]: PAYOUT_MESSAGES.duplicateTransfer,
          });
        }
        seen.add(key);
      });
      const adapter = methods[request.method];
      if (!adapter) throw new AppError('conflict', PAYOUT_MESSAGES.stripeUnavailable);
      const { runId, pending } = await db.transaction(async (tx) => {
        const now = clock();
        const run = await insertPayoutRun(tx, { method: request.method, actorUserId: actor.userId, createdAt: now });
        const audited = [];
        const pending: string[] = [];
        // Holds every payable the run may pay, all at once in one order (decision 243), then reads
        // each transfer's again: a refund that reversed part of a share while this run was choosing
        // is seen now, and the run pays what it left.
        const chosen = new Map<number, Set<string>>();
        for (const [index, transfer] of request.transfers.entries()) {
          const organisation = await findOrganization(tx, transfer.providerOrgId);
          if (organisation?.type !== 'provider') {
            throw new AppError('validation_failed', 'Provider organisation not found.', {
              [`transfers.${index}.providerOrgId`]: 'Provider organisation not found.',
            });
          }
          const stripeReady =
            organisation.stripeAccountId !== null &&
            organisation.stripeDetailsSubmitted &&
            organisation.stripePayoutsEnabled;
          if (adapter.remote && !stripeReady) {
            throw new AppError('conflict', PAYOUT_MESSAGES.noStripeAccount, {
              [`transfers.${index}.providerOrgId`]: `${organisation.name}: ${PAYOUT_MESSAGES.noStripeAccount}`,
            });
          }
          const payables = await payablesOfTransfer(tx, transfer, index);
          chosen.set(index, new Set(payables.map((payable) => payable.entryId)));
        }
        await lockPayables(
          tx,
          [...chosen.values()].flatMap((ids) => [...ids]),
        );
        for (const [index, transfer] of request.transfers.entries()) {
          const held = chosen.get(index)!;
          const payables = (await payablesOfTransfer(tx, transfer, index)).filter((payable) =>
            held.has(payable.entryId),
          );
          if (payables.length === 0) {
            throw new AppError('validation_failed', PAYOUT_MESSAGES.nothingDue, {
              [`transfers.${index}.currency`]: PAYOUT_MESSAGES.nothingDue,
            });
          }
          const amountMinor = payables.reduce((sum, payable) => sum + payable.amountMinor, 0);
          // A remote transfer is written pending and sent after this commits (no network call in a transaction).
          const payout = await insertPayout(tx, {
            runId: run.id,
            providerOrgId: transfer.providerOrgId,
            currency: transfer.currency,
            amountMinor,
            method: request.method,
            reference: transfer.reference ?? '',
            status: adapter.remote ? 'pending' : 'paid',
            paidAt: adapter.remote ? null : now,
          });
          // Claims each payable first: a run racing for the same one waits here and then finds it taken.
          const claimed = await insertPayoutItems(
            tx,
            payables.map((payable) => ({
              payableEntryId: payable.entryId,
              payoutId: payout.id,
              amountMinor: payable.amountMinor,
            })),
          );
          const taken = payables.find((payable) => !claimed.has(payable.entryId));
          if (taken) {
            throw new AppError('conflict', PAYOUT_MESSAGES.alreadyPaid, {
              [`transfers.${index}`]: `${taken.orderTitle ?? 'A job'}: ${PAYOUT_MESSAGES.alreadyPaid}`,
            });
          }
          audited.push({
            payoutId: payout.id,
            providerOrgId: transfer.providerOrgId,
            currency: transfer.currency,
            amountMinor,
            reference: transfer.reference ?? null,
            assignmentIds: payables.map((payable) => payable.assignmentId),
          });
          if (adapter.remote) {
            pending.push(payout.id);
            continue;
          }
          const settled = await adapter.settle({
            payoutId: payout.id,
            runId: run.id,
            providerOrgId: transfer.providerOrgId,
            destination: null,
            currency: transfer.currency,
            amountMinor,
            reference: transfer.reference ?? null,
            orderIds: payables.flatMap((payable) => (payable.orderId ? [payable.orderId] : [])),
          });
          if (settled.status !== 'paid') throw new Error(`${request.method} answered ${settled.status}`);
          await bookPayout(tx, payables, settled.reference, actor.userId, now);
          await tellProvider(tx, {
            providerOrgId: transfer.providerOrgId,
            method: request.method,
            amountMinor,
            currency: transfer.currency,
            reference: settled.reference,
            payables,
            paidAt: now,
          });
        }
        await recordAudit(tx, {
          entity: 'payout_run',
          entityId: run.id,
          action: 'create',
          before: null,
          after: { method: request.method, payouts: audited },
          actorUserId: actor.userId,
        });
        return { runId: run.id, pending };
      });
      // One payout after another: each is sent, then booked or released in a transaction of its own.
      for (const payoutId of pending) await settlePayout(payoutId, actor.userId);
      return runView(runId);
    },

    /**
     * Sends a pending Stripe transfer again (decision 228): after Stripe gave no answer, or after a
     * crash between the claim and the booking. The same idempotency key finds the transfer Stripe
     * already made, so the provider is paid once.
     */
    async resumePayout(actor: TActor, payoutId: string): Promise<TPayoutRun> {
      const payout = await findPayout(db, payoutId);
      if (!payout) throw new AppError('not_found', PAYOUT_MESSAGES.payoutNotFound);
      if (payout.status !== 'pending') throw new AppError('conflict', PAYOUT_MESSAGES.payoutNotPending);
      await settlePayout(payoutId, actor.userId, true);
      return runView(payout.runId);
    },

    /**
     * The scheduled Stripe payout run (decision 243), once a UTC day while the setting is on and
     * Stripe is set up: everything due to provider organisations whose connected account is ready,
     * one transfer per provider and currency, by the admin's path (claimed and written pending, then
     * sent outside the transaction under the payout's idempotency key). Providers without a ready
     * account are left for a bank transfer. The day's slot is a unique key, so a second pass or a
     * second instance makes no second run; a day with nothing due keeps no run. Resolves with how
     * many transfers it sent.
     */
    async payScheduled(_limit: number): Promise<number> {
      if (!methods.stripe_transfer) return 0;
      if (!(await readFeatureFlags(db)).scheduledStripePayouts) return 0;
      let made: { runId: string; pending: string[] } | null;
      try {
        made = await db.transaction(async (tx) => {
          const now = clock();
          const run = await insertScheduledRun(tx, `stripe:${now.toISOString().slice(0, 10)}`, now);
          if (!run) return null;
          const seen = await duePayablesOfReadyProviders(
            tx,
            PAYOUT_LIMITS.jobsPerTransfer * PAYOUT_LIMITS.transfersPerRun,
          );
          await lockPayables(
            tx,
            seen.map((payable) => payable.entryId),
          );
          // Read again under the locks: an admin's run or a refund that committed meanwhile is seen.
          const fresh = (
            await payablesByIds(
              tx,
              seen.map((payable) => payable.entryId),
            )
          ).filter((payable) => !payable.payoutId && payable.heldMinor === 0 && payable.amountMinor > 0);
          const groups = new Map<string, TPayableRow[]>();
          for (const payable of fresh) {
            const key = `${payable.providerOrgId}:${payable.currency}`;
            groups.set(key, [...(groups.get(key) ?? []), payable]);
          }
          if (groups.size === 0) throw new NothingToPay();
          const pending: string[] = [];
          const audited = [];
          for (const payables of groups.values()) {
            const { providerOrgId, currency } = payables[0]!;
            const amountMinor = payables.reduce((sum, payable) => sum + payable.amountMinor, 0);
            const payout = await insertPayout(tx, {
              runId: run.id,
              providerOrgId,
              currency,
              amountMinor,
              method: 'stripe_transfer',
              reference: '',
              status: 'pending',
              paidAt: null,
            });
            const claimed = await insertPayoutItems(
              tx,
              payables.map((payable) => ({
                payableEntryId: payable.entryId,
                payoutId: payout.id,
                amountMinor: payable.amountMinor,
              })),
            );
            if (claimed.size !== payables.length) throw new Error('A payable held by this run was claimed by another.');
            pending.push(payout.id);
            audited.push({
              payoutId: payout.id,
              providerOrgId,
              currency,
              amountMinor,
              reference: null,
              assignmentIds: payables.map((payable) => payable.assignmentId),
            });
          }
          await recordAudit(tx, {
            entity: 'payout_run',
            entityId: run.id,
            action: 'create',
            before: null,
            after: { method: 'stripe_transfer', scheduled: true, slot: run.scheduleSlot, payouts: audited },
            actorUserId: null,
          });
          return { runId: run.id, pending };
        });
      } catch (error) {
        if (error instanceof NothingToPay) return 0;
        throw error;
      }
      if (!made) return 0;
      for (const payoutId of made.pending) await settlePayout(payoutId, null);
      return made.pending.length;
    },

    /**
     * Sends again, by itself, each Stripe transfer left pending longer than the grace period (a
     * crash between writing it and Stripe's answer, or no answer): the transfer it already made is
     * looked for first, then sent under the same idempotency key, so the provider is paid once; a
     * refusal fails it as on the admin's path. Each resume is audited (`payout`/`resume`) and shown
     * on the payout (`resumedAt`). Resolves with how many it sent again.
     */
    async resumePendingPayouts(limit: number): Promise<number> {
      if (!methods.stripe_transfer) return 0;
      const now = clock();
      const before = new Date(now.getTime() - PENDING_PAYOUT_GRACE_MS);
      let resumed = 0;
      for (const payoutId of await pendingPayoutsToResume(db, before, limit)) {
        // Taken first, so another instance's pass leaves it alone until the next grace period.
        const taken = await db.transaction(async (tx) => {
          if (!(await claimResume(tx, payoutId, before, now))) return false;
          await recordAudit(tx, {
            entity: 'payout',
            entityId: payoutId,
            action: 'resume',
            before: { status: 'pending' },
            after: { status: 'pending', resumedAt: now.toISOString(), by: 'schedule' },
            actorUserId: null,
          });
          return true;
        });
        if (!taken) continue;
        await settlePayout(payoutId, null, true);
        resumed += 1;
      }
      return resumed;
    },

    /**
     * An admin's adjustment for a job whose order was completed without the customer's approval
     * (decision 208): payable to its provider, at most the agreed compensation, with a reason;
     * once per job.
     */
    async adjust(actor: TActor, assignmentId: string, request: TPayoutAdjustmentRequest): Promise<TPayable> {
      const entryId = await db.transaction(async (tx) => {
        const now = clock();
        // Holds the job while it is adjusted: a second adjustment waits and then finds this one.
        if (!(await lockAssignment(tx, assignmentId))) throw new AppError('not_found', PAYOUT_MESSAGES.jobNotFound);
        const job = await findAcceptedJob(tx, assignmentId);
        if (!job) throw new AppError('not_found', PAYOUT_MESSAGES.jobNotFound);
        if (job.orderStatus !== 'completed') throw new AppError('conflict', PAYOUT_MESSAGES.adjustmentNotClosed);
        if ((await payablesOfAssignments(tx, [assignmentId])).length > 0) {
          throw new AppError('conflict', PAYOUT_MESSAGES.adjustmentExists);
        }
        if (!job.compensation || Number(job.compensation) <= 0) {
          throw new AppError('conflict', PAYOUT_MESSAGES.noCompensation);
        }
        let amountMinor: number;
        try {
          amountMinor = toMinorUnits(request.amount, job.currency);
        } catch (error) {
          const message = error instanceof RangeError ? error.message : PAYOUT_MESSAGES.amount;
          throw new AppError('validation_failed', message, { amount: message });
        }
        if (amountMinor <= 0) {
          throw new AppError('validation_failed', PAYOUT_MESSAGES.amount, { amount: PAYOUT_MESSAGES.amount });
        }
        if (amountMinor > toMinorUnits(job.compensation, job.currency)) {
          throw new AppError('validation_failed', PAYOUT_MESSAGES.amountAboveCompensation, {
            amount: PAYOUT_MESSAGES.amountAboveCompensation,
          });
        }
        const { entry } = await book(
          tx,
          {
            kind: 'adjustment',
            currency: job.currency,
            orderId: job.orderId,
            memo: `${ADJUSTMENT_MEMO}${request.reason}`,
            idempotencyKey: `assignment:${assignmentId}:adjustment`,
            actorUserId: actor.userId,
            lines: [
              { account: 'adjustments', organizationId: null, amountMinor },
              { account: 'payable', organizationId: job.providerOrgId, amountMinor: -amountMinor },
            ],
          },
          now,
        );
        await recordAudit(tx, {
          entity: 'payout_adjustment',
          entityId: assignmentId,
          action: 'create',
          before: null,
          after: {
            orderId: job.orderId,
            providerOrgId: job.providerOrgId,
            currency: job.currency,
            amountMinor,
            reason: request.reason,
            ledgerEntryId: entry.id,
          },
          actorUserId: actor.userId,
        });
        const amount = fromMinorUnits(amountMinor, job.currency);
        await notifyScope(
          tx,
          { org: job.providerOrgId },
          {
            type: 'payout_sent',
            title: `Payable adjustment: ${job.orderTitle}`,
            body: `${formatMoney(amount, job.currency)} is now payable. ${request.reason}`,
            link: PORTAL_PATHS.provider.earnings,
          },
        );
        await enqueueEmails(
          tx,
          adjustmentEmails({
            recipients: await emailRecipientsOf(tx, { org: job.providerOrgId }, 'payout_sent'),
            amount,
            currency: job.currency,
            orderTitle: job.orderTitle,
            reason: request.reason,
            expectedBy: expectedPayDate(now),
            link: earningsLink,
          }),
        );
        return entry.id;
      });
      const [row] = (await payablesOfAssignments(db, [assignmentId])).filter((payable) => payable.entryId === entryId);
      if (!row) throw new AppError('not_found', PAYOUT_MESSAGES.jobNotFound);
      return payableView(row, clock());
    },

    /**
     * Tells admins about payables past their expected pay date, once per payable: the notice row
     * is claimed in the same transaction, so a second pass, or another instance, skips it.
     * Resolves with how many it announced.
     */
    async announceOverduePayables(limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const now = clock();
        const overdue = await unannouncedOverduePayables(tx, new Date(now.getTime() - PROMISE_MS), limit);
        const claimed = await claimOverdueNotices(
          tx,
          overdue.map((row) => row.entryId),
          now,
        );
        for (const row of overdue) {
          if (!claimed.has(row.entryId)) continue;
          const amount = formatMoney(fromMinorUnits(row.amountMinor, row.currency), row.currency);
          await notifyScope(
            tx,
            { roles: ADMIN_ROLES },
            {
              type: 'payable_overdue',
              title: `Payout overdue: ${row.providerName ?? 'a provider'}`,
              body: `${amount} for ${row.orderTitle ?? 'a job'} was expected by ${expectedPayDate(row.dueAt).toISOString().slice(0, 10)}.`,
              link: `${PORTAL_PATHS.admin.payouts}?status=overdue`,
            },
          );
        }
        return claimed.size;
      });
    },

    /**
     * The order's margin from its ledger entries: price (revenue) − refunds − compensation (and
     * adjustments) − fees, and whether its job can still be adjusted.
     */
    async orderMargin(orderId: string): Promise<TOrderMargin> {
      const found = await findOrder(db, orderId);
      if (!found) throw new AppError('not_found', 'Order not found.');
      const { order } = found;
      const sums = { revenue: 0, refunds: 0, compensation: 0, fees: 0, paidOut: 0 };
      for (const { entry, line } of await entriesOfOrder(db, orderId)) {
        if (entry.currency !== order.currency) continue;
        if (line.account === 'revenue') sums.revenue -= line.amountMinor;
        else if (line.account === 'refunds') sums.refunds += line.amountMinor;
        else if (line.account === 'compensation' || line.account === 'adjustments')
          sums.compensation += line.amountMinor;
        else if (line.account === 'fees') sums.fees += line.amountMinor;
        else if (entry.kind === 'payout' && line.account === 'payable') sums.paidOut += line.amountMinor;
      }
      const job = await acceptedAssignmentOf(db, orderId);
      const payable = job ? (await payablesOfAssignments(db, [job.id])).length > 0 : true;
      const adjustable =
        job && !payable && order.status === 'completed' && job.compensation && Number(job.compensation) > 0
          ? { assignmentId: job.id, maxAmount: Number(job.compensation) }
          : null;
      const amount = (minor: number) => fromMinorUnits(minor, order.currency);
      return {
        currency: order.currency,
        price: amount(sums.revenue),
        refunds: amount(sums.refunds),
        compensation: amount(sums.compensation),
        fees: amount(sums.fees),
        margin: amount(sums.revenue - sums.refunds - sums.compensation - sums.fees),
        paidOut: amount(sums.paidOut),
        adjustable,
      };
    },

    /** The provider organisation's Earnings: every job it holds, with totals per currency. */
    async earnings(actor: TActor, query: TEarningsQuery): Promise<TEarnings> {
      return earningsOf(providerOrgOf(actor), query);
    },

    async statementCsv(actor: TActor, query: TEarningsQuery) {
      const earnings = await earningsOf(providerOrgOf(actor), query);
      const lines = [
        csvRow([
          'Job',
          'Order id',
          'Status',
          'Currency',
          'Compensation',
          'Fee',
          'Net',
          'Payable since',
          'Expected by',
          'Paid on',
          'Reference',
        ]),
        ...earnings.items.map((item) =>
          csvRow([
            item.orderTitle,
            item.orderId,
            item.status,
            item.currency,
            item.compensation,
            item.fee,
            item.net,
            item.payableSince?.slice(0, 10),
            item.expectedBy?.slice(0, 10),
            item.paidAt?.slice(0, 10),
            item.reference,
          ]),
        ),
        '\r\n',
        csvRow(['Totals', 'Currency', 'Compensation', 'Fees', 'Paid', 'Payable', 'Pending approval']),
        ...earnings.totals.map((total) =>
          csvRow([
            'Total',
            total.currency,
            total.compensation,
            total.fees,
            total.paid,
            total.payable,
            total.pendingApproval,
          ]),
        ),
      ];
      return { fileName: statementName(query, 'csv'), body: lines.join('') };
    },

    async statementPdf(actor: TActor, query: TEarningsQuery) {
      const orgId = providerOrgOf(actor);
      const earnings = await earningsOf(orgId, query);
      const organisation = (await providerOrgName(db, orgId)) ?? 'Provider';
      const body = await renderStatementPdf({ organisation, earnings, generatedAt: clock() });
      return { fileName: statementName(query, 'pdf'), body };
    },
  };
}

export type TPayoutsService = ReturnType<typeof createPayoutsService>;
