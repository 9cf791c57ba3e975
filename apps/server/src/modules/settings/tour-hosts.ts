import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  DEFAULT_TOUR_HOSTS,
  type TTourHost,
  type TTourHosts,
  type TTourView,
} from '@spacecapture/shared/contracts/tour-links';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findFeatureFlagsRow, lockFeatureFlagsRow, updateTourHostsRow } from './settings-repository.ts';

/** The hosts tour links may point at (decision 233): the saved list, or the defaults until one is saved. */
export async function readTourHosts(db: TExecutor): Promise<TTourHost[]> {
  const row = await findFeatureFlagsRow(db);
  return row?.tourHosts ?? DEFAULT_TOUR_HOSTS.map((entry) => ({ ...entry }));
}

/** How long an instance serves the `frame-src` it last read before reading the list again. */
export const TOUR_FRAME_SOURCES_TTL_MS = 10_000;

/**
 * The tour hosts for admin Settings, and the list every answer's `frame-src` is computed from.
 * The headers read it from memory (no query per request); it is read again at most every
 * TOUR_FRAME_SOURCES_TTL_MS, and at once on this instance when an admin saves.
 */
export function createTourHosts(deps: { db: TDatabase; clock: () => Date }) {
  const { db } = deps;
  let cached: { hosts: TTourHost[]; readAt: number } = {
    hosts: DEFAULT_TOUR_HOSTS.map((entry) => ({ ...entry })),
    readAt: Number.NEGATIVE_INFINITY,
  };
  let reading: Promise<unknown> | undefined;

  async function refresh() {
    const hosts = await readTourHosts(db);
    cached = { hosts, readAt: deps.clock().getTime() };
    return hosts;
  }

  return {
    async get(): Promise<TTourHosts> {
      return { hosts: await refresh() };
    },

    /** The list as last read; starts a read in the background once it is older than the TTL. */
    current(): readonly TTourHost[] {
      if (!reading && deps.clock().getTime() - cached.readAt > TOUR_FRAME_SOURCES_TTL_MS) {
        reading = refresh()
          .catch(() => undefined)
          .finally(() => {
            reading = undefined;
          });
      }
      return cached.hosts;
    },

    /** Reads the list now (at start, so the first answers already carry it). */
    refresh,

    /** Saves the list, audited with the list before and after; a save that changes nothing writes nothing. */
    async update(actor: TActor, request: TTourHosts): Promise<TTourHosts> {
      const hosts = await db.transaction(async (tx) => {
        const row = await lockFeatureFlagsRow(tx);
        const before = row.tourHosts ?? DEFAULT_TOUR_HOSTS.map((entry) => ({ ...entry }));
        if (JSON.stringify(before) === JSON.stringify(request.hosts) && row.tourHosts !== null) return before;
        await updateTourHostsRow(tx, request.hosts);
        await recordAudit(tx, {
          entity: 'feature_flags',
          entityId: '1',
          action: 'update',
          before: { tourHosts: before },
          after: { tourHosts: request.hosts, changed: ['tourHosts'] },
          actorUserId: actor.userId,
        });
        return request.hosts;
      });
      cached = { hosts, readAt: deps.clock().getTime() };
      return { hosts };
    },
  };
}

export type TTourHostsService = ReturnType<typeof createTourHosts>;

/**
 * How a tour is shown now: framed only while its host is listed as embeddable (the frame-src
 * allows exactly those), a link opened in a new tab otherwise; null for a file.
 */
export function tourViewOf(tourUrl: string | null, hosts: readonly TTourHost[]): TTourView | null {
  if (tourUrl === null) return null;
  const { hostname } = new URL(tourUrl);
  return { url: tourUrl, embeddable: hosts.some((entry) => entry.host === hostname && entry.embeddable) };
}
