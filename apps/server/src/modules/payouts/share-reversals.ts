import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import { INVOICE_MESSAGES } from '@spacecapture/shared/contracts/invoices';
import { AppError } from '@spacecapture/shared/errors';
import { formatMoney } from '@spacecapture/shared/format';
import { fromMinorUnits } from '@spacecapture/shared/money';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type Stripe from 'stripe';
import { recordAudit } from '../audit/audit-repository.ts';
import { book } from '../ledger/ledger-service.ts';
import { notifyScope } from '../notifications/notifications-service.ts';
import {
  compensationPayablesOfOrder,
  findPayout,
  findStripePayout,
  insertShareReversals,
  lockPayables,
  lockPayout,
  payablesOfPayout,
  shareReversalsOfNote,
  shareReversalsOfPayout,
  type TShareReversalInsert,
  type TShareReversalRow,
  updateShareReversals,
} from './payouts-repository.ts';
import type { TStripeConnect } from './stripe-connect.ts';

/**
 * Reversing a provider's share (decisions 215, 243). A refund that reverses the provider's share
 * takes it from each compensation payable of the order in proportion: from what is still owed (the
 * payable is owed that much less), or, when a Stripe transfer paid it, back from the provider's
 * connected account by a transfer reversal. A share paid by recorded bank transfer cannot be taken
 * back here (409).
 *
 * The reversal is planned in the refund's first transaction, under the payables' locks (a payout
 * run takes the same, so neither acts on an amount the other is changing), and written `pending`:
 * from then on a payout run leaves the payable alone. Stripe is asked outside any transaction, with
 * the idempotency key `credit-note:<note>:payout:<payout>`, and the reversal is booked when the
 * credit note is issued. A reversal made in Stripe's dashboard arrives as `transfer.reversed` and
 * is booked the same way, once.
 *
 * The ledger: a reversal is booked against the payable (`payable:<entry>:reversal:…`, kind
 * `refund`: payable debit for the provider, compensation credit), so the payable nets it. When the
 * share had been paid, the money that came back is booked as well (kind `payout`, cash debit,
 * payable credit): the provider owes nothing afterwards, and no receivable from the provider is
 * ever left to collect.
 */
export type TSharePlanInput = {
  creditNoteId: string;
  orderId: string;
  currency: string;
  /** The note's subtotal, and what the order was invoiced before tax (void invoices aside). */
  subtotalMinor: number;
  invoicedMinor: number;
};

export function createShareReversals(deps: { db: TDatabase; clock: () => Date; connect: TStripeConnect | null }) {
  const { db, clock, connect } = deps;

  /** Books one reversal row: against its payable, and, when a transfer had paid it, the money back. */
  async function bookRow(
    tx: TExecutor,
    row: TShareReversalRow,
    memo: string,
    reversalKey: string,
    actorUserId: string | null,
  ) {
    const now = clock();
    const entries: string[] = [];
    const { entry } = await book(
      tx,
      {
        kind: 'refund',
        currency: row.currency,
        orderId: row.orderId,
        memo,
        idempotencyKey: `payable:${row.payableEntryId}:reversal:${reversalKey}`,
        actorUserId,
        lines: [
          { account: 'payable', organizationId: row.providerOrgId, amountMinor: row.amountMinor },
          { account: 'compensation', organizationId: null, amountMinor: -row.amountMinor },
        ],
      },
      now,
    );
    entries.push(entry.id);
    if (row.payoutId) {
      const returned = await book(
        tx,
        {
          kind: 'payout',
          currency: row.currency,
          orderId: row.orderId,
          memo: `Stripe transfer reversal ${row.stripeReversalId ?? ''}: ${memo}`,
          idempotencyKey: `share-reversal:${row.id}:returned`,
          actorUserId,
          lines: [
            { account: 'cash', organizationId: null, amountMinor: row.amountMinor },
            { account: 'payable', organizationId: row.providerOrgId, amountMinor: -row.amountMinor },
          ],
        },
        now,
      );
      entries.push(returned.entry.id);
    }
    await updateShareReversals(tx, [row.id], { status: 'booked', ledgerEntryIds: entries, bookedAt: now });
    return row.amountMinor;
  }

  /** Audits and tells the provider what a Stripe transfer reversal took back of a payout. */
  async function tellReversed(
    tx: TExecutor,
    rows: readonly TShareReversalRow[],
    why: string,
    actorUserId: string | null,
  ) {
    const byPayout = new Map<string, TShareReversalRow[]>();
    for (const row of rows) {
      if (row.payoutId) byPayout.set(row.payoutId, [...(byPayout.get(row.payoutId) ?? []), row]);
    }
    for (const [payoutId, parts] of byPayout) {
      const first = parts[0]!;
      const amountMinor = parts.reduce((sum, part) => sum + part.amountMinor, 0);
      await recordAudit(tx, {
        entity: 'payout',
        entityId: payoutId,
        action: 'reverse',
        before: null,
        after: {
          source: first.source,
          creditNoteId: first.creditNoteId,
          stripeReversalId: first.stripeReversalId,
          currency: first.currency,
          amountMinor,
          payables: parts.map((part) => ({ payableEntryId: part.payableEntryId, amountMinor: part.amountMinor })),
        },
        actorUserId,
      });
      const amount = formatMoney(fromMinorUnits(amountMinor, first.currency), first.currency);
      await notifyScope(
        tx,
        { org: first.providerOrgId },
        {
          type: 'payout_sent',
          title: `Payout reversed: ${amount}`,
          body: `${amount} of a Stripe transfer was taken back: ${why}`,
          link: PORTAL_PATHS.provider.earnings,
        },
      );
    }
  }

  return {
    /**
     * Plans a note's reversal of the provider's share under the payables' locks and writes it
     * pending. Refused (409): nothing payable yet; a share paid by bank transfer; a Stripe transfer
     * of it still being sent; a share paid by Stripe while Stripe is not set up. Resolves with
     * whether any part goes back through Stripe (the note is then issued after Stripe answers).
     */
    async plan(tx: TExecutor, input: TSharePlanInput): Promise<{ throughStripe: boolean }> {
      const seen = await compensationPayablesOfOrder(tx, input.orderId);
      if (seen.length === 0) throw new AppError('conflict', INVOICE_MESSAGES.shareNotPayable);
      await lockPayables(
        tx,
        seen.map((payable) => payable.entryId),
      );
      // Read again under the locks: a payout run that committed meanwhile is seen now.
      const payables = await compensationPayablesOfOrder(tx, input.orderId);
      if (input.invoicedMinor <= 0 || input.subtotalMinor <= 0) return { throughStripe: false };
      const rows: TShareReversalInsert[] = [];
      for (const payable of payables) {
        if (payable.currency !== input.currency) continue;
        if (payable.payoutId && payable.payoutStatus !== 'paid') {
          throw new AppError('conflict', INVOICE_MESSAGES.shareTransferPending);
        }
        if (payable.payoutId && payable.payoutMethod !== 'stripe_transfer') {
          throw new AppError('conflict', INVOICE_MESSAGES.sharePaidOut);
        }
        if (payable.payoutId && !connect) throw new AppError('conflict', INVOICE_MESSAGES.shareStripeUnavailable);
        const share = Math.min(
          payable.leftMinor,
          Math.round((payable.bookedMinor * input.subtotalMinor) / input.invoicedMinor),
        );
        if (share <= 0) continue;
        rows.push({
          requestKey: `credit-note:${input.creditNoteId}:${payable.entryId}`,
          source: 'refund',
          creditNoteId: input.creditNoteId,
          payableEntryId: payable.entryId,
          providerOrgId: payable.providerOrgId,
          orderId: payable.orderId,
          payoutId: payable.payoutId,
          currency: payable.currency,
          amountMinor: share,
          status: 'pending',
          createdAt: clock(),
        });
      }
      await insertShareReversals(tx, rows);
      return { throughStripe: rows.some((row) => row.payoutId) };
    },

    /**
     * Asks Stripe to reverse the note's parts that a transfer paid, one reversal per payout, outside
     * any transaction. A refusal marks those parts failed (the note is issued without them); no
     * answer leaves them pending and resolves with the reason, for the same request to resume.
     */
    async send(creditNoteId: string): Promise<{ unanswered: string | null }> {
      const waiting = (await shareReversalsOfNote(db, creditNoteId)).filter(
        (row) => row.status === 'pending' && row.payoutId && !row.stripeReversalId,
      );
      const byPayout = new Map<string, TShareReversalRow[]>();
      for (const row of waiting) byPayout.set(row.payoutId!, [...(byPayout.get(row.payoutId!) ?? []), row]);
      let unanswered: string | null = null;
      for (const [payoutId, rows] of byPayout) {
        const ids = rows.map((row) => row.id);
        const payout = await findPayout(db, payoutId);
        if (!connect || !payout?.reference) {
          await updateShareReversals(db, ids, {
            status: 'failed',
            failureReason: INVOICE_MESSAGES.shareStripeUnavailable,
          });
          continue;
        }
        const outcome = await connect.reverseTransfer({
          transferId: payout.reference,
          amountMinor: rows.reduce((sum, row) => sum + row.amountMinor, 0),
          idempotencyKey: `credit-note:${creditNoteId}:payout:${payoutId}`,
          metadata: { creditNoteId, payoutId },
          description: 'Provider share reversed by a refund',
        });
        if (outcome.outcome === 'sent') {
          await updateShareReversals(db, ids, { stripeReversalId: outcome.reversalId });
        } else if (outcome.outcome === 'refused') {
          await updateShareReversals(db, ids, { status: 'failed', failureReason: outcome.reason });
        } else {
          unanswered = outcome.reason;
        }
      }
      return { unanswered };
    },

    /**
     * Books a note's pending reversals as it is issued, in its transaction; resolves with what was
     * reversed and why any part was not (Stripe's refusal).
     */
    async book(tx: TExecutor, creditNoteId: string, number: string, actorUserId: string | null) {
      const rows = await shareReversalsOfNote(tx, creditNoteId);
      const pending = rows.filter((row) => row.status === 'pending');
      await lockPayables(
        tx,
        pending.map((row) => row.payableEntryId),
      );
      let reversedMinor = 0;
      const booked: TShareReversalRow[] = [];
      for (const row of pending) {
        if (row.payoutId && !row.stripeReversalId)
          throw new Error('A transfer reversal was booked before Stripe made it.');
        reversedMinor += await bookRow(
          tx,
          row,
          `Provider's share reversed by credit note ${number}`,
          creditNoteId,
          actorUserId,
        );
        booked.push(row);
      }
      await tellReversed(tx, booked, `refund ${number}.`, actorUserId);
      const refused = [
        ...new Set(rows.flatMap((row) => (row.status === 'failed' && row.failureReason ? [row.failureReason] : []))),
      ];
      return { reversedMinor, refused };
    },

    /** The note failed: what it would have reversed is released, so a payout run pays it again. */
    async release(tx: TExecutor, creditNoteId: string) {
      const pending = (await shareReversalsOfNote(tx, creditNoteId)).filter((row) => row.status === 'pending');
      await updateShareReversals(
        tx,
        pending.map((row) => row.id),
        { status: 'failed', failureReason: 'The refund was not made.' },
      );
    },

    /**
     * `transfer.reversed` (or `transfer.updated`) of a payout's transfer: what Stripe has reversed of
     * it in all (`amount_reversed`), less what the platform booked or is reversing of it, is booked
     * as a reversal from Stripe's dashboard, over the payout's jobs in order. Keyed by the transfer
     * and its amount reversed, so a replay, or the same state told again, books nothing; the echo of
     * a refund's own reversal finds it counted. A transfer no payout made is acknowledged; one whose
     * payout is still being recorded is a 503, for Stripe to send again.
     */
    async fromStripeTransfer(transfer: Stripe.Transfer): Promise<{ booked: boolean }> {
      const payout = await findStripePayout(db, transfer.id, transfer.metadata?.payoutId);
      if (!payout) return { booked: false };
      if (payout.status === 'pending') {
        throw new AppError(
          'unavailable',
          'This transfer is still being recorded; it will be booked on the next delivery.',
        );
      }
      if (payout.status !== 'paid') return { booked: false };
      return db.transaction(async (tx) => {
        await lockPayout(tx, payout.id);
        const payables = await payablesOfPayout(tx, payout.id);
        await lockPayables(
          tx,
          payables.map((payable) => payable.entryId),
        );
        const counted = await shareReversalsOfPayout(tx, payout.id);
        let missing = transfer.amount_reversed - counted.reduce((sum, row) => sum + row.amountMinor, 0);
        if (missing <= 0) return { booked: false };
        const latest = transfer.reversals?.data?.[0]?.id ?? null;
        const rows: TShareReversalInsert[] = [];
        for (const payable of payables) {
          if (missing <= 0) break;
          const taken = counted
            .filter((row) => row.payableEntryId === payable.entryId)
            .reduce((sum, row) => sum + row.amountMinor, 0);
          const part = Math.min(missing, (payable.claimedMinor ?? payable.amountMinor) - taken);
          if (part <= 0) continue;
          rows.push({
            requestKey: `stripe:${transfer.id}:${transfer.amount_reversed}:${payable.entryId}`,
            source: 'stripe',
            creditNoteId: null,
            payableEntryId: payable.entryId,
            providerOrgId: payable.providerOrgId,
            orderId: payable.orderId,
            payoutId: payout.id,
            currency: payout.currency,
            amountMinor: part,
            status: 'pending',
            stripeReversalId: latest,
            createdAt: clock(),
          });
          missing -= part;
        }
        const inserted = await insertShareReversals(tx, rows);
        for (const row of inserted) {
          await bookRow(tx, row, `Transfer ${transfer.id} reversed in Stripe`, `stripe:${row.id}`, null);
        }
        await tellReversed(tx, inserted, `reversed in Stripe (transfer ${transfer.id}).`, null);
        return { booked: inserted.length > 0 };
      });
    },
  };
}

export type TShareReversals = ReturnType<typeof createShareReversals>;
