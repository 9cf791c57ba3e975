import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';

/** The only writer of api_keys (decision 115). */

export type TApiKeyRow = typeof schema.apiKeys.$inferSelect;

export async function insertApiKey(db: TExecutor, values: typeof schema.apiKeys.$inferInsert) {
  const [row] = await db.insert(schema.apiKeys).values(values).returning();
  if (!row) throw new Error('api key insert returned no row');
  return row;
}

/** Keys of one organisation, or the platform's keys when `organizationId` is null; newest first. */
export function listApiKeys(db: TExecutor, organizationId: string | null) {
  return db
    .select()
    .from(schema.apiKeys)
    .where(
      organizationId === null
        ? isNull(schema.apiKeys.organizationId)
        : eq(schema.apiKeys.organizationId, organizationId),
    )
    .orderBy(desc(schema.apiKeys.createdAt), desc(schema.apiKeys.id))
    .limit(200);
}

/** One key of the owner (organisation, or the platform when null): another owner's key is not found. */
export async function findOwnedApiKey(db: TExecutor, organizationId: string | null, id: string) {
  const [row] = await db
    .select()
    .from(schema.apiKeys)
    .where(
      and(
        eq(schema.apiKeys.id, id),
        organizationId === null
          ? isNull(schema.apiKeys.organizationId)
          : eq(schema.apiKeys.organizationId, organizationId),
      ),
    )
    .for('update');
  return row;
}

export async function findApiKeyByPrefix(db: TExecutor, prefix: string) {
  const [row] = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.prefix, prefix));
  return row;
}

export async function markApiKeyRevoked(db: TExecutor, id: string, at: Date) {
  const [row] = await db
    .update(schema.apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(schema.apiKeys.id, id), isNull(schema.apiKeys.revokedAt)))
    .returning();
  return row;
}

export async function markApiKeyUsed(db: TExecutor, id: string, at: Date) {
  await db.update(schema.apiKeys).set({ lastUsedAt: at }).where(eq(schema.apiKeys.id, id));
}

/**
 * The owner's live keys (not revoked, not expired), counted with the owner locked for the rest of
 * the transaction, so two creations at once cannot both pass the cap.
 */
export async function countLiveApiKeysLocked(tx: TExecutor, organizationId: string | null, now: Date) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`spacecapture:api-keys:${organizationId ?? 'platform'}`}))`,
  );
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.apiKeys)
    .where(
      and(
        organizationId === null
          ? isNull(schema.apiKeys.organizationId)
          : eq(schema.apiKeys.organizationId, organizationId),
        isNull(schema.apiKeys.revokedAt),
        or(isNull(schema.apiKeys.expiresAt), gt(schema.apiKeys.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}
