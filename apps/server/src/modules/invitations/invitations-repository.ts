import { schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { newestFirst } from '../../lib/pagination.ts';

const { invitations, organizations } = schema;

export type TInvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(tx: TExecutor, values: typeof invitations.$inferInsert) {
  const [row] = await tx.insert(invitations).values(values).returning();
  return row!;
}

export async function findInvitation(db: TExecutor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(invitations).where(eq(invitations.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The invitation of a link's token, locked for the transaction unless `forUpdate` is false (a read). */
export async function findInvitationByTokenHash(
  db: TExecutor,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  const [row] = options.forUpdate === false ? await query : await query.for('update');
  return row;
}

/**
 * Serialises invitation writes for one e-mail address until the transaction ends, so two
 * simultaneous invitations cannot both see "no pending invitation yet".
 */
export async function lockInvitationsOfEmail(tx: TExecutor, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`);
}

/** The pending invitation of an e-mail that expires last (older ones may have expired meanwhile). */
export async function findPendingInvitationForEmail(db: TExecutor, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.expiresAt))
    .limit(1);
  return row;
}

export const updateInvitation = stampedUpdate(invitations, invitations.id);

export type TInvitationCursor = { createdAt: string; id: string };

/** Newest first, by (created_at, id) keyset so a page costs the same however many there are. */
export async function listInvitations(
  db: TExecutor,
  options: { limit: number; cursor?: TInvitationCursor; orgId?: string; status?: string },
) {
  const conditions = [];
  if (options.orgId) conditions.push(eq(invitations.orgId, options.orgId));
  if (options.status) conditions.push(eq(invitations.status, options.status));
  if (options.cursor) {
    const at = new Date(options.cursor.createdAt);
    conditions.push(
      or(lt(invitations.createdAt, at), and(eq(invitations.createdAt, at), lt(invitations.id, options.cursor.id))),
    );
  }
  return db
    .select({ invitation: invitations, organization: { id: organizations.id, name: organizations.name } })
    .from(invitations)
    .leftJoin(organizations, eq(organizations.id, invitations.orgId))
    .where(conditions.length ? and(...conditions) : sql`true`)
    .orderBy(...newestFirst(invitations.createdAt, invitations.id))
    .limit(options.limit);
}
