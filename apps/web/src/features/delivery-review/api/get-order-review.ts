import { ZOrderReview } from '@spacecapture/shared/contracts/order-review';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys, type TReviewPortal } from './review-keys.ts';

/** GET /api/{customer,provider,admin}/orders/:id/review → every change request and file version. */
export function getOrderReview(portal: TReviewPortal, orderId: string, signal?: AbortSignal) {
  return apiRequest(`/api/${portal}/orders/${encodeURIComponent(orderId)}/review`, {
    schema: ZOrderReview,
    ...(signal ? { signal } : {}),
  });
}

export function orderReviewQueryOptions(portal: TReviewPortal, orderId: string) {
  return queryOptions({
    queryKey: reviewKeys.review(portal, orderId),
    queryFn: ({ signal }) => getOrderReview(portal, orderId, signal),
  });
}

export function useOrderReview(portal: TReviewPortal, orderId: string) {
  return useQuery(orderReviewQueryOptions(portal, orderId));
}
