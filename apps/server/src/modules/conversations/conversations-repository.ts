import { schema, type TExecutor } from '@spacecapture/db/client';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';

const {
  conversations,
  conversationMessages,
  messageAttachments,
  conversationReads,
  messageDigestState,
  orders,
  assignments,
  organizations,
  orgMemberships,
  userRoles,
  user,
} = schema;

/**
 * The conversations' SQL, and the only writer of conversations, conversation_messages,
 * message_attachments, conversation_reads and message_digest_state.
 */

export type TConversationRow = typeof conversations.$inferSelect;
export type TMessageRow = typeof conversationMessages.$inferSelect;
export type TAttachmentRow = typeof messageAttachments.$inferSelect;

export async function findOrgOrderRow(db: TExecutor, orgId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, customerOrgId: orders.customerOrgId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerOrgId, orgId)));
  return row;
}

export async function findOrderRow(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, customerOrgId: orders.customerOrgId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** An accepted assignment, of `orgId` when given. */
export async function findAcceptedAssignment(db: TExecutor, id: string, orgId?: string) {
  const [row] = await db
    .select({ id: assignments.id, orderId: assignments.orderId, providerOrgId: assignments.providerOrgId })
    .from(assignments)
    .where(
      and(
        eq(assignments.id, id),
        eq(assignments.status, 'accepted'),
        orgId ? eq(assignments.providerOrgId, orgId) : undefined,
      ),
    );
  return row;
}

export async function findAcceptedAssignmentOfOrder(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({ id: assignments.id, orderId: assignments.orderId, providerOrgId: assignments.providerOrgId })
    .from(assignments)
    .where(and(eq(assignments.orderId, orderId), eq(assignments.status, 'accepted')))
    .orderBy(desc(assignments.createdAt))
    .limit(1);
  return row;
}

/** The conversation, created if it does not exist yet (two callers at once still make one). */
export async function ensureConversation(
  db: TExecutor,
  values: Pick<typeof conversations.$inferInsert, 'kind' | 'orderId' | 'assignmentId' | 'organizationId'>,
): Promise<TConversationRow> {
  const match =
    values.kind === 'order_customer'
      ? and(eq(conversations.orderId, values.orderId), eq(conversations.kind, 'order_customer'))
      : eq(conversations.assignmentId, values.assignmentId ?? '');
  const [found] = await db.select().from(conversations).where(match);
  if (found) return found;
  await db.insert(conversations).values(values).onConflictDoNothing();
  const [row] = await db.select().from(conversations).where(match);
  return row!;
}

export async function findConversation(db: TExecutor, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function setAssignedAdmin(tx: TExecutor, id: string, adminId: string | null) {
  const [row] = await tx
    .update(conversations)
    .set({ assignedAdminId: adminId })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}

export async function insertMessage(tx: TExecutor, values: typeof conversationMessages.$inferInsert) {
  const [row] = await tx.insert(conversationMessages).values(values).returning();
  await tx
    .update(conversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(eq(conversations.id, values.conversationId));
  return row!;
}

export async function insertAttachments(tx: TExecutor, values: (typeof messageAttachments.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(messageAttachments).values(values).returning();
}

/** Messages of a conversation, oldest first, with their authors' names. */
export async function listMessages(db: TExecutor, conversationId: string) {
  return db
    .select({ message: conversationMessages, authorName: user.name })
    .from(conversationMessages)
    .leftJoin(user, eq(user.id, conversationMessages.authorUserId))
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
}

export async function attachmentsOf(db: TExecutor, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, [...messageIds]));
}

export async function findAttachment(db: TExecutor, id: string) {
  const [row] = await db
    .select({ attachment: messageAttachments, conversationId: conversationMessages.conversationId })
    .from(messageAttachments)
    .innerJoin(conversationMessages, eq(conversationMessages.id, messageAttachments.messageId))
    .where(eq(messageAttachments.id, id));
  return row;
}

/** Marks the conversation read by the person up to `at` (never backwards). */
export async function markRead(tx: TExecutor, conversationId: string, userId: string, at: Date) {
  await tx
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadAt: sql`greatest(${conversationReads.lastReadAt}, excluded.last_read_at)` },
    });
}

/** Messages of others the person has not read, counted per conversation. */
export async function unreadCounts(
  db: TExecutor,
  userId: string,
  scope: { conversationIds?: readonly string[]; organizationId?: string },
) {
  const conditions = [
    or(isNull(conversationMessages.authorUserId), ne(conversationMessages.authorUserId, userId)),
    or(isNull(conversationReads.lastReadAt), gt(conversationMessages.createdAt, conversationReads.lastReadAt)),
  ];
  if (scope.conversationIds) {
    if (scope.conversationIds.length === 0) return new Map<string, number>();
    conditions.push(inArray(conversationMessages.conversationId, [...scope.conversationIds]));
  }
  if (scope.organizationId) conditions.push(eq(conversations.organizationId, scope.organizationId));
  const rows = await db
    .select({ conversationId: conversationMessages.conversationId, count: sql<number>`count(*)::int` })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .leftJoin(
      conversationReads,
      and(
        eq(conversationReads.conversationId, conversationMessages.conversationId),
        eq(conversationReads.userId, userId),
      ),
    )
    .where(and(...conditions))
    .groupBy(conversationMessages.conversationId);
  return new Map(rows.map((row) => [row.conversationId, Number(row.count)]));
}

/** Every conversation for the admin inbox, most recent message first. */
export async function listInbox(db: TExecutor, filter: 'all' | 'mine' | 'unassigned', adminId: string) {
  const assignedAdmin = schema.user;
  return db
    .select({
      conversation: conversations,
      orderTitle: orders.title,
      organizationName: organizations.name,
      assignedAdminName: assignedAdmin.name,
    })
    .from(conversations)
    .innerJoin(orders, eq(orders.id, conversations.orderId))
    .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
    .leftJoin(assignedAdmin, eq(assignedAdmin.id, conversations.assignedAdminId))
    .where(
      filter === 'mine'
        ? eq(conversations.assignedAdminId, adminId)
        : filter === 'unassigned'
          ? isNull(conversations.assignedAdminId)
          : undefined,
    )
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
    .limit(500);
}

export async function findOrganizationName(db: TExecutor, id: string) {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return row?.name ?? null;
}

export async function memberIdsOf(db: TExecutor, orgId: string) {
  const rows = await db
    .select({ userId: orgMemberships.userId })
    .from(orgMemberships)
    .where(eq(orgMemberships.orgId, orgId));
  return rows.map((row) => row.userId);
}

export async function adminIds(db: TExecutor) {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.role, [...ADMIN_ROLES]));
  return rows.map((row) => row.userId);
}

export async function findDigestPreference(db: TExecutor, userId: string) {
  const [row] = await db.select().from(messageDigestState).where(eq(messageDigestState.userId, userId));
  return row?.emailDigests ?? true;
}

export async function setDigestPreference(tx: TExecutor, userId: string, emailDigests: boolean) {
  await tx
    .insert(messageDigestState)
    .values({ userId, emailDigests })
    .onConflictDoUpdate({ target: messageDigestState.userId, set: { emailDigests } });
}

/**
 * Messages a digest may name: posted after `since`, newest last, with their conversation. The
 * worker decides per person which of them that person should hear about.
 */
export async function messagesSince(db: TExecutor, since: Date, until: Date) {
  return db
    .select({
      message: conversationMessages,
      conversation: conversations,
      orderTitle: orders.title,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .innerJoin(orders, eq(orders.id, conversations.orderId))
    .where(and(gt(conversationMessages.createdAt, since), sql`${conversationMessages.createdAt} <= ${until}`))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
}

export async function readsOf(db: TExecutor, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select()
    .from(conversationReads)
    .where(inArray(conversationReads.conversationId, [...conversationIds]));
}

export async function digestStatesOf(db: TExecutor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(messageDigestState)
    .where(inArray(messageDigestState.userId, [...userIds]));
}

export async function usersByIds(db: TExecutor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.id, [...ids]));
}

/** Records that the person was e-mailed about every message up to `upTo`. */
/**
 * The lock of a digest pass, held until the transaction ends; false when another instance's pass
 * holds it (no wait: that pass covers the same messages).
 */
export async function takeDigestPassLock(tx: TExecutor) {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('spacecapture:message-digests')) as locked`,
  );
  // node-postgres and PGlite both answer `{ rows }`.
  return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
}

export async function setEmailedUpTo(tx: TExecutor, userId: string, upTo: Date) {
  await tx
    .insert(messageDigestState)
    .values({ userId, emailedUpTo: upTo })
    .onConflictDoUpdate({ target: messageDigestState.userId, set: { emailedUpTo: upTo } });
}
