import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts-schema.ts';

/**
 * Outgoing webhooks (decisions 117, 118): the endpoints a customer organisation registers, and
 * the deliveries to them, written in the transaction of the change they report and sent later by
 * the webhook worker (the outbox pattern of outbox_emails).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    /** The signing key: kept (not hashed) because every delivery is signed with it; shown once. */
    secret: text('secret').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_endpoints_org_idx').on(table.organizationId, table.createdAt.desc(), table.id.desc())],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → succeeded, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The hold of the worker that claimed the delivery (as outbox_emails.claim_token). */
    claimToken: uuid('claim_token'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt.desc(), table.id.desc()),
  ],
);
