import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TDatabase } from '@spacecapture/db/client';
import type {
  TApiKey,
  TApiKeyList,
  TApiKeyScope,
  TCreateApiKeyRequest,
  TCreatedApiKey,
} from '@spacecapture/shared/contracts/api-keys';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { findProfile, type TAccountProfile } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  countLiveApiKeysLocked,
  findApiKeyByPrefix,
  findOwnedApiKey,
  insertApiKey,
  listApiKeys,
  markApiKeyRevoked,
  markApiKeyUsed,
  type TApiKeyRow,
} from './api-keys-repository.ts';
import { apiKeyView } from './api-keys-view.ts';

/**
 * API keys (issue 15, decision 115). A key reads `sck_<prefix>_<secret>`: the prefix (16 hex
 * characters) finds the row, the secret (32 random bytes, base64url) is checked against its
 * SHA-256. A high-entropy secret needs no slow hash. Keys are looked up on every request, never
 * cached, so a revocation holds on every instance at once.
 */

const KEY_PATTERN = /^sck_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const NOT_FOUND = 'API key not found.';
const INVALID = 'The API key is not valid.';

/** Whose keys: a customer organisation's (its id), or the platform's (null, master admins only). */
export type TApiKeyOwner = string | null;

/** A key that passed: its row and the account it acts for (its creator). */
export type TAuthenticatedKey = { key: TApiKeyRow; profile: TAccountProfile };

function hashSecret(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a header value looks like one of our keys (`Bearer sck_…`); the rest of the check is the service's. */
export function bearerApiKeyOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(sck_\S*)$/i.exec(authorization.trim());
  return match?.[1] ?? null;
}

export function createApiKeysService(deps: {
  db: TDatabase;
  clock: () => Date;
  /** Live keys an organisation (or the platform) may hold (API_KEYS_PER_ORG). */
  maxLiveKeys: number;
}) {
  const { db, clock, maxLiveKeys } = deps;

  /**
   * A platform key reads every organisation's orders without the admin's session, so it never
   * skips the admins' second factor (issue 26): only an admin who has verified one makes one.
   */
  async function assertSecondFactor(actor: TActor, owner: TApiKeyOwner) {
    if (owner !== null) return;
    const profile = await findProfile(db, actor.userId);
    if (!profile?.twoFactorEnabled) {
      throw new AppError('mfa_required', 'Set up two-factor authentication before creating a platform API key.');
    }
  }

  function assertOwner(actor: TActor, owner: TApiKeyOwner) {
    if (owner === null ? actor.role !== 'master_admin' : actor.orgId !== owner) {
      throw new AppError('forbidden', 'Your account cannot manage these API keys.');
    }
  }

  return {
    async list(actor: TActor, owner: TApiKeyOwner): Promise<TApiKeyList> {
      assertOwner(actor, owner);
      const now = clock();
      return { items: (await listApiKeys(db, owner)).map((row) => apiKeyView(row, now)) };
    },

    async create(actor: TActor, owner: TApiKeyOwner, request: TCreateApiKeyRequest): Promise<TCreatedApiKey> {
      assertOwner(actor, owner);
      await assertSecondFactor(actor, owner);
      const now = clock();
      const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
      if (expiresAt && expiresAt <= now) {
        throw new AppError('bad_request', 'The expiry must lie in the future.', {
          expiresAt: 'The expiry must lie in the future.',
        });
      }
      const prefix = randomBytes(8).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const row = await db.transaction(async (tx) => {
        if ((await countLiveApiKeysLocked(tx, owner, now)) >= maxLiveKeys) {
          throw new AppError(
            'conflict',
            `${owner === null ? 'The platform' : 'This organisation'} already has ${maxLiveKeys} active API keys, the most allowed. Revoke one to create another.`,
          );
        }
        const inserted = await insertApiKey(tx, {
          organizationId: owner,
          name: request.name,
          prefix,
          secretHash: hashSecret(secret),
          scopes: [...request.scopes],
          expiresAt,
          createdBy: actor.userId,
          createdAt: now,
        });
        const { secretHash: _hash, ...safe } = inserted;
        await recordAudit(tx, {
          entity: 'api_key',
          entityId: inserted.id,
          action: 'create',
          after: safe,
          actorUserId: actor.userId,
        });
        return inserted;
      });
      return { key: apiKeyView(row, now), secret: `sck_${prefix}_${secret}` };
    },

    async revoke(actor: TActor, owner: TApiKeyOwner, id: string): Promise<TApiKey> {
      assertOwner(actor, owner);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const found = await findOwnedApiKey(tx, owner, id);
        if (!found) throw new AppError('not_found', NOT_FOUND);
        if (found.revokedAt) throw new AppError('conflict', 'This API key is already revoked.');
        const revoked = await markApiKeyRevoked(tx, id, now);
        if (!revoked) throw new AppError('conflict', 'This API key is already revoked.');
        await recordAudit(tx, {
          entity: 'api_key',
          entityId: id,
          action: 'revoke',
          before: { revokedAt: null },
          after: { revokedAt: now.toISOString() },
          actorUserId: actor.userId,
        });
        return revoked;
      });
      return apiKeyView(row, now);
    },

    /**
     * The key a request presents, checked now (no cache): 401 when it is unknown, wrong, revoked
     * or expired, or when the account that made it no longer belongs to the key's owner.
     */
    async authenticate(token: string): Promise<TAuthenticatedKey> {
      const match = KEY_PATTERN.exec(token);
      if (!match?.[1] || !match[2]) throw new AppError('unauthenticated', INVALID);
      const key = await findApiKeyByPrefix(db, match[1]);
      if (!key) throw new AppError('unauthenticated', INVALID);
      const presented = Buffer.from(hashSecret(match[2]), 'hex');
      const stored = Buffer.from(key.secretHash, 'hex');
      if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) {
        throw new AppError('unauthenticated', INVALID);
      }
      if (key.revokedAt) throw new AppError('unauthenticated', 'This API key has been revoked.');
      if (key.expiresAt && key.expiresAt <= clock()) throw new AppError('unauthenticated', 'This API key has expired.');
      const profile = key.createdBy ? await findProfile(db, key.createdBy) : undefined;
      const stillOwner =
        profile?.role &&
        (key.organizationId === null
          ? profile.role === 'master_admin' && profile.twoFactorEnabled
          : profile.organization?.id === key.organizationId && profile.role === 'customer_admin');
      if (!profile || !stillOwner) {
        throw new AppError('unauthenticated', 'The account that created this API key can no longer use it.');
      }
      return { key, profile };
    },

    /** Whether a key holds a scope. */
    allows(key: TApiKeyRow, scope: TApiKeyScope) {
      return key.scopes.includes(scope);
    },

    /** One use of a key: its last-used time and an audit entry (written after the answer went out). */
    async recordUse(key: TApiKeyRow, use: { method: string; route: string; status: number; requestId: string }) {
      const now = clock();
      await db.transaction(async (tx) => {
        await markApiKeyUsed(tx, key.id, now);
        await recordAudit(tx, {
          entity: 'api_key',
          entityId: key.id,
          action: 'use',
          after: { ...use, organizationId: key.organizationId, at: now.toISOString() },
          actorUserId: key.createdBy,
        });
      });
    },
  };
}

export type TApiKeysService = ReturnType<typeof createApiKeysService>;
