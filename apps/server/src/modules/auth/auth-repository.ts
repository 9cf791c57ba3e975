import { schema, type TExecutor } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';

const { instanceSecrets } = schema;

/** Stores the value under the name unless one is there already (the first instance's wins). */
export async function insertInstanceSecretIfMissing(db: TExecutor, name: string, value: string) {
  await db.insert(instanceSecrets).values({ name, value }).onConflictDoNothing();
}

/** Stores the value under the name, replacing the one there. */
export async function putInstanceSecret(db: TExecutor, name: string, value: string) {
  await db
    .insert(instanceSecrets)
    .values({ name, value })
    .onConflictDoUpdate({ target: instanceSecrets.name, set: { value } });
}

export async function findInstanceSecret(db: TExecutor, name: string) {
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
  return row;
}

export async function deleteInstanceSecret(db: TExecutor, name: string) {
  await db.delete(instanceSecrets).where(eq(instanceSecrets.name, name));
}
