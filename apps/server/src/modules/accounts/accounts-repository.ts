import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_FEATURE_FLAGS } from '../settings/feature-flags-repository.ts';

const { user, account, userRoles, orgMemberships, organizations, session, featureFlags } = schema;

export type TAccountProfile = {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  role: string | null;
  organization: {
    id: string;
    name: string;
    type: string;
    orgRole: string;
    currency: string;
    unitSystem: string;
  } | null;
  /** The platform setting, read with the profile: every signed-in request needs it for an admin. */
  mfaRequiredForAdmins: boolean;
};

export async function findProfile(db: TExecutor, userId: string): Promise<TAccountProfile | undefined> {
  const [row] = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      role: userRoles.role,
      orgId: organizations.id,
      orgName: organizations.name,
      orgType: organizations.type,
      orgCurrency: organizations.currency,
      orgUnitSystem: organizations.unitSystem,
      orgRole: orgMemberships.role,
      mfaRequiredForAdmins: featureFlags.mfaRequiredForAdmins,
    })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(orgMemberships, eq(orgMemberships.userId, user.id))
    .leftJoin(organizations, eq(organizations.id, orgMemberships.orgId))
    // The settings' single row (absent until an admin saves one): one statement per request.
    .leftJoin(featureFlags, eq(featureFlags.id, 1))
    .where(eq(user.id, userId));
  if (!row) return undefined;
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    role: row.role,
    organization:
      row.orgId && row.orgName && row.orgType && row.orgRole
        ? {
            id: row.orgId,
            name: row.orgName,
            type: row.orgType,
            orgRole: row.orgRole,
            currency: row.orgCurrency ?? 'USD',
            unitSystem: row.orgUnitSystem ?? 'imperial',
          }
        : null,
    mfaRequiredForAdmins: row.mfaRequiredForAdmins ?? DEFAULT_FEATURE_FLAGS.mfaRequiredForAdmins,
  };
}

export async function findUserIdByEmail(db: TExecutor, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.id;
}

export async function insertCredentialUser(
  tx: TExecutor,
  input: { id: string; email: string; name: string; passwordHash: string; emailVerified: boolean; now: Date },
) {
  await tx.insert(user).values({
    id: input.id,
    email: input.email,
    name: input.name,
    emailVerified: input.emailVerified,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: input.id,
    providerId: 'credential',
    userId: input.id,
    password: input.passwordHash,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

export async function insertRole(tx: TExecutor, userId: string, role: string) {
  await tx.insert(userRoles).values({ userId, role });
}

export async function insertMembership(tx: TExecutor, userId: string, orgId: string, role: string) {
  await tx.insert(orgMemberships).values({ userId, orgId, role });
}

export async function countAdmins(db: TExecutor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(inArray(userRoles.role, ['master_admin', 'admin']));
  return row?.n ?? 0;
}

/**
 * Serialises the creation of the first admin across connections and instances: the check "no
 * admin yet" and the insert must not interleave. Held until the transaction ends.
 */
export async function lockFirstAdminCreation(tx: TExecutor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('spacecapture:first-admin'))`);
}

/** An organisation's members with their e-mail, name and role, earliest first (the team page, the admin console). */
export async function listOrgMembers(db: TExecutor, orgId: string) {
  return db
    .select({
      userId: orgMemberships.userId,
      email: user.email,
      name: user.name,
      role: orgMemberships.role,
      joinedAt: orgMemberships.createdAt,
    })
    .from(orgMemberships)
    .innerJoin(user, eq(user.id, orgMemberships.userId))
    .where(eq(orgMemberships.orgId, orgId))
    .orderBy(asc(orgMemberships.createdAt), asc(orgMemberships.userId));
}

export async function findMembership(db: TExecutor, orgId: string, userId: string) {
  const [row] = await db
    .select()
    .from(orgMemberships)
    .where(and(eq(orgMemberships.orgId, orgId), eq(orgMemberships.userId, userId)));
  return row;
}

/** Removes a user entirely; sessions, credentials, role and membership go with it. */
export async function deleteUser(tx: TExecutor, userId: string) {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(orgMemberships).where(eq(orgMemberships.userId, userId));
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(user).where(eq(user.id, userId));
}

/**
 * Sessions that expired before `cutoff` (they no longer sign anyone in), at most `limit` a
 * statement, for the retention worker (decision 081). better-auth writes the others.
 */
export async function deleteSessionsExpiredBefore(db: TExecutor, cutoff: Date, limit: number) {
  const result = (await db.execute(sql`delete from "session" where id in (
      select id from "session" where expires_at < ${cutoff.toISOString()} limit ${limit}
    ) returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export async function findOrganization(db: TExecutor, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function lockOrganization(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}

/** The one rename of an organisation (customer settings, provider settings), on the app's clock. */
export async function renameOrganization(tx: TExecutor, id: string, name: string, now: Date) {
  const [row] = await tx
    .update(organizations)
    .set({ name, updatedAt: now })
    .where(eq(organizations.id, id))
    .returning();
  if (!row) throw new Error('organization update returned nothing');
  return row;
}

/** A customer organisation's branding for its branded share pages (decision 223); `logoKey` only when given. */
export async function updateOrganizationBranding(
  tx: TExecutor,
  id: string,
  branding: {
    color?: string | null;
    contactName?: string | null;
    contactEmail?: string | null;
    contactPhone?: string | null;
    logoKey?: string | null;
  },
  now: Date,
) {
  const [row] = await tx
    .update(organizations)
    .set({
      ...(branding.color === undefined ? {} : { brandColor: branding.color }),
      ...(branding.contactName === undefined ? {} : { brandContactName: branding.contactName }),
      ...(branding.contactEmail === undefined ? {} : { brandContactEmail: branding.contactEmail }),
      ...(branding.contactPhone === undefined ? {} : { brandContactPhone: branding.contactPhone }),
      ...(branding.logoKey === undefined ? {} : { brandLogoKey: branding.logoKey }),
      updatedAt: now,
    })
    .where(eq(organizations.id, id))
    .returning();
  if (!row) throw new Error('organization update returned nothing');
  return row;
}

/**
 * An organisation's settings (decision 203): the default currency new orders take, the unit system
 * areas are shown in. Orders already made keep their currency.
 */
export async function updateOrganizationSettings(
  tx: TExecutor,
  id: string,
  settings: { currency?: string | undefined; unitSystem?: string | undefined },
  now: Date,
) {
  const [row] = await tx
    .update(organizations)
    .set({
      ...(settings.currency === undefined ? {} : { currency: settings.currency }),
      ...(settings.unitSystem === undefined ? {} : { unitSystem: settings.unitSystem }),
      updatedAt: now,
    })
    .where(eq(organizations.id, id))
    .returning();
  if (!row) throw new Error('organization update returned nothing');
  return row;
}

/** A provider's Stripe connected account as Stripe last told it (decision 227). */
export type TStripeAccountState = {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
};

/**
 * Gives the organisation its Stripe connected account, once: an organisation that has one keeps it
 * (the update matches nothing). The account id kept, this one or the one there before.
 */
export async function assignStripeAccount(tx: TExecutor, id: string, accountId: string, now: Date) {
  await tx
    .update(organizations)
    .set({ stripeAccountId: accountId, updatedAt: now })
    .where(and(eq(organizations.id, id), isNull(organizations.stripeAccountId)));
  const [row] = await tx
    .select({ stripeAccountId: organizations.stripeAccountId })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.stripeAccountId ?? null;
}

/** The organisation that holds a Stripe connected account. */
export async function findOrganizationByStripeAccount(db: TExecutor, accountId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.stripeAccountId, accountId));
  return row;
}

/**
 * Records a connected account's state as Stripe told it at `syncedAt`: the row as it was, and as
 * it became; null when no organisation holds the account.
 */
export async function recordStripeAccountState(
  tx: TExecutor,
  accountId: string,
  state: TStripeAccountState,
  syncedAt: Date,
) {
  const [before] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.stripeAccountId, accountId))
    .for('update');
  if (!before) return null;
  const [after] = await tx
    .update(organizations)
    .set({
      stripeDetailsSubmitted: state.detailsSubmitted,
      stripeChargesEnabled: state.chargesEnabled,
      stripePayoutsEnabled: state.payoutsEnabled,
      stripeAccountSyncedAt: syncedAt,
    })
    .where(eq(organizations.id, before.id))
    .returning();
  return after ? { before, after } : null;
}

export async function insertOrganization(tx: TExecutor, input: { name: string; type: string }) {
  const [row] = await tx.insert(organizations).values(input).returning();
  return row!;
}

export async function listActiveOrganizations(db: TExecutor, type: string) {
  return db
    .select({ id: organizations.id, name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(and(eq(organizations.type, type), eq(organizations.status, 'active')))
    .orderBy(asc(organizations.name));
}

/** The users holding one of the roles, by name: the admins a support request can be assigned to. */
export async function listUsersWithRoles(db: TExecutor, roles: readonly string[]) {
  return db
    .selectDistinct({ userId: user.id, email: user.email, name: user.name })
    .from(user)
    .innerJoin(userRoles, eq(userRoles.userId, user.id))
    .where(inArray(userRoles.role, [...roles]))
    .orderBy(asc(user.name), asc(user.id));
}

/** Whether the user holds one of the roles. */
export async function hasAnyRole(db: TExecutor, userId: string, roles: readonly string[]) {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [...roles])))
    .limit(1);
  return Boolean(row);
}
