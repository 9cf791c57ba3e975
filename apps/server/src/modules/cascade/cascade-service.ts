import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TCascade, TCascadeResponse } from '@spacecapture/shared/contracts/scheduling';
import { AppError } from '@spacecapture/shared/errors';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import {
  CASCADE_MACHINE,
  canTransition,
  type TCascadeStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { FastifyBaseLogger } from 'fastify';
import type { TActor } from '../../lib/actor.ts';
import { lockLiveAssignmentOf } from '../assignments/assignments-repository.ts';
import type { TAssignmentsService } from '../assignments/assignments-service.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TDispatchService } from '../dispatch/dispatch-service.ts';
import { notifyScope } from '../notifications/notifications-service.ts';
import { findOrder, lockOrder, type TOrderRow } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import {
  acceptedQuoteTotal,
  cascadeStepsOf,
  findCascade,
  findOrdersToStart,
  findRunningCascades,
  insertCascade,
  lockCascade,
  offeredProvidersOf,
  type TCascadeRow,
  updateCascade,
} from './cascade-repository.ts';

/** The share of the accepted quote's total a cascade's offer pays the provider (decision 144). */
export const AUTO_OFFER_PAYOUT_SHARE = 0.7;

function assertCascadeMove(from: string, to: TCascadeStatus) {
  if (!canTransition(CASCADE_MACHINE, from as TCascadeStatus, to)) {
    throw new AppError('conflict', transitionRefusal(CASCADE_MACHINE, from, to));
  }
}

/**
 * The auto-offer cascade (decision 144), behind the auto_offer_cascade setting: an approved order
 * with no live offer gets a cascade, which offers the job to the best-ranked provider not offered
 * yet; a decline or an expiry returns the order to approved and the next pass offers it to the
 * next one, until one accepts, no ranked provider is left, or an admin stops it. Each step is one
 * transaction (order locked first, then the cascade), audited, with the admins told.
 */
export function createCascadeService(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  assignments: Pick<TAssignmentsService, 'offerIn'>;
  dispatch: Pick<TDispatchService, 'ranking'>;
  log: FastifyBaseLogger;
}) {
  const { db, clock, companyEmail } = deps;

  async function tellAdmins(tx: TExecutor, order: TOrderRow, title: string, body: string) {
    await notifyScope(
      tx,
      { roles: ADMIN_ROLES },
      { type: 'offer_answered', title, body, link: PORTAL_PATHS.admin.assignments },
    );
    await enqueueEmails(tx, summaryEmailsTo([companyEmail], title, body, [['Order', order.title]]));
  }

  async function finish(tx: TExecutor, cascade: TCascadeRow, order: TOrderRow, to: TCascadeStatus, note: string) {
    assertCascadeMove(cascade.status, to);
    const after = await updateCascade(tx, order.id, { status: to }, clock());
    await recordAudit(tx, {
      entity: 'dispatch_cascade',
      entityId: order.id,
      action: to === 'accepted' ? 'accept' : to === 'exhausted' ? 'exhaust' : 'stop',
      before: cascade,
      after: { ...after, note },
      actorUserId: null,
    });
    await tellAdmins(tx, order, `Auto-offer ${to}: ${order.title}`, note);
  }

  /** One step of one running cascade; true when something changed. */
  async function step(orderId: string): Promise<boolean> {
    // The ranking reads on its own connection, so it runs before the transaction (PGlite has one).
    const ranking = await deps.dispatch.ranking(orderId);
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, { skipLocked: true });
      if (!order) return false;
      const cascade = await lockCascade(tx, orderId);
      if (cascade?.status !== 'running') return false;
      const live = await lockLiveAssignmentOf(tx, orderId);
      if (live?.status === 'accepted') {
        await finish(tx, cascade, order, 'accepted', 'A provider accepted the job.');
        return true;
      }
      if (live) return false; // waiting for the provider's answer or the deadline
      if (order.status !== 'approved') {
        await finish(tx, cascade, order, 'stopped', `The order is ${order.status}; nothing more is offered.`);
        return true;
      }
      const offered = await offeredProvidersOf(tx, orderId);
      const next = ranking.ranked.find((provider) => !offered.has(provider.id));
      if (!next) {
        await finish(
          tx,
          cascade,
          order,
          'exhausted',
          'No ranked provider is left to offer the job to. Assign it by hand.',
        );
        return true;
      }
      const total = await acceptedQuoteTotal(tx, orderId);
      if (total === null) {
        await finish(tx, cascade, order, 'stopped', 'The order has no accepted quote to pay the offer from.');
        return true;
      }
      const compensation = Math.round(total * AUTO_OFFER_PAYOUT_SHARE * 100) / 100;
      const { assignment } = await deps.assignments.offerIn(
        tx,
        { orderId, providerOrgId: next.id, compensation },
        null,
      );
      const after = await updateCascade(tx, orderId, {}, clock());
      await recordAudit(tx, {
        entity: 'dispatch_cascade',
        entityId: orderId,
        action: 'offer',
        before: cascade,
        after: { ...after, assignmentId: assignment.id, providerOrgId: next.id, rank: next.rank, score: next.score },
        actorUserId: null,
      });
      await tellAdmins(
        tx,
        order,
        `Auto-offer: ${order.title}`,
        `Offered to ${next.name} (rank ${next.rank}, score ${next.score}).`,
      );
      return true;
    });
  }

  async function view(orderId: string, cascade: TCascadeRow | undefined): Promise<TCascadeResponse> {
    if (!cascade) return { cascade: null };
    const steps = await cascadeStepsOf(db, orderId, cascade.createdAt);
    const result: TCascade = {
      orderId,
      status: cascade.status as TCascadeStatus,
      updatedAt: cascade.updatedAt.toISOString(),
      steps: steps.map(({ assignment, providerOrg }) => ({
        assignmentId: assignment.id,
        providerOrg,
        status: assignment.status,
        offeredAt: assignment.createdAt.toISOString(),
        respondBy: assignment.respondBy.toISOString(),
      })),
    };
    return { cascade: result };
  }

  return {
    /**
     * A worker pass: starts cascades for approved orders (when the setting is on) and moves each
     * running one a step. Returns how many changed. With the setting off, running cascades wait.
     */
    async advance(limit: number): Promise<number> {
      const flags = await readFeatureFlags(db);
      if (!flags.autoOfferCascade) return 0;
      let changed = 0;
      for (const { id } of await findOrdersToStart(db, limit)) {
        const started = await db.transaction(async (tx) => {
          const order = await lockOrder(tx, id, { skipLocked: true });
          if (order?.status !== 'approved') return false;
          const row = await insertCascade(tx, id);
          if (!row) return false;
          await recordAudit(tx, {
            entity: 'dispatch_cascade',
            entityId: id,
            action: 'start',
            before: null,
            after: row,
            actorUserId: null,
          });
          return true;
        });
        if (started) changed++;
      }
      for (const { orderId } of await findRunningCascades(db, limit)) {
        try {
          if (await step(orderId)) changed++;
        } catch (error) {
          deps.log.error({ err: error, orderId }, 'auto-offer step failed');
        }
      }
      return changed;
    },

    async view(orderId: string): Promise<TCascadeResponse> {
      if (!(await findOrder(db, orderId))) throw new AppError('not_found', 'Order not found.');
      return view(orderId, await findCascade(db, orderId));
    },

    /** An admin stops a running cascade: nothing more is offered; a live offer stays as it is. */
    async stop(orderId: string, actor: TActor): Promise<TCascadeResponse> {
      const stopped = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('not_found', 'Order not found.');
        const cascade = await lockCascade(tx, orderId);
        if (!cascade) throw new AppError('conflict', 'This order has no auto-offer cascade to stop.');
        assertCascadeMove(cascade.status, 'stopped');
        const after = await updateCascade(tx, orderId, { status: 'stopped', stoppedBy: actor.userId }, clock());
        await recordAudit(tx, {
          entity: 'dispatch_cascade',
          entityId: orderId,
          action: 'stop',
          before: cascade,
          after,
          actorUserId: actor.userId,
        });
        return after;
      });
      return view(orderId, stopped);
    },
  };
}

export type TCascadeService = ReturnType<typeof createCascadeService>;
