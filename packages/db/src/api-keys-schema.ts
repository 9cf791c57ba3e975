import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts-schema.ts';
import { user } from './auth-schema.ts';

/**
 * API keys (decision 115): a customer organisation's keys, or the platform's (no organisation)
 * made by a master admin. Only the SHA-256 of the secret is stored; the prefix finds the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a platform key. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The public part of the key (`sck_<prefix>_…`), unique, shown in lists. */
    prefix: text('prefix').notNull().unique(),
    /** Hex SHA-256 of the secret part. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_keys_org_created_idx').on(table.organizationId, table.createdAt.desc())],
);
