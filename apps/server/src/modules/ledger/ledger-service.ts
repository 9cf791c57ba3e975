import type { TExecutor } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import { toMinorUnits } from '@spacecapture/shared/money';
import { recordAudit } from '../audit/audit-repository.ts';
import { balancesOf, entriesOfOrder, findEntryByKey, insertLedgerEntry } from './ledger-repository.ts';

/**
 * Booking into the ledger (decision 208). Every booking runs inside the transaction of the change
 * that causes it (a quote's acceptance, an approval), is audited there, and is refused unless its
 * lines balance; the database checks the same again at commit. A booking with an idempotency key
 * that was booked before is not booked again: the first entry is returned.
 */

export const LEDGER_KINDS = [
  'customer_charge',
  'provider_compensation',
  'payment',
  'payout',
  'refund',
  'adjustment',
] as const;
export type TLedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Accounts by kind, each held by an organisation (organizationId) or by the platform (null):
 * receivable (a customer owes), payable (owed to a provider), revenue and compensation (the
 * platform's income and cost of sales), cash (what the platform holds), refunds, adjustments, and
 * tax (what an invoice charged on behalf of a tax authority, owed on by the platform).
 */
export type TLedgerAccount =
  | 'receivable'
  | 'payable'
  | 'revenue'
  | 'compensation'
  | 'cash'
  | 'refunds'
  | 'adjustments'
  | 'tax';

export type TLedgerLine = { account: TLedgerAccount; organizationId: string | null; amountMinor: number };

export type TBooking = {
  kind: TLedgerKind;
  currency: string;
  orderId: string | null;
  memo: string;
  idempotencyKey: string | null;
  actorUserId: string | null;
  lines: readonly TLedgerLine[];
};

/** Why a booking cannot be made, or null: two lines or more, whole non-zero amounts summing to zero. */
export function bookingProblem(booking: Pick<TBooking, 'currency' | 'lines'>): string | null {
  if (!/^[A-Z]{3}$/.test(booking.currency)) return `Not an ISO 4217 currency: ${booking.currency}.`;
  if (booking.lines.length < 2) return 'A ledger entry needs at least two lines.';
  if (booking.lines.some((line) => !Number.isSafeInteger(line.amountMinor) || line.amountMinor === 0)) {
    return 'Ledger amounts are whole, non-zero minor units.';
  }
  const total = booking.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  return total === 0 ? null : `The entry does not balance: its lines sum to ${total}.`;
}

export async function book(tx: TExecutor, booking: TBooking, now: Date) {
  const problem = bookingProblem(booking);
  if (problem) throw new AppError('validation_failed', problem);
  if (booking.idempotencyKey) {
    const earlier = await findEntryByKey(tx, booking.idempotencyKey);
    if (earlier) return { entry: earlier, booked: false };
  }
  const { lines, ...entry } = booking;
  const stored = await insertLedgerEntry(tx, { ...entry, createdAt: now }, lines);
  await recordAudit(tx, {
    entity: 'ledger_entry',
    entityId: stored.entry.id,
    action: 'book',
    before: null,
    after: {
      ...stored.entry,
      lines: stored.lines.map(({ account, organizationId, amountMinor }) => ({ account, organizationId, amountMinor })),
    },
    actorUserId: booking.actorUserId,
  });
  return { entry: stored.entry, booked: true };
}

/**
 * An issued invoice (decision 209): the customer owes its total (receivable), the platform earns
 * its subtotal (revenue) and holds its tax for the authority (tax). Booked once per invoice; a
 * monthly invoice books one entry per order it bills (`part`, decision 242), so each order's
 * revenue stays on its own order.
 */
export function bookInvoiceIssued(
  tx: TExecutor,
  invoice: {
    invoiceId: string;
    number: string;
    orderId: string;
    customerOrgId: string;
    currency: string;
    subtotalMinor: number;
    taxMinor: number;
    actorUserId: string | null;
    /** The order's part of a monthly invoice: the key gains the order id. */
    part?: boolean;
  },
  now: Date,
) {
  const lines: TLedgerLine[] = [
    {
      account: 'receivable',
      organizationId: invoice.customerOrgId,
      amountMinor: invoice.subtotalMinor + invoice.taxMinor,
    },
    { account: 'revenue', organizationId: null, amountMinor: -invoice.subtotalMinor },
  ];
  if (invoice.taxMinor > 0) lines.push({ account: 'tax', organizationId: null, amountMinor: -invoice.taxMinor });
  return book(
    tx,
    {
      kind: 'customer_charge',
      currency: invoice.currency,
      orderId: invoice.orderId,
      memo: `Invoice ${invoice.number} issued`,
      idempotencyKey: invoice.part
        ? `invoice:${invoice.invoiceId}:issue:${invoice.orderId}`
        : `invoice:${invoice.invoiceId}:issue`,
      actorUserId: invoice.actorUserId,
      lines,
    },
    now,
  );
}

/** A payment received against an invoice: cash in, the customer's receivable settled by as much. */
export function bookInvoicePayment(
  tx: TExecutor,
  payment: {
    paymentKey: string;
    number: string;
    /** Null for a monthly invoice's payment: it pays several orders at once. */
    orderId: string | null;
    customerOrgId: string;
    currency: string;
    amountMinor: number;
    actorUserId: string | null;
  },
  now: Date,
) {
  return book(
    tx,
    {
      kind: 'payment',
      currency: payment.currency,
      orderId: payment.orderId,
      memo: `Payment for invoice ${payment.number}`,
      idempotencyKey: payment.paymentKey,
      actorUserId: payment.actorUserId,
      lines: [
        { account: 'cash', organizationId: null, amountMinor: payment.amountMinor },
        { account: 'receivable', organizationId: payment.customerOrgId, amountMinor: -payment.amountMinor },
      ],
    },
    now,
  );
}

/** The provider is owed its compensation: the platform's cost of sales, payable to the provider. */
export function bookProviderCompensation(
  tx: TExecutor,
  payable: {
    assignmentId: string;
    orderId: string;
    providerOrgId: string;
    currency: string;
    compensation: string | number;
    actorUserId: string | null;
  },
  now: Date,
) {
  const amount = toMinorUnits(payable.compensation, payable.currency);
  return book(
    tx,
    {
      kind: 'provider_compensation',
      currency: payable.currency,
      orderId: payable.orderId,
      memo: `Compensation for assignment ${payable.assignmentId}`,
      idempotencyKey: `assignment:${payable.assignmentId}:compensation`,
      actorUserId: payable.actorUserId,
      lines: [
        { account: 'compensation', organizationId: null, amountMinor: amount },
        { account: 'payable', organizationId: payable.providerOrgId, amountMinor: -amount },
      ],
    },
    now,
  );
}

export { balancesOf, entriesOfOrder };
