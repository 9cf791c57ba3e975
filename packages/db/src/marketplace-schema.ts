import type { TOrderRequestDetails } from '@spacecapture/shared/stored-columns';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts-schema.ts';
import { user } from './auth-schema.ts';

/**
 * The marketplace's work: orders (from leads), quotes, provider assignments, the job-event history,
 * deliverables, provider devices and certifications (spec 001 §3).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `matched`: the part of the address the place was resolved from, when no one picked it. */
export type TOrderPlace = { label: string; lat: number; lon: number; timeZone: string; matched?: string };
export type TTimeWindow = { start: string; end: string };

export type TPreferredDates = {
  timeline: string | null;
  notes: string | null;
  /**
   * The days and hours the customer gave on the request form, local at the place (decision 140):
   * turned into `preferred_windows` once the order has a place and so a time zone.
   */
  windows?: { date: string; from: string; to: string }[];
};

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    status: text('status').notNull().default('triage'),
    location: text('location').notNull(),
    /**
     * The order's property (decision 237): a hash of `location` normalised (case, punctuation and
     * spacing), computed in TypeScript when the order is made (`propertyKeyOf`); orders of one
     * organisation with the same key are one site. Null only on orders from before migration 0033
     * until the start-up fill (`fillMissingPropertyKeys`) has keyed them.
     */
    propertyKey: text('property_key'),
    captureType: text('capture_type').notNull(),
    preferredDates: jsonb('preferred_dates').$type<TPreferredDates>(),
    customerOrgId: uuid('customer_org_id')
      .notNull()
      .references(() => organizations.id),
    /**
     * The order's one currency (ISO 4217), the customer organisation's default when the order was
     * made: its quotes, the provider's compensation and every page and e-mail use it (decision 203).
     */
    currency: text('currency').notNull(),
    leadId: uuid('lead_id'),
    /** An order the customer requested in the portal: what they asked for and the estimate they saw. */
    requestDetails: jsonb('request_details').$type<TOrderRequestDetails>(),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    scheduledEnd: timestamp('scheduled_end', { withTimezone: true }),
    /** Where the capture is, once placed from the gazetteer or by an admin (decision 123); null while unplaced. */
    place: jsonb('place').$type<TOrderPlace>(),
    /** The customer's preferred windows (decision 124); empty when they gave none. */
    preferredWindows: jsonb('preferred_windows').$type<TTimeWindow[]>().notNull().default([]),
    accessNotes: text('access_notes'),
    /** The delivery under review (decision 133): 1, plus one for each re-delivery after a change request. */
    deliveryRound: integer('delivery_round').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('orders_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('orders_customer_created_idx').on(table.customerOrgId, table.createdAt.desc(), table.id.desc()),
    // A property's orders, newest first (decision 237).
    index('orders_customer_property_created_idx').on(
      table.customerOrgId,
      table.propertyKey,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // Admin search ("contains", case-insensitive) on title and location. fastupdate off: the
    // embedded database has no autovacuum to flush a pending list, which every search would scan.
    index('orders_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    index('orders_location_trgm_idx').using('gin', table.location.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    // A lead converts once: a second conversion cannot insert a second order.
    uniqueIndex('orders_lead_unique').on(table.leadId),
  ],
);

/**
 * The price book (decision 205): what a new quote's Capture and Processing items start at, for a
 * capture type and size band in one currency.
 */
export const priceBookEntries = pgTable(
  'price_book_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    captureType: text('capture_type').notNull(),
    spaceSize: text('space_size').notNull(),
    currency: text('currency').notNull(),
    capture: numeric('capture', { precision: 12, scale: 2 }).notNull(),
    processing: numeric('processing', { precision: 12, scale: 2 }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('price_book_entries_key').on(table.captureType, table.spaceSize, table.currency)],
);

export type TPriceItem = { label: string; amount: number };
export type TPriceBreakdown = { items: TPriceItem[]; currency: string };

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    priceBreakdown: jsonb('price_breakdown').$type<TPriceBreakdown>().notNull(),
    /** Sum of the items, kept beside the breakdown for reporting. */
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    sla: text('sla'),
    validityUntil: timestamp('validity_until', { withTimezone: true }),
    status: text('status').notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('quotes_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('quotes_order_idx').on(table.orderId),
    index('quotes_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);

export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    providerOrgId: uuid('provider_org_id')
      .notNull()
      .references(() => organizations.id),
    /** offered → accepted | declined | expired | withdrawn (spec: accepted true/false/unset). */
    status: text('status').notNull().default('offered'),
    accepted: boolean('accepted'),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    scheduledEnd: timestamp('scheduled_end', { withTimezone: true }),
    compensation: numeric('compensation', { precision: 14, scale: 2 }),
    /** Scheduling of an accepted job (SCHEDULE_MACHINE): unproposed → proposed → confirmed ⇄ reschedule_requested. */
    scheduleStatus: text('schedule_status').notNull().default('unproposed'),
    /** The windows the provider proposed last (one to three), until one is picked. */
    proposedWindows: jsonb('proposed_windows').$type<TTimeWindow[]>().notNull().default([]),
    /** Why a reschedule was asked, while it is open. */
    rescheduleReason: text('reschedule_reason'),
    /** When the 24-hour reminder of the confirmed window was claimed for sending (cleared by a new pick). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The reminder worker's scan: confirmed captures not yet reminded, by start.
    index('assignments_reminder_due_idx')
      .on(table.scheduledStart)
      .where(sql`status = 'accepted' and reminder_sent_at is null and scheduled_start is not null`),
    index('assignments_order_idx').on(table.orderId, table.createdAt.desc()),
    index('assignments_provider_idx').on(table.providerOrgId, table.createdAt.desc()),
    index('assignments_offered_due_idx').on(table.status, table.respondBy),
    // One live offer per order at a time.
    uniqueIndex('assignments_one_live_per_order').on(table.orderId).where(sql`status in ('offered', 'accepted')`),
  ],
);

export const jobEvents = pgTable(
  'job_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** provider_accept, provider_decline, deadline (a proposed window), status_change, file_uploaded, … */
    type: text('type').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    actorUserId: text('actor_user_id'),
    createdAt: createdAt(),
  },
  (table) => [index('job_events_order_idx').on(table.orderId, table.createdAt.desc())],
);

export const deliverables = pgTable(
  'deliverables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    type: text('type').notNull(),
    fileLinks: jsonb('file_links').$type<{ paths: string[] }>().notNull(),
    fileName: text('file_name').notNull(),
    size: numeric('size', { precision: 20, scale: 0 }).notNull(),
    checksum: text('checksum'),
    /**
     * A tour-link deliverable's https address (decision 233): type `tour`, no stored file
     * (`fileLinks.paths` empty, size 0), so Download all and signed links leave it out.
     */
    tourUrl: text('tour_url'),
    /**
     * The file's CRC-32 (unsigned), which a zip's headers need before its bytes (decision 221):
     * computed with the SHA-256 at upload; for files recorded before it, on their first download-all.
     */
    crc32: bigint('crc32', { mode: 'number' }),
    uploadedBy: text('uploaded_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 for the first file of a name in the order; a revised upload of the same name is the next (decision 134). */
    version: integer('version').notNull().default(1),
    /** The delivery round the file was uploaded for. */
    round: integer('round').notNull().default(1),
    /** When a later version of the same file arrived; the file stays downloadable. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The small preview made after upload (decision 138): pending until the thumbnail worker has
     * tried; ready with `thumbnailKey` set; none when no library reads the kind (lists show the
     * type icon); failed after the last attempt.
     */
    thumbnailState: text('thumbnail_state').notNull().default('pending'),
    thumbnailKey: text('thumbnail_key'),
    thumbnailAttempts: smallint('thumbnail_attempts').notNull().default(0),
    /** When the worker may (re)try: a claim holds it a while, a failure backs it off. */
    thumbnailNextAt: timestamp('thumbnail_next_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The level-of-detail tree of a point cloud (decision 226), built after upload: pending until
     * the point-tree worker has looked; converting with `treePercent` done; ready with the tree's
     * folder in `treeKey`; none for a kind that has no tree; failed with `treeError` shown to the
     * provider. The original stays the download whatever happens here.
     */
    treeState: text('tree_state').notNull().default('pending'),
    treePercent: smallint('tree_percent').notNull().default(0),
    treeKey: text('tree_key'),
    treeError: text('tree_error'),
    treeAttempts: smallint('tree_attempts').notNull().default(0),
    treeNextAt: timestamp('tree_next_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deliverables_tree_due_idx').on(table.treeState, table.treeNextAt),
    index('deliverables_order_idx').on(table.orderId, table.createdAt.desc()),
    index('deliverables_thumbnail_due_idx').on(table.thumbnailState, table.thumbnailNextAt),
    index('deliverables_order_name_idx').on(table.orderId, table.fileName, table.version.desc()),
  ],
);

/**
 * A customer's comment in a change request (decision 133): about one file or the whole delivery
 * of a round, optionally pinned to a point picked in the file's viewer.
 */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The delivery round the comment answers. */
    round: integer('round').notNull(),
    deliverableId: uuid('deliverable_id').references(() => deliverables.id),
    body: text('body').notNull(),
    /** A TViewerPin (packages/shared/src/viewer-pin.ts), checked before it is stored. */
    pin: jsonb('pin').$type<Record<string, unknown>>(),
    authorUserId: text('author_user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('review_comments_order_idx').on(table.orderId, table.round, table.createdAt)],
);

/**
 * Space held by an unfinished upload (decision 061): a row from its creation until it is recorded,
 * terminated or swept, so an organisation's unfinished uploads can be bounded in total.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    /** The upload's storage key (`<order id>/<ms>_<name>`). */
    key: text('key').primaryKey(),
    providerOrgId: uuid('provider_org_id')
      .notNull()
      .references(() => organizations.id),
    /** The upload's announced length (Upload-Length). */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('upload_reservations_org_idx').on(table.providerOrgId)],
);

export const deviceInventory = pgTable(
  'device_inventory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    model: text('model').notNull(),
    serial: text('serial').notNull(),
    capabilities: text('capabilities').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('device_inventory_serial_unique').on(table.serial),
    index('device_inventory_org_idx').on(table.orgId),
  ],
);

export const providerCertifications = pgTable(
  'provider_certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    scope: text('scope').notNull(),
    status: text('status').notNull().default('pending'),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    expiry: timestamp('expiry', { withTimezone: true }),
    verifiedBy: text('verified_by'),
    createdAt: createdAt(),
  },
  (table) => [index('provider_certifications_org_idx').on(table.orgId)],
);

/** A customer's rating of a delivered job; feeds the provider's performance figures. */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    providerOrgId: uuid('provider_org_id')
      .notNull()
      .references(() => organizations.id),
    score: smallint('score').notNull(),
    comment: text('comment'),
    ratedBy: text('rated_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ratings_order_unique').on(table.orderId),
    index('ratings_provider_idx').on(table.providerOrgId),
  ],
);

/**
 * Support requests from the customer portal (decision 204): a thread between the customer
 * organisation and the admins, with a status (SUPPORT_REQUEST_MACHINE), an admin it is assigned to,
 * and the order it concerns, if any.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => organizations.id),
    userId: text('user_id'),
    orderId: uuid('order_id').references(() => orders.id),
    assigneeUserId: text('assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('support_requests_created_idx').on(table.createdAt.desc()),
    index('support_requests_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('support_requests_order_idx').on(table.orderId),
    index('support_requests_org_created_idx').on(table.orgId, table.createdAt.desc(), table.id.desc()),
  ],
);

/** A message in a support request's thread after the first: an admin's answer or the customer's follow-up. */
export const supportRequestReplies = pgTable(
  'support_request_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id),
    authorUserId: text('author_user_id'),
    /** Whether an admin wrote it (the customer's portal names the company, not the person). */
    fromAdmin: boolean('from_admin').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('support_request_replies_request_idx').on(table.requestId, table.createdAt)],
);

export type TNotificationPreferences = {
  newProjectAssignments: boolean;
  projectUpdates: boolean;
  paymentNotifications: boolean;
};

/** A provider organisation's own settings (spec 001 provider dashboard Settings); one row per organisation. */
export const providerProfiles = pgTable('provider_profiles', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id),
  contactEmail: text('contact_email'),
  phone: text('phone'),
  availability: text('availability'),
  serviceRegions: text('service_regions').array().notNull().default(sql`'{}'::text[]`),
  notificationPreferences: jsonb('notification_preferences')
    .$type<TNotificationPreferences>()
    .notNull()
    .default({ newProjectAssignments: true, projectUpdates: true, paymentNotifications: true }),
  updatedAt: updatedAt(),
});

export type TWorkingHours = { weekday: number; start: string; end: string };
export type TServiceBase = { label: string; lat: number; lon: number; radiusKm: number };

/** A provider organisation's availability for dispatch (decision 124); one row per organisation. */
export const providerAvailability = pgTable('provider_availability', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id),
  /** ISO weekday (1 Monday … 7 Sunday) with local start and end ("08:00", "17:30"); a missing day is closed. */
  workingHours: jsonb('working_hours').$type<TWorkingHours[]>().notNull(),
  /** Local dates ("2026-12-24") the provider does not work. */
  blockedDates: text('blocked_dates').array().notNull().default(sql`'{}'::text[]`),
  jobsPerDay: smallint('jobs_per_day').notNull(),
  bases: jsonb('bases').$type<TServiceBase[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The auto-offer cascade of an order (decision 144): running while it offers the job down the
 * ranking, then accepted, exhausted (no one left) or stopped by an admin.
 */
export const dispatchCascades = pgTable('dispatch_cascades', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  status: text('status').notNull().default('running'),
  stoppedBy: text('stopped_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A secret calendar feed (decision 146): a provider member's own (user_id set) or a customer
 * organisation's (user_id null). Only the SHA-256 of the token is kept; a revoked feed answers 404.
 * A member's feed goes with the member's account (issue 26).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('calendar_feeds_token_idx').on(table.tokenHash),
    // One live feed per member, and one per organisation.
    uniqueIndex('calendar_feeds_one_live_idx')
      .on(table.orgId, sql`coalesce(${table.userId}, '')`)
      .where(sql`revoked_at is null`),
  ],
);
