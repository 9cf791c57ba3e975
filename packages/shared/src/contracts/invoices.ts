import { z } from 'zod';
import { boundedText, FIELD_LIMITS, optionalText } from '../fields.ts';
import { INVOICE_MACHINE } from '../state-machines.ts';
import { ZListQuery } from './admin-workflow.ts';

/** Invoices, their payments and the billing settings (decisions 209-212). Amounts in minor units. */

const isoDateTime = z.iso.datetime({ offset: true });

export const INVOICE_STATUSES = INVOICE_MACHINE.states;
export const INVOICE_KINDS = ['full', 'deposit', 'balance', 'monthly'] as const;
/**
 * When an organisation is invoiced (admin-set): at acceptance, a deposit then the rest, at
 * delivery, or once a month for every order accepted in it (approved accounts only, decision 242).
 */
export const BILLING_MODES = ['in_advance', 'deposit', 'on_delivery', 'monthly'] as const;
export type TBillingMode = (typeof BILLING_MODES)[number];
export const BILLING_MODE_LABELS: Record<TBillingMode, string> = {
  in_advance: 'Pay in advance',
  deposit: 'Deposit',
  on_delivery: 'On delivery',
  monthly: 'Monthly invoicing',
};

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A monthly invoice's period (YYYY-MM) as people read it: "March 2027". */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/** The calendar month (UTC) of an instant, as a monthly invoice names it: YYYY-MM. */
export function periodOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}
export const INVOICE_STATUS_LABELS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  open: 'Open',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const INVOICE_MESSAGES = {
  amountPositive: 'Enter an amount greater than zero.',
  amountFormat: 'Enter an amount such as 120.50.',
  amountAboveOpen: (open: string) => `The amount is more than what is still open on this invoice (${open}).`,
  currencyMismatch: (invoice: string, sent: string) =>
    `This invoice is in ${invoice}; a payment in ${sent} cannot be recorded against it.`,
  notPayable: (status: string) => `This invoice is ${status}; no payment can be recorded against it.`,
  notVoidable: (status: string) => `This invoice is ${status}; it can no longer be voided.`,
  voidAfterPayment: 'A payment was recorded against this invoice; it can no longer be voided.',
  reasonRequired: 'Give a reason.',
  cardUnavailable: 'Card payment is not available; pay by bank transfer.',
  noneYet: 'No invoice has been issued for this quote yet.',
  /** Monthly invoicing (decision 242). */
  monthlyNotApproved:
    'This organisation is not approved for monthly invoicing. Approve it first, then choose Monthly invoicing.',
  monthlyStillChosen:
    'This organisation is invoiced monthly. Choose another billing mode before withdrawing its approval.',
  monthlyNoShareReversal:
    "A monthly invoice covers several orders, so which provider's share a refund reverses is not known. Refund without reversing it.",
  onMonthlyInvoice: (period: string) => `On the monthly invoice of ${periodLabel(period)}`,
  receivedOnFormat: 'Enter the date the payment arrived (YYYY-MM-DD).',
  depositPercent: 'Enter a deposit between 1 and 99 percent.',
  countryFormat: 'Enter a two-letter country code, such as GB.',
  paymentLocked: (number: string) =>
    `Downloads unlock once invoice ${number} is paid. The deliverables stay visible until then.`,
  /** Across the viewer while the order's downloads wait for the invoice (decision 211). */
  viewerWatermark: (number: string) => `Preview — downloads unlock once invoice ${number} is paid`,
  /** Refunds and credit notes (decision 215). */
  refundNothingPaid: 'Nothing was paid on this invoice; there is nothing to refund.',
  refundNotRefundable: (status: string) => `This invoice is ${status}; it cannot be refunded.`,
  refundAboveRefundable: (left: string) =>
    `The amount is more than what was paid and not yet refunded on this invoice (${left}).`,
  refundKeyRequired: 'A refund needs an Idempotency-Key header, so that a retried request refunds once.',
  refundKeyReused: 'This Idempotency-Key was used for a different refund.',
  refundFailed: (why: string) => `The refund was not made: ${why}`,
  refundInProgress: 'This refund is being made; try again in a moment.',
  shareNotPayable: "The provider's share is not payable yet (the job is not approved): there is nothing to reverse.",
  sharePaidOut:
    "The provider's share of this order was paid out by bank transfer; it cannot be reversed here. Refund without reversing it and settle with the provider outside the platform.",
  shareTransferPending:
    "A Stripe transfer of the provider's share is being sent; refund once it is confirmed, or refund without reversing it.",
  shareStripeUnavailable:
    "The provider's share was paid by Stripe transfer, and Stripe is not set up: refund without reversing it.",
  shareNotReversed: (why: string) => `The provider's share was not reversed: ${why}`,
} as const;

export const ZInvoiceParty = z.object({
  legalName: z.string(),
  address: z.string(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
});

export const ZInvoicePayment = z.object({
  id: z.uuid(),
  method: z.enum(['bank_transfer', 'card']),
  amountMinor: z.number().int(),
  reference: z.string().nullable(),
  receivedOn: z.string(),
  createdAt: isoDateTime,
});

export const ZPaymentInstructions = z.object({
  method: z.enum(['bank_transfer', 'card']),
  reference: z.string(),
  lines: z.array(z.string()),
});

/** A credit note as listed on its invoice (decision 215): what was refunded, when, why, and how. */
export const ZCreditNote = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(['pending', 'issued', 'failed']),
  source: z.enum(['admin', 'stripe']),
  currency: z.string(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  reason: z.string(),
  reverseProviderShare: z.boolean(),
  providerShareMinor: z.number().int(),
  methods: z.array(z.enum(['bank_transfer', 'card'])),
  failure: z.string().nullable(),
  createdAt: isoDateTime,
  issuedAt: isoDateTime.nullable(),
});
export type TCreditNoteView = z.infer<typeof ZCreditNote>;

export const ZInvoice = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  /** The quote it bills; null on a monthly invoice, which bills the quotes of its orders. */
  quoteId: z.uuid().nullable(),
  /** The order it bills; null on a monthly invoice (see orders). */
  order: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** Every order it bills: its one order, or a monthly invoice's orders (decision 242). */
  orders: z.array(z.object({ id: z.uuid(), title: z.string(), quoteId: z.uuid() })),
  /** The month a monthly invoice covers (YYYY-MM); null otherwise. */
  period: z.string().nullable(),
  customerOrg: z.object({ id: z.uuid(), name: z.string() }),
  currency: z.string(),
  seller: ZInvoiceParty,
  buyer: ZInvoiceParty,
  lines: z.array(z.object({ label: z.string(), amountMinor: z.number().int() })),
  taxLines: z.array(
    z.object({
      label: z.string(),
      rateBasisPoints: z.number().int(),
      baseMinor: z.number().int(),
      amountMinor: z.number().int(),
    }),
  ),
  reverseCharge: z.boolean(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  openMinor: z.number().int(),
  /** Given back by credit notes; at most paidMinor. */
  refundedMinor: z.number().int(),
  /** What a refund can still give back: paid less refunded and refunds under way. */
  refundableMinor: z.number().int(),
  issuedAt: isoDateTime,
  dueAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  voidedAt: isoDateTime.nullable(),
  voidReason: z.string().nullable(),
  payments: z.array(ZInvoicePayment),
  instructions: ZPaymentInstructions.nullable(),
  /** Whether the customer can pay this invoice by card now (Stripe set up, the invoice open). */
  payByCard: z.boolean(),
  creditNotes: z.array(ZCreditNote),
});

export const ZCardCheckout = z.object({ url: z.url() });
export type TInvoiceView = z.infer<typeof ZInvoice>;

export const ZInvoiceList = z.object({ items: z.array(ZInvoice), nextCursor: z.string().nullable() });
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

export const ZListInvoicesQuery = ZListQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  orgId: z.uuid().optional(),
  orderId: z.uuid().optional(),
});
export type TListInvoicesQuery = z.infer<typeof ZListInvoicesQuery>;

/** The toasts of the admin billing screens. */
export const BILLING_SETTINGS_TOASTS = {
  organizationSaved: { title: 'Billing saved', message: 'Invoices issued from now on follow it.' },
  taxRatesSaved: { title: 'Tax rates saved', message: 'Invoices issued from now on carry them.' },
  monthlyApproved: { title: 'Approved for monthly invoicing', message: 'Monthly invoicing can now be chosen.' },
  monthlyWithdrawn: { title: 'Approval withdrawn', message: 'Monthly invoicing can no longer be chosen.' },
  monthlyRun: (count: number) => ({
    title:
      count === 0 ? 'No monthly invoices to issue' : `${count} monthly ${count === 1 ? 'invoice' : 'invoices'} issued`,
    message:
      count === 0
        ? 'Every order accepted before this month is invoiced already.'
        : 'Each was e-mailed to its customer with its PDF.',
  }),
  failed: { title: 'Not saved' },
};

export const ZRecordPaymentRequest = z.object({
  /** The amount received, as decimal text in the invoice's currency ("120.50"). */
  amount: boundedText(24, { min: 1, message: INVOICE_MESSAGES.amountFormat }).regex(
    /^\d+(\.\d+)?$/,
    INVOICE_MESSAGES.amountFormat,
  ),
  currency: boundedText(3, { min: 3 }).regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code.'),
  reference: optionalText(FIELD_LIMITS.shortText),
  receivedOn: z.iso.date({ error: INVOICE_MESSAGES.receivedOnFormat }),
});
export type TRecordPaymentRequest = z.infer<typeof ZRecordPaymentRequest>;

export const ZVoidInvoiceRequest = z.object({
  reason: boundedText(FIELD_LIMITS.shortText, { min: 1, message: INVOICE_MESSAGES.reasonRequired }),
});
export type TVoidInvoiceRequest = z.infer<typeof ZVoidInvoiceRequest>;

/** An admin's refund (decision 215): an amount of what was paid, a reason, and the provider's share or not. */
export const ZRefundRequest = z.object({
  /** The amount to give back, tax included, as decimal text in the invoice's currency ("120.50"). */
  amount: boundedText(24, { min: 1, message: INVOICE_MESSAGES.amountFormat }).regex(
    /^\d+(\.\d+)?$/,
    INVOICE_MESSAGES.amountFormat,
  ),
  reason: boundedText(FIELD_LIMITS.shortText, { min: 1, message: INVOICE_MESSAGES.reasonRequired }),
  reverseProviderShare: z.boolean(),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

const ZCountry = boundedText(2, { min: 2 }).regex(/^[A-Z]{2}$/, INVOICE_MESSAGES.countryFormat);

export const ZBankDetails = z.object({
  accountHolder: boundedText(FIELD_LIMITS.name, { min: 1 }),
  bankName: boundedText(FIELD_LIMITS.name, { min: 1 }),
  iban: boundedText(40, { min: 5 }).regex(/^[A-Z0-9 ]+$/, 'Enter the IBAN in capitals and digits.'),
  bic: boundedText(11, { min: 8 }).regex(/^[A-Z0-9]+$/, 'Enter the BIC in capitals and digits.'),
});

export const ZCompanyBillingDetails = z.object({
  legalName: boundedText(FIELD_LIMITS.name, { min: 1 }),
  address: boundedText(500, { min: 1, multiline: true }),
  country: ZCountry.nullable(),
  taxId: optionalText(40),
  bankDetails: ZBankDetails.nullable(),
  paymentTermsDays: z.number().int().min(0).max(120),
});
export type TCompanyBillingDetails = z.infer<typeof ZCompanyBillingDetails>;
/** The saved details as answered (a response schema carries no input transforms). */
export const ZCompanyBillingDetailsView = z.object({
  legalName: z.string(),
  address: z.string(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
  bankDetails: z
    .object({ accountHolder: z.string(), bankName: z.string(), iban: z.string(), bic: z.string() })
    .nullable(),
  paymentTermsDays: z.number().int(),
});

export const ZTaxRates = z.object({
  rates: z
    .array(
      z.object({
        country: ZCountry,
        label: boundedText(40, { min: 1 }),
        rateBasisPoints: z.number().int().min(0).max(10_000),
        reverseChargeForBusiness: z.boolean(),
      }),
    )
    .max(250)
    .refine((rates) => new Set(rates.map((rate) => rate.country)).size === rates.length, 'One rate per country.'),
});
export type TTaxRates = z.infer<typeof ZTaxRates>;
export const ZTaxRatesView = z.object({
  rates: z.array(
    z.object({
      country: z.string(),
      label: z.string(),
      rateBasisPoints: z.number().int(),
      reverseChargeForBusiness: z.boolean(),
    }),
  ),
});

export const ZOrganizationBilling = z
  .object({
    mode: z.enum(BILLING_MODES),
    depositPercent: z.number().int().min(1).max(99).nullable(),
    payBeforeDownload: z.boolean(),
    legalName: optionalText(FIELD_LIMITS.name),
    address: optionalText(500, { multiline: true }),
    country: ZCountry.nullable(),
    taxId: optionalText(40),
  })
  .refine((billing) => billing.mode !== 'deposit' || billing.depositPercent !== null, {
    message: INVOICE_MESSAGES.depositPercent,
    path: ['depositPercent'],
  });
export type TOrganizationBilling = z.infer<typeof ZOrganizationBilling>;
export const ZOrganizationBillingView = z.object({
  mode: z.enum(BILLING_MODES),
  /** Approved for monthly invoicing by an admin (decision 242), and when. */
  monthlyApproved: z.boolean(),
  monthlyApprovedAt: isoDateTime.nullable(),
  depositPercent: z.number().int().nullable(),
  payBeforeDownload: z.boolean(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
});

/** An admin approves an organisation for monthly invoicing, or withdraws it (decision 242). */
export const ZMonthlyApprovalRequest = z.object({ approved: z.boolean() });
export type TMonthlyApprovalRequest = z.infer<typeof ZMonthlyApprovalRequest>;

/** What a monthly run issued: one invoice per organisation and currency (decision 242). */
export const ZMonthlyRunResult = z.object({
  issued: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      customerOrgId: z.uuid(),
      currency: z.string(),
      period: z.string(),
      orderCount: z.number().int(),
      totalMinor: z.number().int(),
    }),
  ),
});
export type TMonthlyRunResult = z.infer<typeof ZMonthlyRunResult>;

/** Where an order of a monthly organisation is billed: the month, and its invoice once issued. */
export const ZMonthlyBilling = z.object({
  period: z.string(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type TMonthlyBilling = z.infer<typeof ZMonthlyBilling>;
