import { ZOrderReview } from '@spacecapture/shared/contracts/order-review';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { reviewKeys, type TReviewPortal } from './review-keys.ts';

/** GET /api/{customer,provider,admin}/orders/:id/review → every change request and file version. */
export function orderReviewQueryOptions(portal: TReviewPortal, orderId: string) {
  return endpointQuery(
    reviewKeys.review(portal, orderId),
    `/api/${portal}/orders/${encodeURIComponent(orderId)}/review`,
    ZOrderReview,
  );
}

export function useOrderReview(portal: TReviewPortal, orderId: string) {
  return useQuery(orderReviewQueryOptions(portal, orderId));
}
