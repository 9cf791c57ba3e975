import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../fields.ts';
import { boundsInOrder, DATE_ONLY } from './admin-console/common.ts';

/**
 * Provider payouts, the 14-day promise and the provider's Earnings (decision 213). Amounts are
 * decimals in the job's currency (the ledger keeps them in minor units, decision 208).
 */

/** The FAQ's promise (spec 000): providers are typically paid within 14 days of the approval. */
export const PAYOUT_PROMISE_DAYS = 14;

/**
 * The ways a payout can move money: an admin's recorded bank transfer (decision 213), or a Stripe
 * transfer to the provider's connected account (decision 228).
 */
export const PAYOUT_METHODS = ['bank_transfer', 'stripe_transfer'] as const;
export type TPayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_LIMITS = {
  referenceLength: 100,
  reasonLength: FIELD_LIMITS.shortText,
  jobsPerTransfer: 500,
  transfersPerRun: 100,
  listLimit: 500,
} as const;

export const PAYOUT_MESSAGES = {
  noTransfers: 'Choose at least one provider to pay.',
  noJobs: 'Choose at least one job to pay, or leave the jobs out to pay everything due.',
  reference: 'Enter the bank transfer’s reference.',
  currency: 'Enter a three-letter currency code such as GBP.',
  duplicateTransfer: 'This provider and currency are paid once per run.',
  nothingDue: 'Nothing is due to this provider in this currency.',
  notDue: 'This job is not payable yet: its customer has not approved the delivery.',
  alreadyPaid: 'This job was paid already.',
  otherProvider: 'This job is not held by that provider organisation.',
  otherCurrency: 'This job is paid in another currency: a transfer is in one currency.',
  reason: 'Enter the reason for the adjustment.',
  amount: 'Enter an amount greater than zero.',
  amountAboveCompensation: 'An adjustment cannot exceed the job’s agreed compensation.',
  adjustmentNotClosed: 'Only a job whose order was completed without the customer’s approval can be adjusted.',
  adjustmentExists: 'This job already has a payable amount.',
  noCompensation: 'This job has no agreed compensation to adjust against.',
  jobNotFound: 'Job not found.',
  stripeUnavailable: 'Stripe is not set up: pay providers by bank transfer.',
  noStripeAccount: 'This provider has no Stripe account ready for transfers: pay it by bank transfer.',
  referenceWithStripe: 'A Stripe transfer takes its reference from Stripe: leave the reference out.',
  payoutNotFound: 'Payout not found.',
  payoutNotPending: 'This payout is not waiting for Stripe: it was paid or refused already.',
  transferPending: 'A Stripe transfer for this job is being sent.',
  shareBeingReversed: "A refund is reversing part of this job's share: pay it once the refund is complete.",
} as const;

/** What a payout is: paid; or, for a Stripe transfer, pending while it is sent, failed when refused. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

const ZCurrency = z
  .string({ error: PAYOUT_MESSAGES.currency })
  .trim()
  .max(3, PAYOUT_MESSAGES.currency)
  .regex(/^[A-Z]{3}$/, PAYOUT_MESSAGES.currency);

/**
 * One transfer of a run: one provider organisation, one currency. A bank transfer carries the
 * reference of the transfer the admin made; a Stripe transfer none (Stripe's transfer id becomes it).
 */
export const ZPayoutTransferRequest = z.object({
  providerOrgId: z.uuid(),
  currency: ZCurrency,
  /** The jobs (assignment ids) it pays; left out, everything due to the provider in the currency. */
  assignmentIds: z.array(z.uuid()).min(1, PAYOUT_MESSAGES.noJobs).max(PAYOUT_LIMITS.jobsPerTransfer).optional(),
  reference: boundedText(PAYOUT_LIMITS.referenceLength, { min: 1, message: PAYOUT_MESSAGES.reference }).optional(),
});
export type TPayoutTransferRequest = z.infer<typeof ZPayoutTransferRequest>;

/** POST /api/admin/payout-runs */
export const ZCreatePayoutRunRequest = z
  .object({
    method: z.enum(PAYOUT_METHODS).default('bank_transfer'),
    transfers: z
      .array(ZPayoutTransferRequest, { error: PAYOUT_MESSAGES.noTransfers })
      .min(1, PAYOUT_MESSAGES.noTransfers)
      .max(PAYOUT_LIMITS.transfersPerRun),
  })
  .superRefine((run, context) => {
    run.transfers.forEach((transfer, index) => {
      if (run.method === 'bank_transfer' && !transfer.reference) {
        context.addIssue({
          code: 'custom',
          path: ['transfers', index, 'reference'],
          message: PAYOUT_MESSAGES.reference,
        });
      }
      if (run.method === 'stripe_transfer' && transfer.reference) {
        context.addIssue({
          code: 'custom',
          path: ['transfers', index, 'reference'],
          message: PAYOUT_MESSAGES.referenceWithStripe,
        });
      }
    });
  });
export type TCreatePayoutRunRequest = z.infer<typeof ZCreatePayoutRunRequest>;

export const ZPayout = z.object({
  id: z.uuid(),
  providerOrg: z.object({ id: z.uuid(), name: z.string().nullable() }),
  currency: z.string(),
  amount: z.number(),
  method: z.enum(PAYOUT_METHODS),
  /** The bank transfer's reference, or Stripe's transfer id (empty while a Stripe transfer is pending). */
  reference: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** Why Stripe refused the transfer (failed), or why it is still pending after being sent. */
  failureReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  jobs: z.number().int(),
  /** When the worker last sent this pending Stripe transfer again by itself (decision 243). */
  resumedAt: z.string().nullable(),
  /** What Stripe transfer reversals took back of it: a refund's, or one made in Stripe's dashboard. */
  reversed: z.number(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayoutRun = z.object({
  id: z.uuid(),
  method: z.enum(PAYOUT_METHODS),
  /** Made by the daily schedule (decision 243), not by an admin. */
  scheduled: z.boolean(),
  createdAt: z.string(),
  payouts: z.array(ZPayout),
});
export type TPayoutRun = z.infer<typeof ZPayoutRun>;

export const ZPayoutRunList = z.object({ items: z.array(ZPayoutRun) });

export const PAYABLE_STATUSES = ['due', 'overdue', 'paid'] as const;
export type TPayableStatus = (typeof PAYABLE_STATUSES)[number];

/** One amount a provider is owed for a job, as admins see it. */
export const ZPayable = z.object({
  /** The ledger entry that made it payable. */
  id: z.uuid(),
  assignmentId: z.uuid(),
  order: z.object({ id: z.uuid().nullable(), title: z.string().nullable() }),
  /** `stripeReady`: the provider's connected account can take a Stripe transfer (decision 228). */
  providerOrg: z.object({ id: z.uuid(), name: z.string().nullable(), stripeReady: z.boolean() }),
  kind: z.enum(['compensation', 'adjustment']),
  currency: z.string(),
  /** What is owed (or was paid), net of what refunds reversed. */
  amount: z.number(),
  /** What refunds (or Stripe transfer reversals) took back of it (decisions 215, 243). */
  reversed: z.number(),
  dueAt: z.string(),
  expectedBy: z.string(),
  overdue: z.boolean(),
  paidAt: z.string().nullable(),
  reference: z.string().nullable(),
  /** The last Stripe transfer that tried to pay it and was refused, while it is still unpaid. */
  lastFailure: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type TPayable = z.infer<typeof ZPayable>;

export const ZPayableListQuery = z.object({
  status: z.enum(PAYABLE_STATUSES, { error: 'Choose due, overdue or paid.' }).default('due'),
  providerOrgId: z.uuid().optional(),
});
export type TPayableListQuery = z.infer<typeof ZPayableListQuery>;

/** The totals of a list, per currency: what is due, and how much of it is past its expected date. */
export const ZPayableTotals = z.object({
  currency: z.string(),
  due: z.number(),
  overdue: z.number(),
  dueCount: z.number().int(),
  overdueCount: z.number().int(),
});

export const ZPayableList = z.object({
  items: z.array(ZPayable),
  totals: z.array(ZPayableTotals),
  /** Whether Stripe is set up, so that a run may pay ready providers by Stripe transfer. */
  stripeTransfers: z.boolean(),
});
export type TPayableList = z.infer<typeof ZPayableList>;

/** POST /api/admin/assignments/:id/payout-adjustment */
export const ZPayoutAdjustmentRequest = z.object({
  amount: z.number({ error: PAYOUT_MESSAGES.amount }).positive(PAYOUT_MESSAGES.amount).max(10_000_000),
  reason: boundedText(PAYOUT_LIMITS.reasonLength, { min: 1, message: PAYOUT_MESSAGES.reason }),
});
export type TPayoutAdjustmentRequest = z.infer<typeof ZPayoutAdjustmentRequest>;

/** A job's place in the provider's Earnings. */
export const EARNING_STATUSES = ['pending_approval', 'payable', 'paid', 'adjusted', 'closed'] as const;
export type TEarningStatus = (typeof EARNING_STATUSES)[number];

export const EARNING_STATUS_LABELS: Record<TEarningStatus, string> = {
  pending_approval: 'Pending approval',
  payable: 'Payable',
  paid: 'Paid',
  adjusted: 'Adjusted',
  closed: 'Closed without approval',
};

export const ZEarning = z.object({
  assignmentId: z.uuid(),
  orderId: z.uuid(),
  orderTitle: z.string(),
  currency: z.string(),
  /** What the job pays: the payable amount once there is one, the agreed compensation before. */
  compensation: z.number(),
  /** The platform's fee taken from the provider's compensation: none today (decision 213). */
  fee: z.number(),
  net: z.number(),
  /** What a refund took back of the job's compensation, before or after it was paid (decision 243). */
  reversed: z.number(),
  status: z.enum(EARNING_STATUSES),
  payableSince: z.string().nullable(),
  expectedBy: z.string().nullable(),
  paidAt: z.string().nullable(),
  reference: z.string().nullable(),
  adjustmentReason: z.string().nullable(),
});
export type TEarning = z.infer<typeof ZEarning>;

export const ZEarningTotals = z.object({
  currency: z.string(),
  compensation: z.number(),
  fees: z.number(),
  paid: z.number(),
  payable: z.number(),
  pendingApproval: z.number(),
});
export type TEarningTotals = z.infer<typeof ZEarningTotals>;

export const ZEarnings = z.object({
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  items: z.array(ZEarning),
  totals: z.array(ZEarningTotals),
});
export type TEarnings = z.infer<typeof ZEarnings>;

/**
 * GET /api/admin/orders/:id/margin: the order's money as its ledger entries say (decision 213).
 * margin = price − refunds − compensation (with adjustments) − fees, in the order's currency.
 */
export const ZOrderMargin = z.object({
  currency: z.string(),
  /** What the customer was charged (the revenue booked). */
  price: z.number(),
  refunds: z.number(),
  /** What the provider is owed for the job: compensation at approval, or an admin's adjustment. */
  compensation: z.number(),
  /** Processing fees booked against the order. */
  fees: z.number(),
  margin: z.number(),
  /** How much of the compensation was paid out. */
  paidOut: z.number(),
  /** The job an admin may adjust (closed without approval, nothing payable yet), with its upper bound. */
  adjustable: z.object({ assignmentId: z.uuid(), maxAmount: z.number() }).nullable(),
});
export type TOrderMargin = z.infer<typeof ZOrderMargin>;

const ZDay = z
  .string()
  .trim()
  .max(10, 'Use a date such as 2026-01-31.')
  .regex(DATE_ONLY, 'Use a date such as 2026-01-31.')
  .refine((value) => !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()), 'Use a date such as 2026-01-31.');

/**
 * A period of the Earnings (days, UTC, both included): a job belongs to it by the day its
 * compensation became payable, or, still awaiting approval, by the day the provider accepted it.
 */
export const ZEarningsQuery = z
  .object({ from: ZDay.optional(), to: ZDay.optional() })
  .refine(boundsInOrder, { message: 'The end date must not be before the start date.', path: ['to'] });
export type TEarningsQuery = z.infer<typeof ZEarningsQuery>;

/**
 * A provider organisation's Stripe connected account (decision 227), as its members see it.
 * `available` is false when the platform has no Stripe keys: payouts are then by bank transfer.
 */
export const PAYOUT_ACCOUNT_STATES = ['not_started', 'pending', 'ready'] as const;
export type TPayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

export const ZPayoutAccount = z.object({
  available: z.boolean(),
  state: z.enum(PAYOUT_ACCOUNT_STATES),
  detailsSubmitted: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** When Stripe last told us the account's state. */
  syncedAt: z.string().nullable(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/** POST /api/provider/payout-account/onboarding: Stripe's hosted onboarding page to send the admin to. */
export const ZPayoutOnboardingLink = z.object({ url: z.url() });
export type TPayoutOnboardingLink = z.infer<typeof ZPayoutOnboardingLink>;
