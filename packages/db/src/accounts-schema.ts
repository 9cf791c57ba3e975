import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';

/** Our account data beside the auth library's tables: organisations, roles, memberships, invitations, settings. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Customer and provider organisations (spec 001 §3). */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** customer | provider */
    type: text('type').notNull(),
    status: text('status').notNull().default('active'),
    /** A customer's default currency (ISO 4217): each new order of the organisation takes it (decision 203). */
    currency: text('currency').notNull().default('USD'),
    /** How a customer organisation reads and types areas: metric (m²) or imperial (sq ft) (decision 203). */
    unitSystem: text('unit_system').notNull().default('imperial'),
    /**
     * A customer's branding for its branded share pages (decision 223): an accent colour (#rrggbb),
     * a contact, and the logo as re-encoded by the contained image process (its storage key).
     */
    brandColor: text('brand_color'),
    brandContactName: text('brand_contact_name'),
    brandContactEmail: text('brand_contact_email'),
    brandContactPhone: text('brand_contact_phone'),
    brandLogoKey: text('brand_logo_key'),
    /**
     * A provider's Stripe connected account (decision 227): its id, created once, and its state as
     * Stripe last told it (on the return from onboarding, or by an `account.updated` event at
     * `stripeAccountSyncedAt`). Payouts go by Stripe transfer once details are submitted and payouts
     * are enabled.
     */
    stripeAccountId: text('stripe_account_id'),
    stripeDetailsSubmitted: boolean('stripe_details_submitted').notNull().default(false),
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    stripePayoutsEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
    stripeAccountSyncedAt: timestamp('stripe_account_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('organizations_type_name_idx').on(table.type, table.name),
    // Admin lists of customers and providers: newest first by keyset, and search by name.
    index('organizations_type_created_idx').on(table.type, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('organizations_stripe_account_unique').on(table.stripeAccountId),
    index('organizations_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
  ],
);

/** A user's role (spec 000 §3 user_roles). Each user holds exactly one. */
export const userRoles = pgTable('user_roles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  createdAt: createdAt(),
});

/** Membership of a customer or provider user in their one organisation (admins have none). */
export const orgMemberships = pgTable(
  'org_memberships',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('org_memberships_org_idx').on(table.orgId)],
);

/**
 * Invitations (spec 001 §3). Only a hash of the token is kept: the link in the e-mail is the only
 * copy. Resend replaces the hash, so the old link stops working.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    orgType: text('org_type'),
    roleSuggested: text('role_suggested').notNull(),
    orgId: uuid('org_id').references(() => organizations.id),
    /** pending → accepted | revoked | expired */
    status: text('status').notNull().default('pending'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by'),
    acceptedUserId: text('accepted_user_id'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('invitations_email_status_idx').on(table.email, table.status),
    index('invitations_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/** Platform settings edited by admins (spec 001 §3 feature_flags): a single row, id 1. */
export const featureFlags = pgTable('feature_flags', {
  id: integer('id').primaryKey().default(1),
  addressMaskingDefault: boolean('address_masking_default').notNull().default(true),
  providerAcceptanceDeadlineHours: integer('provider_acceptance_deadline_hours').notNull().default(48),
  mfaRequiredForAdmins: boolean('mfa_required_for_admins').notNull().default(false),
  /** Approve delivered orders left unanswered for auto_approve_after_days (decision 135); off by default. */
  autoApproveDeliveries: boolean('auto_approve_deliveries').notNull().default(false),
  autoApproveAfterDays: integer('auto_approve_after_days').notNull().default(7),
  /** Offer orders ready for assignment down the dispatch ranking by themselves (decision 144). */
  autoOfferCascade: boolean('auto_offer_cascade').notNull().default(false),
  /** Pay providers whose Stripe account is ready by a daily scheduled Stripe payout run (decision 243). */
  scheduledStripePayouts: boolean('scheduled_stripe_payouts').notNull().default(false),
  /**
   * The hosts tour links may point at and whether each may be framed (decision 233); null until an
   * admin saves a list, when DEFAULT_TOUR_HOSTS apply.
   */
  tourHosts: jsonb('tour_hosts').$type<{ host: string; embeddable: boolean }[]>(),
  updatedAt: updatedAt(),
});

/** Secrets generated once and shared by every instance on the same database (e.g. the auth secret). */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
