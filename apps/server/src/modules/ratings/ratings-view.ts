import type { TRating } from '@spacecapture/shared/contracts/customer-portal';
import type { TRatingRow } from './ratings-repository.ts';

export function toRatingView(row: TRatingRow): TRating {
  return {
    id: row.id,
    orderId: row.orderId,
    score: row.score,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}
