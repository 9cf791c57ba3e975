import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
