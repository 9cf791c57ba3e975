import { randomBytes } from 'node:crypto';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';

/**
 * A secret generated once and kept in the database, so every instance sharing the database signs
 * with the same key and a restart keeps sessions and links valid. An explicit value wins.
 */
export async function loadInstanceSecret(db: TDatabase, name: string, explicit?: string): Promise<string> {
  if (explicit) return explicit;
  await db
    .insert(schema.instanceSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.instanceSecrets).where(eq(schema.instanceSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be created.`);
  return row.value;
}
