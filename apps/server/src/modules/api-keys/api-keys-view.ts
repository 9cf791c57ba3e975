import type { TApiKey, TApiKeyScope } from '@spacecapture/shared/contracts/api-keys';
import { API_KEY_SCOPES } from '@spacecapture/shared/contracts/api-keys';
import type { TApiKeyRow } from './api-keys-repository.ts';

/** A key as its owner sees it: never the secret or its hash. */
export function apiKeyView(row: TApiKeyRow, now: Date): TApiKey {
  const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: `sck_${row.prefix}`,
    scopes: row.scopes.filter((scope): scope is TApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope)),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    status,
  };
}
