import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts-schema.ts';
import { user } from './auth-schema.ts';
import { assignments, orders } from './marketplace-schema.ts';

/**
 * Conversations on an order (decision 119): one between the customer organisation and the admins
 * per order, one between the provider organisation and the admins per accepted assignment. Read
 * state is per person; the digest bookkeeping says up to when each person was e-mailed (decision 120).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** order_customer | assignment_provider */
    kind: text('kind').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    assignmentId: uuid('assignment_id').references(() => assignments.id),
    /** The organisation on the other side of the admins: the order's customer or the assignment's provider. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    assignedAdminId: text('assigned_admin_id').references(() => user.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Created lazily by whoever reads or posts first: two at once still make one.
    uniqueIndex('conversations_order_customer_unique').on(table.orderId).where(sql`kind = 'order_customer'`),
    uniqueIndex('conversations_assignment_unique').on(table.assignmentId),
    index('conversations_last_message_idx').on(table.lastMessageAt.desc(), table.id.desc()),
    index('conversations_org_idx').on(table.organizationId),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** customer | provider | admin */
    authorSide: text('author_side').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversation_messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
    // The digest worker's scan of recent messages.
    index('conversation_messages_created_idx').on(table.createdAt),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => conversationMessages.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('message_attachments_message_idx').on(table.messageId)],
);

/** Up to when one person has read one conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] })],
);

/** Per person: up to when they were e-mailed about messages, and whether they want such e-mails at all. */
export const messageDigestState = pgTable('message_digest_state', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  emailedUpTo: timestamp('emailed_up_to', { withTimezone: true }),
  emailDigests: boolean('email_digests').notNull().default(true),
});
