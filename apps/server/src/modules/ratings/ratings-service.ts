import type { TDatabase } from '@spacecapture/db/client';
import type { TRating, TRatingRequest } from '@spacecapture/shared/contracts/customer-portal';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { acceptedProviderOf } from '../assignments/assignments-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { lockOrgOrder } from '../orders/orders-repository.ts';
import { findRatingOf, insertRating } from './ratings-repository.ts';
import { toRatingView } from './ratings-view.ts';

/** A rating may be given from the first delivery on, also while changes are requested (decision 133). */
const RATEABLE = new Set(['delivered', 'changes_requested', 'completed']);

/** A customer's rating of the provider who did an order (spec 001 §7), one per order. */
export function createRatingsService(deps: { db: TDatabase }) {
  const { db } = deps;

  return {
    /** One rating per delivered or completed order, for the provider of its accepted assignment. */
    async rateOrder(actor: TActor, orgId: string, orderId: string, input: TRatingRequest): Promise<TRating> {
      return db.transaction(async (tx) => {
        const order = await lockOrgOrder(tx, orgId, orderId);
        if (!order) throw new AppError('not_found', 'Order not found.');
        if (!RATEABLE.has(order.status)) {
          throw new AppError('conflict', `The order is ${order.status}; it can be rated once it is delivered.`);
        }
        if (await findRatingOf(tx, orderId)) throw new AppError('conflict', 'This order has already been rated.');
        const providerOrgId = await acceptedProviderOf(tx, orderId);
        if (!providerOrgId) throw new AppError('conflict', 'No provider did this job, so there is nobody to rate.');
        const row = await insertRating(tx, {
          orderId,
          providerOrgId,
          score: input.score,
          comment: input.comment || null,
          ratedBy: actor.userId,
        });
        if (!row) throw new AppError('conflict', 'This order has already been rated.');
        await recordAudit(tx, {
          entity: 'rating',
          entityId: row.id,
          action: 'create',
          after: row,
          actorUserId: actor.userId,
        });
        return toRatingView(row);
      });
    },
  };
}

export type TRatingsService = ReturnType<typeof createRatingsService>;
