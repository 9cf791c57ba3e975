import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Invoices, their payments and the billing settings they are made from (decision 209), owned by
 * the `invoices` module. Amounts are integers in the invoice currency's minor unit. An invoice
 * keeps the seller's and buyer's details as they were when it was issued: a later change of the
 * company's address or the organisation's tax id never rewrites an issued invoice.
 */

export type TInvoiceParty = {
  legalName: string;
  address: string;
  country: string | null;
  taxId: string | null;
};

export type TInvoiceLine = { label: string; amountMinor: number };

export type TInvoiceTaxLine = {
  label: string;
  /** Basis points (2000 = 20 %); 0 when reverse charge applies. */
  rateBasisPoints: number;
  baseMinor: number;
  amountMinor: number;
};

/** How the customer pays: the bank the seller names and the reference to quote on the transfer. */
export type TBankDetails = {
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string;
};

/**
 * The numbering counter: one row per series, locked FOR UPDATE by the transaction that issues an
 * invoice, so numbers are handed out one at a time and a rolled-back issue gives its number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The position in the series, gapless from 1. */
    sequence: integer('sequence').notNull().unique(),
    /** What is printed and quoted as the payment reference: INV-000042. */
    number: text('number').notNull().unique(),
    /**
     * full (pay in advance, on delivery), deposit (at acceptance), balance (at delivery, after a
     * deposit), monthly (every order of a month, decision 242: its orders are in
     * monthly_invoice_orders, and it has no order or quote of its own).
     */
    kind: text('kind').notNull(),
    orderId: uuid('order_id'),
    quoteId: uuid('quote_id'),
    /** The calendar month a monthly invoice covers (YYYY-MM, UTC); null on a single order's invoice. */
    period: text('period'),
    customerOrgId: uuid('customer_org_id').notNull(),
    currency: text('currency').notNull(),
    /** open → paid | overdue | void (INVOICE_MACHINE). */
    status: text('status').notNull().default('open'),
    seller: jsonb('seller').$type<TInvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<TInvoiceParty>().notNull(),
    bankDetails: jsonb('bank_details').$type<TBankDetails | null>(),
    lines: jsonb('lines').$type<TInvoiceLine[]>().notNull(),
    taxLines: jsonb('tax_lines').$type<TInvoiceTaxLine[]>().notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    /** What credit notes gave back of what was paid (decision 215): never more than was paid. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /** When the reminder before the due date, and the one after it, went out: each is sent once. */
    reminderBeforeSentAt: timestamp('reminder_before_sent_at', { withTimezone: true }),
    reminderAfterSentAt: timestamp('reminder_after_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('invoices_quote_kind_unique').on(table.quoteId, table.kind),
    index('invoices_issued_idx').on(table.issuedAt.desc(), table.id.desc()),
    index('invoices_org_issued_idx').on(table.customerOrgId, table.issuedAt.desc(), table.id.desc()),
    index('invoices_order_idx').on(table.orderId),
    index('invoices_status_due_idx').on(table.status, table.dueAt),
    check(
      'invoices_one_order_or_monthly',
      sql`(${table.kind} = 'monthly' and ${table.orderId} is null and ${table.quoteId} is null and ${table.period} is not null) or (${table.kind} <> 'monthly' and ${table.orderId} is not null and ${table.quoteId} is not null and ${table.period} is null)`,
    ),
    check('invoices_paid_within_total', sql`${table.paidMinor} >= 0 and ${table.paidMinor} <= ${table.totalMinor}`),
    check(
      'invoices_refunded_within_paid',
      sql`${table.refundedMinor} >= 0 and ${table.refundedMinor} <= ${table.paidMinor}`,
    ),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The payments port's method: bank_transfer today, card later (decision 212). */
    method: text('method').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** What the bank statement shows (the payer's reference), as the admin typed it. */
    reference: text('reference'),
    receivedOn: text('received_on').notNull(),
    ledgerEntryId: uuid('ledger_entry_id').notNull(),
    recordedBy: text('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.createdAt),
    check('invoice_payments_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** Where one refund's money goes back: part of one payment, by the method that took it. */
export type TRefundAllocation = {
  paymentId: string;
  method: 'bank_transfer' | 'card';
  amountMinor: number;
  /** The processor's refund id once it is made (card); null for a transfer made by hand. */
  processorRefundId: string | null;
};

/**
 * Credit notes (decision 215): a refund of part or all of what was paid on an invoice. A note is
 * written `pending` before any money moves at a processor, and gets its number from its own gapless
 * series (CN-000001, …) only when it is `issued`, in the transaction that books it; a refund the
 * processor refused is `failed` and never numbered. Amounts are positive minor units credited.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: integer('sequence').unique(),
    number: text('number').unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The credited invoice's order; null when it is a monthly invoice of several (decision 242). */
    orderId: uuid('order_id'),
    customerOrgId: uuid('customer_org_id').notNull(),
    currency: text('currency').notNull(),
    /** pending → issued | failed */
    status: text('status').notNull(),
    /** admin (a refund made here) or stripe (a refund made in Stripe's dashboard, heard by webhook). */
    source: text('source').notNull(),
    /** The request's key: an admin's Idempotency-Key, or Stripe's charge and amount refunded. */
    requestKey: text('request_key').notNull(),
    requestHash: text('request_hash').notNull(),
    reason: text('reason').notNull(),
    reverseProviderShare: boolean('reverse_provider_share').notNull().default(false),
    providerShareMinor: bigint('provider_share_minor', { mode: 'number' }).notNull().default(0),
    allocations: jsonb('allocations').$type<TRefundAllocation[]>().notNull(),
    seller: jsonb('seller').$type<TInvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<TInvoiceParty>().notNull(),
    lines: jsonb('lines').$type<TInvoiceLine[]>().notNull(),
    taxLines: jsonb('tax_lines').$type<TInvoiceTaxLine[]>().notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    failure: text('failure'),
    actorUserId: text('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (table) => [
    unique('credit_notes_request_unique').on(table.invoiceId, table.requestKey),
    index('credit_notes_invoice_idx').on(table.invoiceId, table.createdAt),
    check('credit_notes_total_positive', sql`${table.totalMinor} > 0`),
  ],
);

/** The seller on every invoice: the company's details, one row (id 1), set in admin Settings. */
export const companyBillingDetails = pgTable('company_billing_details', {
  id: integer('id').primaryKey(),
  legalName: text('legal_name').notNull().default(''),
  address: text('address').notNull().default(''),
  country: text('country'),
  taxId: text('tax_id'),
  bankDetails: jsonb('bank_details').$type<TBankDetails | null>(),
  /** Days from issue to the due date. */
  paymentTermsDays: integer('payment_terms_days').notNull().default(14),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tax rates per buyer country (ISO 3166 alpha-2), set by admins. */
export const taxRates = pgTable('tax_rates', {
  country: text('country').primaryKey(),
  label: text('label').notNull(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
  /** A business buyer with a tax id accounts for the tax itself (reverse charge): none is charged. */
  reverseChargeForBusiness: boolean('reverse_charge_for_business').notNull().default(false),
});

/**
 * How a customer organisation is billed (admin-set) and what its invoices name as buyer. A missing
 * row is the default: pay in advance, no pay-before-download.
 */
export const organizationBilling = pgTable('organization_billing', {
  organizationId: uuid('organization_id').primaryKey(),
  /** in_advance | deposit | on_delivery | monthly (only while monthly_approved, decision 242) */
  mode: text('mode').notNull().default('in_advance'),
  /** An admin approved the organisation for monthly invoicing: who and when (decision 242). */
  monthlyApproved: boolean('monthly_approved').notNull().default(false),
  monthlyApprovedAt: timestamp('monthly_approved_at', { withTimezone: true }),
  monthlyApprovedBy: text('monthly_approved_by'),
  depositPercent: integer('deposit_percent'),
  payBeforeDownload: boolean('pay_before_download').notNull().default(false),
  legalName: text('legal_name'),
  address: text('address'),
  country: text('country'),
  taxId: text('tax_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The orders of monthly organisations (decision 242): each is written when its quote is accepted
 * (what the organisation owes accrues here, not in the ledger) and claimed by the monthly invoice
 * that bills it. The order is the key, so an order is on one monthly invoice at most; a run claims
 * a row only while `invoice_id` is null.
 */
export const monthlyInvoiceOrders = pgTable(
  'monthly_invoice_orders',
  {
    orderId: uuid('order_id').primaryKey(),
    quoteId: uuid('quote_id').notNull().unique(),
    customerOrgId: uuid('customer_org_id').notNull(),
    currency: text('currency').notNull(),
    /** The accepted quote's lines as they were accepted. */
    lines: jsonb('lines').$type<TInvoiceLine[]>().notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    /** The order's part of its invoice's tax, set as it is invoiced (what its ledger entry books). */
    taxMinor: bigint('tax_minor', { mode: 'number' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
  },
  (table) => [
    index('monthly_invoice_orders_open_idx').on(table.customerOrgId, table.currency, table.acceptedAt),
    index('monthly_invoice_orders_invoice_idx').on(table.invoiceId),
  ],
);
