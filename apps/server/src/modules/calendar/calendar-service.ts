import { createHash, randomBytes } from 'node:crypto';
import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TCalendarFeed, TCalendarFeedCreated } from '@spacecapture/shared/contracts/scheduling';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { AppError } from '@spacecapture/shared/errors';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { TActor } from '../../lib/actor.ts';
import { findOrganization, findProfile } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  findLiveFeed,
  findLiveFeedByTokenHash,
  insertFeed,
  listFeedCaptures,
  revokeLiveFeeds,
} from './calendar-repository.ts';
import { serializeCalendar, type TCalendarEvent } from './ics.ts';

/** 32 random bytes: 256 bits, written as 43 base64url characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Captures that ended longer ago than this drop out of a feed. */
const PAST_DAYS = 60;
const FEED_LIMIT = 500;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type TFeedOwner = { orgId: string; userId: string | null; scope: 'member' | 'organization' };

/**
 * Secret calendar feeds (decision 146): each provider member has its own, each customer
 * organisation one. The address holds a 256-bit token of which only the SHA-256 is stored; making
 * a new one revokes the old, and a revoked or unknown token is not found.
 */
export function createCalendarService(deps: { db: TDatabase; clock: () => Date; publicUrl: string }) {
  const { db, clock } = deps;

  function ownerOf(actor: TActor): TFeedOwner {
    if (!actor.orgId) throw new AppError('forbidden', 'This account belongs to no organisation.');
    return (PROVIDER_ROLES as readonly string[]).includes(actor.role)
      ? { orgId: actor.orgId, userId: actor.userId, scope: 'member' }
      : { orgId: actor.orgId, userId: null, scope: 'organization' };
  }

  /** A customer organisation's feed is shared by its members: only its admin makes or revokes it. */
  function assertManages(actor: TActor, owner: TFeedOwner) {
    if (owner.scope === 'organization' && actor.role !== 'customer_admin') {
      throw new AppError('forbidden', 'Only an organisation admin can make or revoke its calendar address.');
    }
  }

  async function revokeLive(tx: TExecutor, owner: TFeedOwner, actor: TActor) {
    const revoked = await revokeLiveFeeds(tx, owner, clock());
    for (const row of revoked) {
      await recordAudit(tx, {
        entity: 'calendar_feed',
        entityId: row.id,
        action: 'revoke',
        before: { ...owner, createdAt: row.createdAt },
        after: { revoked: true },
        actorUserId: actor.userId,
      });
    }
    return revoked.length;
  }

  /**
   * A member's feed is read with the member's rights of now, as a session would be: it stops when
   * the account is gone, has left the organisation or no longer holds a provider role there.
   */
  async function memberStillHolds(feed: { orgId: string; userId: string | null }) {
    if (!feed.userId) return true;
    const profile = await findProfile(db, feed.userId);
    return (
      profile?.organization?.id === feed.orgId && (PROVIDER_ROLES as readonly (string | null)[]).includes(profile.role)
    );
  }

  return {
    async feed(actor: TActor): Promise<TCalendarFeed> {
      const owner = ownerOf(actor);
      const row = await findLiveFeed(db, owner);
      return { feed: row ? { createdAt: row.createdAt.toISOString(), scope: owner.scope } : null };
    },

    /** Makes a new address (revoking the one before); the address is only ever shown here. */
    async create(actor: TActor): Promise<TCalendarFeedCreated> {
      const owner = ownerOf(actor);
      assertManages(actor, owner);
      const token = randomBytes(32).toString('base64url');
      const row = await db.transaction(async (tx) => {
        await revokeLive(tx, owner, actor);
        const inserted = await insertFeed(tx, {
          tokenHash: hashOf(token),
          orgId: owner.orgId,
          userId: owner.userId,
          createdAt: clock(),
        });
        await recordAudit(tx, {
          entity: 'calendar_feed',
          entityId: inserted.id,
          action: 'create',
          before: null,
          after: { orgId: owner.orgId, userId: owner.userId, scope: owner.scope },
          actorUserId: actor.userId,
        });
        return inserted;
      });
      return {
        url: `${deps.publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async revoke(actor: TActor): Promise<TCalendarFeed> {
      const owner = ownerOf(actor);
      assertManages(actor, owner);
      const count = await db.transaction((tx) => revokeLive(tx, owner, actor));
      if (count === 0) throw new AppError('not_found', 'There is no calendar address to revoke.');
      return { feed: null };
    },

    /** The feed a token opens, as RFC 5545 text; an unknown or revoked token is not found. */
    async render(fileName: string): Promise<string> {
      const token = fileName.endsWith('.ics') ? fileName.slice(0, -4) : '';
      if (!TOKEN_PATTERN.test(token)) throw new AppError('not_found', 'Calendar not found.');
      const feed = await findLiveFeedByTokenHash(db, hashOf(token));
      if (!feed) throw new AppError('not_found', 'Calendar not found.');
      const org = await findOrganization(db, feed.orgId);
      if (org?.status !== 'active' || !(await memberStillHolds(feed))) {
        throw new AppError('not_found', 'Calendar not found.');
      }
      const now = clock();
      const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
      // A member's feed shows its organisation's jobs; a customer organisation's, its orders.
      const rows = await listFeedCaptures(db, {
        orgId: feed.orgId,
        side: feed.userId ? 'provider' : 'customer',
        since,
        limit: FEED_LIMIT,
      });
      const events: TCalendarEvent[] = rows.map((row) => ({
        uid: `${row.id}@spacecapture`,
        start: row.start!,
        end: row.end!,
        summary: `Capture: ${row.title}`,
        location: row.location,
        description: labelOf(CAPTURE_TYPE_OPTIONS, row.captureType),
      }));
      return serializeCalendar({ name: `${org.name} captures`, events, now });
    },
  };
}

export type TCalendarService = ReturnType<typeof createCalendarService>;
