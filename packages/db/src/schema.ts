import type { TLeadContact } from '@spacecapture/shared/stored-columns';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The database schema. Public-form tables keep the spec's column names and JSON shapes
 * (spec 000 §3): order_leads.contact/details and provider_applications.contact.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type TLeadDetails = {
  spaceType: string;
  location: string;
  spaceSize: string;
  captureType: string;
  timeline: string;
  additionalInfo: string | null;
  source: 'website';
  /** Decision 140: the place picked or matched on the form (absent on older leads, null when unplaced). */
  place?: { label: string; lat: number; lon: number; timeZone: string } | null;
  /** The preferred days and hours as given, local at the place. */
  requestedWindows?: { date: string; from: string; to: string }[];
  accessNotes?: string | null;
};

export const orderLeads = pgTable(
  'order_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('new'),
    contact: jsonb('contact').$type<TLeadContact>().notNull(),
    details: jsonb('details').$type<TLeadDetails>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('order_leads_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('order_leads_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);

export type TApplicationContact = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  website: string | null;
};

/** A stored upload: the name on disk is ours, the original name is only shown. */
export type TStoredFile = {
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
};

export const providerApplications = pgTable(
  'provider_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('new'),
    orgName: text('org_name').notNull(),
    contact: jsonb('contact').$type<TApplicationContact>().notNull(),
    region: text('region'),
    devicesOwned: text('devices_owned').array().notNull().default(sql`'{}'::text[]`),
    devicesNotes: text('devices_notes'),
    portfolioLinks: text('portfolio_links').array().notNull().default(sql`'{}'::text[]`),
    portfolioFile: jsonb('portfolio_file').$type<TStoredFile>(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('provider_applications_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('provider_applications_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt.desc(), table.id.desc())],
);

export type TEmailAttachment = { filename: string; contentType: string; contentBase64: string };

/** Transactional outbox: written with the business row, delivered later by the mail worker. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').array().notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Files sent with the e-mail (an invoice's PDF), base64; never shown in the admin outbox view. */
    attachments: jsonb('attachments').$type<TEmailAttachment[]>(),
    /** pending → sent, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by the worker that claimed the e-mail (a new value per claim): only that worker may
     * extend the hold, send it and record the result, so a hold that expired mid-send is not sent twice.
     */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_emails_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_emails_created_idx').on(table.createdAt.desc()),
    // The admin outbox view: newest first, optionally by status.
    index('outbox_emails_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);

/** Remembered answers of requests sent with an Idempotency-Key, so a retry returns the first result. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Null for visitors of the public site. */
    actorUserId: text('actor_user_id'),
    ts: timestamp('ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_ts_idx').on(table.ts.desc(), table.id.desc()),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    // The admin audit view's filters, newest first.
    index('audit_log_entity_ts_idx').on(table.entity, table.ts.desc(), table.id.desc()),
    index('audit_log_actor_ts_idx').on(table.actorUserId, table.ts.desc(), table.id.desc()),
    index('audit_log_entity_id_ts_idx').on(table.entityId, table.ts.desc(), table.id.desc()),
  ],
);

export * from './accounts-schema.ts';
export * from './annotations-schema.ts';
export * from './api-keys-schema.ts';
export * from './auth-schema.ts';
export * from './conversations-schema.ts';
export * from './invoices-schema.ts';
export * from './ledger-schema.ts';
export * from './marketplace-schema.ts';
export * from './notifications-schema.ts';
export * from './payouts-schema.ts';
export * from './quality-checks-schema.ts';
export * from './share-links-schema.ts';
export * from './webhooks-schema.ts';
