import type { TDatabase } from '@spacecapture/db/client';
import { ON_TIME_GRACE_HOURS } from '@spacecapture/shared/contracts/admin-console/reporting';
import type {
  TDispatchRankingResponse,
  TOrderDispatchDetails,
  TProviderAvailability,
  TProviderAvailabilityRequest,
  TProviderAvailabilityResponse,
  TSetOrderPlaceRequest,
} from '@spacecapture/shared/contracts/dispatch';
import { busyRange, scoreProviders, screenProviders } from '@spacecapture/shared/dispatch-ranking';
import { AppError } from '@spacecapture/shared/errors';
import { providerReadiness, type TReadiness } from '@spacecapture/shared/provider-readiness';
import { windowsInZone } from '@spacecapture/shared/zoned-time';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findOrder, lockOrder, type TOrderRow, updateOrder } from '../orders/orders-repository.ts';
import { findProviderOrg, listCertifications, listDevices } from '../providers/providers-repository.ts';
import {
  createProfileReader,
  findAvailability,
  loadRecords,
  type TAvailabilityRow,
  upsertAvailability,
} from './dispatch-repository.ts';

/** The most provider organisations one ranking looks at. */
const RANKING_LIMIT = 2_000;

function providerOrgOf(actor: TActor) {
  if (!actor.orgId) throw new AppError('forbidden', 'Your account has no organization.');
  return actor.orgId;
}

function toAvailabilityView(row: TAvailabilityRow | undefined): TProviderAvailability | null {
  if (!row) return null;
  return {
    workingHours: [...row.workingHours].sort((a, b) => a.weekday - b.weekday),
    blockedDates: [...row.blockedDates].sort(),
    jobsPerDay: row.jobsPerDay,
    bases: row.bases,
  };
}

function toDetailsView(order: TOrderRow): TOrderDispatchDetails {
  return {
    orderId: order.id,
    place: order.place ?? null,
    preferredWindows: order.preferredWindows ?? [],
    accessNotes: order.accessNotes ?? null,
  };
}

/**
 * Dispatch (decisions 123–125): where an order is, when the provider works and where it goes,
 * and which providers fit an order, ranked with their reasons.
 */
export function createDispatchService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;
  const readProfiles = createProfileReader(db);

  /**
   * The provider organisation's checklist before dispatch can offer it jobs (decision 200): the
   * facts the ranking's hard checks read.
   */
  async function readinessOf(orgId: string): Promise<TReadiness> {
    if (!(await findProviderOrg(db, orgId))) throw new AppError('not_found', 'Provider not found.');
    const [certifications, devices, availability] = await Promise.all([
      listCertifications(db, orgId),
      listDevices(db, orgId),
      findAvailability(db, orgId),
    ]);
    return providerReadiness(
      { certifications, deviceCount: devices.length, availability: availability ?? null },
      clock(),
    );
  }

  return {
    async availability(actor: TActor): Promise<TProviderAvailabilityResponse> {
      return { availability: toAvailabilityView(await findAvailability(db, providerOrgOf(actor))) };
    },

    /** Saves the caller organisation's availability whole, audited. */
    async updateAvailability(
      actor: TActor,
      request: TProviderAvailabilityRequest,
    ): Promise<TProviderAvailabilityResponse> {
      const orgId = providerOrgOf(actor);
      const saved = await db.transaction(async (tx) => {
        const before = await findAvailability(tx, orgId);
        const after = await upsertAvailability(
          tx,
          {
            orgId,
            workingHours: request.workingHours,
            blockedDates: [...new Set(request.blockedDates)],
            jobsPerDay: request.jobsPerDay,
            bases: request.bases,
          },
          clock(),
        );
        await recordAudit(tx, {
          entity: 'provider_availability',
          entityId: orgId,
          action: 'update',
          before: before ?? null,
          after,
          actorUserId: actor.userId,
        });
        return after;
      });
      return { availability: toAvailabilityView(saved) };
    },

    /** Admin: places an order (and records the customer's windows and access notes when given), audited. */
    async setOrderPlace(
      orderId: string,
      request: TSetOrderPlaceRequest,
      actor: TActor,
    ): Promise<TOrderDispatchDetails> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('not_found', 'Order not found.');
        // Windows the customer gave on the form, local at the place, are read in the place's zone
        // when the admin sends none (decision 140).
        const requested = order.preferredDates?.windows ?? [];
        const preferredWindows =
          request.preferredWindows ?? (requested.length ? windowsInZone(requested, request.place.timeZone) : undefined);
        const after = await updateOrder(
          tx,
          order.id,
          {
            place: request.place,
            ...(preferredWindows ? { preferredWindows } : {}),
            ...(request.accessNotes !== undefined ? { accessNotes: request.accessNotes } : {}),
          },
          clock(),
        );
        await recordAudit(tx, {
          entity: 'order',
          entityId: order.id,
          action: 'set_place',
          before: toDetailsView(order),
          after: toDetailsView(after),
          actorUserId: actor.userId,
        });
        return toDetailsView(after);
      });
    },

    /** A provider organisation's checklist; another type's id, or none, is not found. */
    readiness: readinessOf,

    /** The caller's own organisation's checklist. */
    async ownReadiness(actor: TActor): Promise<TReadiness> {
      return readinessOf(providerOrgOf(actor));
    },

    /** Every active provider for an order: the eligible ranked with a score and reasons, the others out with theirs. */
    async ranking(orderId: string): Promise<TDispatchRankingResponse> {
      const found = await findOrder(db, orderId);
      if (!found) throw new AppError('not_found', 'Order not found.');
      const { order } = found;
      const now = clock();
      const rankingOrder = {
        captureType: order.captureType,
        location: order.location,
        place: order.place ?? null,
        windows: order.preferredWindows ?? [],
      };
      const profiles = await readProfiles({ now, limit: RANKING_LIMIT, busy: busyRange(rankingOrder) });
      const screening = screenProviders(rankingOrder, profiles, { now });
      const records = await loadRecords(db, {
        providerIds: screening.passed.map(({ profile }) => profile.id),
        now,
        graceHours: ON_TIME_GRACE_HOURS,
      });
      return {
        order: {
          id: order.id,
          captureType: order.captureType,
          location: order.location,
          place: rankingOrder.place,
          preferredWindows: rankingOrder.windows,
        },
        ...scoreProviders(screening, records),
      };
    },
  };
}

export type TDispatchService = ReturnType<typeof createDispatchService>;
