import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Provider payouts (decision 213). What a provider is owed is read from the ledger (decision 208):
 * each entry that credits a provider organisation's payable account (the job's compensation at
 * approval, or an admin's adjustment) is one payable. These tables record how payables were paid:
 * a run by an admin, one transfer per provider organisation and currency inside it, and the
 * payables each transfer settled. A payable is settled once: its entry id is the key of
 * `payout_items`, so two runs racing for it cannot both pay it.
 *
 * Organisation, order and ledger ids carry no foreign key, like the ledger's own: the record of a
 * payment must outlive what it names.
 */
export const payoutRuns = pgTable('payout_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** How the money moved: bank_transfer (recorded by the admin) or stripe_transfer (decision 228). */
  method: text('method').notNull(),
  actorUserId: text('actor_user_id'),
  /**
   * The day a scheduled run pays (decision 243), `stripe:YYYY-MM-DD`; null for an admin's run. Unique,
   * so two instances running the schedule at once make one run of it.
   */
  scheduleSlot: text('schedule_slot').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id),
    providerOrgId: uuid('provider_org_id').notNull(),
    /** ISO 4217: a transfer is in one currency. */
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    /** The bank transfer's reference as the admin entered it, or Stripe's transfer id once it is sent. */
    reference: text('reference').notNull(),
    /**
     * paid, or for a Stripe transfer (decision 228) pending while it is sent and failed when Stripe
     * refused it: a failed payout's payables are released, and `failureReason` says why.
     */
    status: text('status').notNull().default('paid'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the worker last sent a pending Stripe transfer again by itself (decision 243). */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
  },
  (table) => [
    index('payouts_run_idx').on(table.runId),
    index('payouts_provider_idx').on(table.providerOrgId, table.paidAt),
  ],
);

export const payoutItems = pgTable(
  'payout_items',
  {
    /** The ledger entry that made the amount payable: paid once; its payment is booked as `payable:<id>:payout`. */
    payableEntryId: uuid('payable_entry_id').primaryKey(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [index('payout_items_payout_idx').on(table.payoutId)],
);

/**
 * The payables a failed Stripe transfer tried to pay (decision 228): released from `payout_items`
 * so a later run can pay them, and kept here so admins see why they are still unpaid.
 */
export const payoutFailedItems = pgTable(
  'payout_failed_items',
  {
    payableEntryId: uuid('payable_entry_id').notNull(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
  },
  (table) => [primaryKey({ columns: [table.payableEntryId, table.payoutId] })],
);

/** Admins were told that a payable passed its expected pay date: once per payable. */
export const payableOverdueNotices = pgTable('payable_overdue_notices', {
  payableEntryId: uuid('payable_entry_id').primaryKey(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
});

/**
 * What a refund, or Stripe, took back of a provider's share (decisions 215, 243), one row per
 * payable: from a payable still owed (booked against it), or from a Stripe transfer that paid it
 * (`payoutId`, reversed at Stripe with `stripeReversalId`). A refund's rows are `pending` from the
 * moment it is asked until its credit note is issued (a payout run leaves a payable with a pending
 * reversal alone), then `booked`; `failed` when the refund failed or Stripe refused the reversal.
 * `requestKey` keeps each reversal once: `credit-note:<note>:<payable entry>`, or for a reversal
 * made in Stripe's dashboard `stripe:<transfer>:<amount reversed in all>:<payable entry>`.
 */
export const shareReversals = pgTable(
  'share_reversals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestKey: text('request_key').notNull(),
    /** refund (an admin's refund that reverses the share) or stripe (reversed in Stripe's dashboard). */
    source: text('source').notNull(),
    creditNoteId: uuid('credit_note_id'),
    payableEntryId: uuid('payable_entry_id').notNull(),
    providerOrgId: uuid('provider_org_id').notNull(),
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id').references(() => payouts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    stripeReversalId: text('stripe_reversal_id'),
    failureReason: text('failure_reason'),
    /** The ledger entries that booked it. */
    ledgerEntryIds: jsonb('ledger_entry_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('share_reversals_request_key_unique').on(table.requestKey),
    index('share_reversals_payable_idx').on(table.payableEntryId),
    index('share_reversals_payout_idx').on(table.payoutId),
    index('share_reversals_credit_note_idx').on(table.creditNoteId),
  ],
);
