import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts-schema.ts';
import { user } from './auth-schema.ts';
import { deliverables, orders } from './marketplace-schema.ts';

/**
 * Read-only links for people without an account (decision 137) to one order's deliverables, or to
 * those of every order of the organisation at one site address (its property, decisions 234 and
 * 237): exactly one of `order_id` and `property_id` is set. Only the SHA-256 of the token is stored; the token itself
 * is shown once, at creation.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** A property's link: the property key (`orders.property_key`) of the organisation's orders it shares. */
    propertyId: text('property_id'),
    /** Hex SHA-256 of the token, unique: the public page finds its link by it. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    /** branded (the organisation's logo, colour and contact) or unbranded (none of it), decision 223. */
    presentation: text('presentation').notNull().default('unbranded'),
    /** The sites (origins) that may frame the link's embed page: its `frame-ancestors` (decision 224). */
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    /** Distinct visitors, counted once per day each (decision 222). */
    visitorCount: integer('visitor_count').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('share_links_order_created_idx').on(table.orderId, table.createdAt.desc()),
    index('share_links_property_created_idx').on(table.organizationId, table.propertyId, table.createdAt.desc()),
    check('share_links_one_subject', sql`(${table.orderId} is null) <> (${table.propertyId} is null)`),
  ],
);

/**
 * Today's salt of the visitor hashes (decision 222): random, made by the first view of the day,
 * and deleted with that day's hashes once the day is over, so no hash outlives its day and no
 * address can be tested against one later.
 */
export const shareVisitSalts = pgTable('share_visit_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** Who has viewed a link today: the salted hash of address and user agent, never the address. */
export const shareLinkVisitors = pgTable(
  'share_link_visitors',
  {
    shareLinkId: uuid('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shareLinkId, table.visitorHash] }),
    index('share_link_visitors_day_idx').on(table.day),
  ],
);

/** Opens per file of a link: each view or download of the file through the link counts one. */
export const shareLinkFileOpens = pgTable(
  'share_link_file_opens',
  {
    shareLinkId: uuid('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => deliverables.id, { onDelete: 'cascade' }),
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shareLinkId, table.deliverableId] })],
);
