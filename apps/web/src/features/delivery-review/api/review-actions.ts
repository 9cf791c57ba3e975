import {
  REVIEW_TOASTS,
  type TApproveOnBehalfRequest,
  type TRequestChangesRequest,
  ZOrderReview,
} from '@spacecapture/shared/contracts/order-review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { clearDraft } from '../review-draft.ts';
import { reviewKeys, type TReviewPortal } from './review-keys.ts';

/** POST /api/customer/orders/:id/approve → the review, now completed. */
export function approveOrder(orderId: string) {
  return sendJson(`/api/customer/orders/${encodeURIComponent(orderId)}/approve`, {}, ZOrderReview);
}

/** POST /api/customer/orders/:id/request-changes { comments } → the review, now changes_requested. */
export function requestChanges(input: { orderId: string } & TRequestChangesRequest) {
  return sendJson(
    `/api/customer/orders/${encodeURIComponent(input.orderId)}/request-changes`,
    { comments: input.comments },
    ZOrderReview,
  );
}

/** POST /api/admin/orders/:id/approve or /close { reason } → the review, now completed. */
export function adminEndReview(input: { orderId: string; action: 'approve' | 'close' } & TApproveOnBehalfRequest) {
  return sendJson(
    `/api/admin/orders/${encodeURIComponent(input.orderId)}/${input.action}`,
    { reason: input.reason },
    ZOrderReview,
  );
}

/**
 * After a review move the portal's other views of the order (its status, lists, timeline) are
 * stale too: everything under the portal's prefix is read again.
 */
function useSettle(portal: TReviewPortal) {
  const queryClient = useQueryClient();
  return (review: Awaited<ReturnType<typeof approveOrder>> | undefined, orderId: string) => {
    if (review) queryClient.setQueryData(reviewKeys.review(portal, orderId), review);
    return queryClient.invalidateQueries({ queryKey: [portal] });
  };
}

/** The success toasts are the mutations' own: they run even when the success unmounts the form (decision 097). */
export function useApproveOrder() {
  const settle = useSettle('customer');
  return useMutation({
    mutationFn: approveOrder,
    onSuccess: () => notifySuccess(REVIEW_TOASTS.approved),
    onSettled: (review, _error, orderId) => settle(review, orderId),
  });
}

export function useRequestChanges() {
  const settle = useSettle('customer');
  return useMutation({
    mutationFn: requestChanges,
    onSuccess: (_review, { orderId }) => {
      // Sent: the comments written for it are no longer a draft.
      clearDraft(orderId);
      notifySuccess(REVIEW_TOASTS.changesRequested);
    },
    onSettled: (review, _error, { orderId }) => settle(review, orderId),
  });
}

export function useAdminEndReview() {
  const settle = useSettle('admin');
  return useMutation({
    mutationFn: adminEndReview,
    onSuccess: (_review, { action }) =>
      notifySuccess(action === 'approve' ? REVIEW_TOASTS.approvedOnBehalf : REVIEW_TOASTS.closed),
    onSettled: (review, _error, { orderId }) => settle(review, orderId),
  });
}
