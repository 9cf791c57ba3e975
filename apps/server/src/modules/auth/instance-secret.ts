import { randomBytes } from 'node:crypto';
import type { TDatabase } from '@spacecapture/db/client';
import { findInstanceSecret, insertInstanceSecretIfMissing } from './auth-repository.ts';

/**
 * A secret generated once and kept in the database, so every instance sharing the database signs
 * with the same key and a restart keeps sessions and links valid. An explicit value wins.
 */
export async function loadInstanceSecret(db: TDatabase, name: string, explicit?: string): Promise<string> {
  if (explicit) return explicit;
  await insertInstanceSecretIfMissing(db, name, randomBytes(32).toString('base64url'));
  const row = await findInstanceSecret(db, name);
  if (!row) throw new Error(`Secret ${name} could not be created.`);
  return row.value;
}
