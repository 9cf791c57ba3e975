import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The money ledger (decision 208): double entry, append only. An entry is one movement of money
 * (a customer charge, a provider's compensation, a payment, a payout, a refund, an adjustment) in
 * one currency; its lines move amounts between accounts, in integer minor units, debits positive
 * and credits negative, and sum to zero. The database itself refuses an entry that does not balance
 * and any update or delete of either table (migration 0021): a mistake is corrected by a new entry.
 * Balances are sums of lines, never stored.
 *
 * The order, organisation and actor ids carry no foreign key on purpose: nothing may ever need to
 * change a ledger row, not even a cascade from a deleted user.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What moved: customer_charge, provider_compensation, payment, payout, refund, adjustment. */
    kind: text('kind').notNull(),
    /** ISO 4217; every line of the entry is in it. */
    currency: text('currency').notNull(),
    orderId: uuid('order_id'),
    memo: text('memo').notNull(),
    /** What the entry books (a quote's acceptance, a payment's id): the same key books once. */
    idempotencyKey: text('idempotency_key').unique(),
    actorUserId: text('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_entries_order_idx').on(table.orderId, table.createdAt)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    /** The account's kind: receivable, payable, revenue, compensation, cash, refunds, adjustments. */
    account: text('account').notNull(),
    /** Whose account: a customer or provider organisation, or null for the platform's own. */
    organizationId: uuid('organization_id'),
    /** Minor units (cents): positive is a debit, negative a credit. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.entryId),
    index('ledger_lines_account_idx').on(table.organizationId, table.account),
  ],
);
