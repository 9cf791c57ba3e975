import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TInvoiceLine, TInvoiceTaxLine, TRefundAllocation } from '@spacecapture/db/invoices-schema';
import { INVOICE_MESSAGES, periodLabel, type TRefundRequest } from '@spacecapture/shared/contracts/invoices';
import { AppError } from '@spacecapture/shared/errors';
import { toMinorUnits } from '@spacecapture/shared/money';
import {
  canTransition,
  INVOICE_MACHINE,
  type TInvoiceStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type Stripe from 'stripe';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { hashRequest } from '../idempotency/idempotency.ts';
import { book } from '../ledger/ledger-service.ts';
import { emailRecipientsOf } from '../notifications/notifications-service.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import type { TCardAdapter } from '../payments/card.ts';
import { creditNoteEmails, creditNoteFileName, renderCreditNotePdf } from './credit-note-document.ts';
import { moneyOf } from './invoice-document.ts';
import { customerInvoiceLink } from './invoice-emails.ts';
import {
  allocateInvoiceNumber,
  CREDIT_NOTE_SERIES,
  creditNotesOf,
  findCardPaymentByReference,
  findCreditNote,
  findCreditNoteByRequest,
  findInvoiceWithNames,
  insertCreditNote,
  invoicesOfOrder,
  lockInvoice,
  paymentsOf,
  type TCreditNoteRow,
  type TInvoicePaymentRow,
  type TInvoiceRow,
  updateCreditNote,
  updateInvoice,
} from './invoices-repository.ts';

/**
 * Refunds and their credit notes (decision 215). An admin gives back part or all of what was paid
 * on an invoice, with a reason; the money goes back the way it came (card payments through Stripe,
 * bank transfers by hand), a credit note with its own gapless number is issued, the ledger books the
 * refund (and, when the admin chooses, reverses the provider's unpaid share), and the customer is
 * e-mailed the credit note's PDF. A refund made in Stripe's dashboard arrives as `charge.refunded`
 * and is booked the same way, once, never on top of one the platform made itself.
 *
 * A card refund is a network call, and no network call runs inside a transaction: the note is
 * written `pending` first (it counts against what is refundable from then on, and a webhook that
 * races it sees it), Stripe is asked with an idempotency key of the note's, and the note is issued
 * in a second transaction. A retry of the admin's request with the same Idempotency-Key resumes a
 * note left pending.
 */

/**
 * What the refunds need of the payouts module (decisions 215, 243): reversing the provider's share
 * of an order. `plan` (in the refund's first transaction) writes what a note takes back of each
 * payable, or refuses with a 409; `send` asks Stripe for the transfer reversals of shares a Stripe
 * transfer paid (outside any transaction); `book` books them as the note is issued; `release`
 * gives them up when the note fails.
 */
export type TProviderShares = {
  plan(
    tx: TExecutor,
    input: { creditNoteId: string; orderId: string; currency: string; subtotalMinor: number; invoicedMinor: number },
  ): Promise<{ throughStripe: boolean }>;
  send(creditNoteId: string): Promise<{ unanswered: string | null }>;
  book(
    tx: TExecutor,
    creditNoteId: string,
    number: string,
    actorUserId: string | null,
  ): Promise<{ reversedMinor: number; refused: string[] }>;
  release(tx: TExecutor, creditNoteId: string): Promise<void>;
};

/** What the credited invoice is about: its order's title, or a monthly invoice's month. */
function titleOf(orderTitle: string | null, invoice: Pick<TInvoiceRow, 'period'>) {
  return orderTitle ?? (invoice.period ? `Monthly invoice, ${periodLabel(invoice.period)}` : '');
}

/** Notes that hold money back from being refunded again: the issued ones and those under way. */
function counts(note: TCreditNoteRow) {
  return note.status === 'pending' || note.status === 'issued';
}

/** Paid, less what credit notes gave back or are giving back. */
function refundableOf(invoice: TInvoiceRow, notes: readonly TCreditNoteRow[]) {
  const held = notes.filter(counts).reduce((sum, note) => sum + note.totalMinor, 0);
  return Math.max(0, invoice.paidMinor - held);
}

export function refundableMinorOf(invoice: TInvoiceRow, notes: readonly TCreditNoteRow[]) {
  return invoice.status === 'void' ? 0 : refundableOf(invoice, notes);
}

/** How much of one payment refunds have taken already. */
function refundedOfPayment(paymentId: string, notes: readonly TCreditNoteRow[]) {
  return notes
    .filter(counts)
    .flatMap((note) => note.allocations)
    .filter((part) => part.paymentId === paymentId)
    .reduce((sum, part) => sum + part.amountMinor, 0);
}

/**
 * Splits a refund over the payments it goes back to: card payments first (Stripe returns the money
 * by itself), then bank transfers (an admin sends them back by hand), each up to what is left of it.
 */
function allocate(
  amountMinor: number,
  payments: readonly TInvoicePaymentRow[],
  notes: readonly TCreditNoteRow[],
): TRefundAllocation[] {
  const ordered = [
    ...payments.filter((payment) => payment.method === 'card'),
    ...payments.filter((payment) => payment.method !== 'card'),
  ];
  const parts: TRefundAllocation[] = [];
  let left = amountMinor;
  for (const payment of ordered) {
    if (left === 0) break;
    const take = Math.min(left, payment.amountMinor - refundedOfPayment(payment.id, notes));
    if (take <= 0) continue;
    parts.push({
      paymentId: payment.id,
      method: payment.method as TRefundAllocation['method'],
      amountMinor: take,
      processorRefundId: null,
    });
    left -= take;
  }
  if (left !== 0) throw new Error('A refund was allocated beyond what its payments hold.');
  return parts;
}

/**
 * What a credit note of `amountMinor` (tax included) credits: the invoice's own lines when it
 * credits the whole invoice, else one line; tax in the invoice's proportion, rounded half up.
 */
export function creditAmounts(invoice: TInvoiceRow, amountMinor: number) {
  if (amountMinor === invoice.totalMinor) {
    return {
      lines: invoice.lines,
      taxLines: invoice.taxLines,
      subtotalMinor: invoice.subtotalMinor,
      taxMinor: invoice.taxMinor,
      totalMinor: invoice.totalMinor,
    };
  }
  const share = (minor: number) => Math.round((minor * amountMinor) / invoice.totalMinor);
  const taxLines: TInvoiceTaxLine[] = invoice.taxLines.map((line) => ({
    ...line,
    baseMinor: share(line.baseMinor),
    amountMinor: share(line.amountMinor),
  }));
  const taxMinor = taxLines.reduce((sum, line) => sum + line.amountMinor, 0);
  const subtotalMinor = amountMinor - taxMinor;
  const lines: TInvoiceLine[] = [{ label: `Partial refund of invoice ${invoice.number}`, amountMinor: subtotalMinor }];
  return { lines, taxLines, subtotalMinor, taxMinor, totalMinor: amountMinor };
}

function moveRefunded(invoice: TInvoiceRow, refundedMinor: number): TInvoiceStatus | null {
  const from = invoice.status as TInvoiceStatus;
  if (from !== 'paid' && from !== 'partly_refunded') return null;
  const to: TInvoiceStatus = refundedMinor >= invoice.paidMinor ? 'refunded' : 'partly_refunded';
  if (to === from) return null;
  if (!canTransition(INVOICE_MACHINE, from, to)) {
    throw new AppError('conflict', transitionRefusal(INVOICE_MACHINE, from, to));
  }
  return to;
}

/** The charge a `charge.refunded` event is about: who Stripe says paid, and how much it has refunded in all. */
function refundedCharge(event: Stripe.Event) {
  if (event.type !== 'charge.refunded') return null;
  const charge = event.data.object;
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  return {
    chargeId: charge.id,
    references: [intent, charge.id].filter((value): value is string => typeof value === 'string'),
    amountRefundedMinor: charge.amount_refunded,
    currency: charge.currency.toUpperCase(),
  };
}

export function createRefunds(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  publicUrl: string;
  card: TCardAdapter | null;
  providerShares: TProviderShares | null;
}) {
  const { db, clock, companyEmail, publicUrl, card, providerShares } = deps;

  /**
   * Plans the reversal of the provider's share of a note (the payouts module's, decision 243): the
   * order's compensation in the proportion the note's subtotal bears to what the order was invoiced
   * (void invoices aside). Refused (409) when nothing is payable yet or the share was paid by bank
   * transfer. Resolves with whether part of it goes back through a Stripe transfer reversal.
   */
  async function planShare(tx: TExecutor, note: TCreditNoteRow) {
    // A monthly invoice bills several orders: a refund of part of it names no one order, so no
    // provider's share can be told apart to reverse (decision 242).
    if (!note.orderId) throw new AppError('conflict', INVOICE_MESSAGES.monthlyNoShareReversal);
    if (!providerShares) throw new AppError('conflict', INVOICE_MESSAGES.shareNotPayable);
    const invoiced = (await invoicesOfOrder(tx, note.orderId))
      .filter((invoice) => invoice.status !== 'void')
      .reduce((sum, invoice) => sum + invoice.subtotalMinor, 0);
    return providerShares.plan(tx, {
      creditNoteId: note.id,
      orderId: note.orderId,
      currency: note.currency,
      subtotalMinor: note.subtotalMinor,
      invoicedMinor: invoiced,
    });
  }

  /**
   * Issues a pending note on its locked invoice: its number, the ledger's refund (refunds and tax
   * back from cash), the provider's share when chosen, the invoice's refunded amount and status,
   * audit entries, and the e-mail with the PDF.
   */
  async function issue(
    tx: TExecutor,
    invoice: TInvoiceRow,
    pending: TCreditNoteRow,
    allocations: readonly TRefundAllocation[],
    actorUserId: string | null,
  ) {
    const now = clock();
    const { sequence, number } = await allocateInvoiceNumber(tx, CREDIT_NOTE_SERIES);
    await book(
      tx,
      {
        kind: 'refund',
        currency: pending.currency,
        orderId: pending.orderId,
        memo: `Credit note ${number} for invoice ${invoice.number}: ${pending.reason}`,
        idempotencyKey: `credit-note:${pending.id}`,
        actorUserId,
        lines: [
          { account: 'refunds' as const, organizationId: null, amountMinor: pending.subtotalMinor },
          { account: 'tax' as const, organizationId: null, amountMinor: pending.taxMinor },
          { account: 'cash' as const, organizationId: null, amountMinor: -pending.totalMinor },
        ].filter((line) => line.amountMinor !== 0),
      },
      now,
    );
    const shares =
      pending.reverseProviderShare && providerShares
        ? await providerShares.book(tx, pending.id, number, actorUserId)
        : { reversedMinor: 0, refused: [] };
    const note = await updateCreditNote(tx, pending.id, {
      status: 'issued',
      sequence,
      number,
      issuedAt: now,
      allocations: [...allocations],
      providerShareMinor: shares.reversedMinor,
      // Stripe refused to take the share back: the customer is refunded, the provider keeps it.
      ...(shares.refused.length > 0 ? { failure: INVOICE_MESSAGES.shareNotReversed(shares.refused.join(' ')) } : {}),
    });
    await recordAudit(tx, {
      entity: 'credit_note',
      entityId: note.id,
      action: 'issue',
      before: pending,
      after: note,
      actorUserId,
    });
    const refundedMinor = invoice.refundedMinor + note.totalMinor;
    const status = moveRefunded(invoice, refundedMinor);
    const updated = await updateInvoice(tx, invoice.id, { refundedMinor, ...(status ? { status } : {}) });
    await recordAudit(tx, {
      entity: 'invoice',
      entityId: invoice.id,
      action: 'refund',
      before: invoice,
      after: { ...updated, creditNote: { id: note.id, number, totalMinor: note.totalMinor } },
      actorUserId,
    });
    const orderTitle = titleOf((await findInvoiceWithNames(tx, invoice.id))?.orderTitle ?? null, invoice);
    const issued = { ...note, number };
    const attachment = {
      filename: creditNoteFileName(issued),
      contentType: 'application/pdf',
      contentBase64: (await renderCreditNotePdf(issued, invoice, orderTitle)).toString('base64'),
    };
    const members = await emailRecipientsOf(tx, { org: invoice.customerOrgId }, 'quote_sent');
    const common = { note: issued, invoice, orderTitle, attachment };
    await enqueueEmails(tx, [
      ...creditNoteEmails({
        ...common,
        recipients: members,
        link: customerInvoiceLink(publicUrl, invoice),
      }),
      ...creditNoteEmails({ ...common, recipients: [companyEmail], link: `${publicUrl}/admin/invoices` }),
    ]);
    return note;
  }

  /** A refund the processor refused: the note is failed, never numbered, and holds nothing back. */
  async function fail(note: TCreditNoteRow, why: string, actorUserId: string | null) {
    await db.transaction(async (tx) => {
      await lockInvoice(tx, note.invoiceId);
      const current = await findCreditNote(tx, note.id);
      if (current?.status !== 'pending') return;
      const failed = await updateCreditNote(tx, note.id, { status: 'failed', failure: why });
      await providerShares?.release(tx, note.id);
      await recordAudit(tx, {
        entity: 'credit_note',
        entityId: note.id,
        action: 'fail',
        before: current,
        after: failed,
        actorUserId,
      });
    });
  }

  /** Makes a pending note's card refunds at Stripe (idempotent per note and payment), then issues it. */
  async function complete(pending: TCreditNoteRow, actorUserId: string | null) {
    const payments = new Map((await paymentsOf(db, [pending.invoiceId])).map((payment) => [payment.id, payment]));
    const allocations = pending.allocations.map((part) => ({ ...part }));
    for (const part of allocations) {
      if (part.method !== 'card' || part.processorRefundId) continue;
      const reference = payments.get(part.paymentId)?.reference;
      if (!card || !reference) {
        await fail(pending, INVOICE_MESSAGES.cardUnavailable, actorUserId);
        throw new AppError('conflict', INVOICE_MESSAGES.refundFailed(INVOICE_MESSAGES.cardUnavailable));
      }
      try {
        const made = await card.refund({
          paymentReference: reference,
          amountMinor: part.amountMinor,
          idempotencyKey: `credit-note:${pending.id}:${part.paymentId}`,
        });
        part.processorRefundId = made.id;
      } catch (error) {
        if (error instanceof AppError) {
          await fail(pending, error.message, actorUserId);
          throw new AppError('validation_failed', INVOICE_MESSAGES.refundFailed(error.message));
        }
        // Stripe could not be reached: the note stays pending, and the same request resumes it.
        throw new AppError('unavailable', INVOICE_MESSAGES.refundInProgress);
      }
    }
    // The customer's money first; then the provider's share back from the transfers that paid it.
    if (pending.reverseProviderShare && providerShares) {
      const { unanswered } = await providerShares.send(pending.id);
      if (unanswered) throw new AppError('unavailable', INVOICE_MESSAGES.refundInProgress);
    }
    return db.transaction(async (tx) => {
      const invoice = (await lockInvoice(tx, pending.invoiceId))!;
      const current = (await findCreditNote(tx, pending.id))!;
      if (current.status !== 'pending') return current;
      return issue(tx, invoice, current, allocations, actorUserId);
    });
  }

  return {
    /**
     * An admin's refund (decision 215). Refused, with nothing booked: an invoice not found (404), a
     * void invoice or one nothing was paid on (409), an amount not above zero or above what was paid
     * less refunds (400), a reversal of a provider share that is not payable or was paid out (409),
     * no Idempotency-Key (400), a key used for another refund (409). The same request again returns
     * the same credit note and books nothing more.
     */
    async refund(invoiceId: string, request: TRefundRequest, actor: TActor, idempotencyKey: string | undefined) {
      if (!idempotencyKey) throw new AppError('bad_request', INVOICE_MESSAGES.refundKeyRequired);
      const requestHash = hashRequest(request);
      const started = await db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        if (!invoice) throw new AppError('not_found', 'Invoice not found.');
        const earlier = await findCreditNoteByRequest(tx, invoiceId, `admin:${idempotencyKey}`);
        if (earlier) {
          if (earlier.requestHash !== requestHash) throw new AppError('conflict', INVOICE_MESSAGES.refundKeyReused);
          return earlier;
        }
        if (invoice.status === 'void') {
          throw new AppError('conflict', INVOICE_MESSAGES.refundNotRefundable(invoice.status));
        }
        if (invoice.paidMinor === 0) throw new AppError('conflict', INVOICE_MESSAGES.refundNothingPaid);
        let amountMinor: number;
        try {
          amountMinor = toMinorUnits(request.amount, invoice.currency);
        } catch {
          throw new AppError('validation_failed', INVOICE_MESSAGES.amountFormat, {
            amount: INVOICE_MESSAGES.amountFormat,
          });
        }
        if (amountMinor <= 0) {
          throw new AppError('validation_failed', INVOICE_MESSAGES.amountPositive, {
            amount: INVOICE_MESSAGES.amountPositive,
          });
        }
        const notes = await creditNotesOf(tx, [invoiceId]);
        const refundable = refundableOf(invoice, notes);
        if (amountMinor > refundable) {
          const message = INVOICE_MESSAGES.refundAboveRefundable(moneyOf(refundable, invoice.currency));
          throw new AppError('validation_failed', message, { amount: message });
        }
        const allocations = allocate(amountMinor, await paymentsOf(tx, [invoiceId]), notes);
        const note = await insertCreditNote(tx, {
          invoiceId,
          orderId: invoice.orderId,
          customerOrgId: invoice.customerOrgId,
          currency: invoice.currency,
          status: 'pending',
          source: 'admin',
          requestKey: `admin:${idempotencyKey}`,
          requestHash,
          reason: request.reason,
          reverseProviderShare: request.reverseProviderShare,
          allocations,
          seller: invoice.seller,
          buyer: invoice.buyer,
          ...creditAmounts(invoice, amountMinor),
          actorUserId: actor.userId,
          createdAt: clock(),
        });
        await recordAudit(tx, {
          entity: 'credit_note',
          entityId: note.id,
          action: 'request',
          before: null,
          after: note,
          actorUserId: actor.userId,
        });
        const share = request.reverseProviderShare ? await planShare(tx, note) : { throughStripe: false };
        // Nothing to ask a processor: issued in the same transaction.
        if (allocations.every((part) => part.method !== 'card') && !share.throughStripe) {
          return issue(tx, invoice, note, allocations, actor.userId);
        }
        return note;
      });
      if (started.status === 'issued') return started;
      if (started.status === 'failed') {
        throw new AppError('conflict', INVOICE_MESSAGES.refundFailed(started.failure ?? ''));
      }
      return complete(started, actor.userId);
    },

    /**
     * Stripe's `charge.refunded` (a refund made in Stripe's dashboard, or the echo of ours): books
     * what Stripe has refunded on the charge beyond what credit notes already give back on that
     * payment, issued or under way, as a credit note of its own. A replay finds its note by the
     * charge and the amount refunded in all, and books nothing.
     */
    async fromStripe(event: Stripe.Event): Promise<{ booked: boolean } | null> {
      const charge = refundedCharge(event);
      if (!charge) return null;
      let payment: TInvoicePaymentRow | undefined;
      for (const reference of charge.references) {
        payment ??= await findCardPaymentByReference(db, reference);
      }
      if (!payment) return { booked: false };
      const paymentId = payment.id;
      return db.transaction(async (tx) => {
        const invoice = (await lockInvoice(tx, payment.invoiceId))!;
        const requestKey = `stripe:${charge.chargeId}:${charge.amountRefundedMinor}`;
        if (await findCreditNoteByRequest(tx, invoice.id, requestKey)) return { booked: false };
        const notes = await creditNotesOf(tx, [invoice.id]);
        const missing = charge.amountRefundedMinor - refundedOfPayment(paymentId, notes);
        if (missing <= 0) return { booked: false };
        if (charge.currency !== invoice.currency) {
          throw new AppError('validation_failed', INVOICE_MESSAGES.currencyMismatch(invoice.currency, charge.currency));
        }
        const refundable = refundableOf(invoice, notes);
        if (missing > refundable) {
          throw new AppError('conflict', INVOICE_MESSAGES.refundAboveRefundable(moneyOf(refundable, invoice.currency)));
        }
        const allocations: TRefundAllocation[] = [
          { paymentId, method: 'card', amountMinor: missing, processorRefundId: null },
        ];
        const note = await insertCreditNote(tx, {
          invoiceId: invoice.id,
          orderId: invoice.orderId,
          customerOrgId: invoice.customerOrgId,
          currency: invoice.currency,
          status: 'pending',
          source: 'stripe',
          requestKey,
          requestHash: hashRequest({ chargeId: charge.chargeId, amountRefunded: charge.amountRefundedMinor }),
          reason: `Refunded in Stripe (charge ${charge.chargeId})`,
          reverseProviderShare: false,
          allocations,
          seller: invoice.seller,
          buyer: invoice.buyer,
          ...creditAmounts(invoice, missing),
          actorUserId: null,
          createdAt: clock(),
        });
        await recordAudit(tx, {
          entity: 'credit_note',
          entityId: note.id,
          action: 'request',
          before: null,
          after: note,
          actorUserId: null,
        });
        await issue(tx, invoice, note, allocations, null);
        return { booked: true };
      });
    },

    /** An issued credit note's PDF, for an admin or the customer organisation it was issued to. */
    async pdf(id: string, scope: { customerOrgId?: string }) {
      const note = await findCreditNote(db, id);
      if (!note?.number || (scope.customerOrgId && note.customerOrgId !== scope.customerOrgId)) {
        throw new AppError('not_found', 'Credit note not found.');
      }
      const row = (await findInvoiceWithNames(db, note.invoiceId))!;
      const issued = { ...note, number: note.number };
      return {
        fileName: creditNoteFileName(issued),
        body: await renderCreditNotePdf(issued, row.invoice, titleOf(row.orderTitle, row.invoice)),
      };
    },
  };
}
