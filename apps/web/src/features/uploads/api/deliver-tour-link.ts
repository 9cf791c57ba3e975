import { type TDeliverTourLinkRequest, ZDeliveredTourLink } from '@spacecapture/shared/contracts/tour-links';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { uploadKeys } from './upload-keys.ts';

/** POST /api/provider/orders/:id/tour-links → the tour link recorded as a deliverable (decision 233). */
export function deliverTourLink(input: { orderId: string } & TDeliverTourLinkRequest) {
  const { orderId, ...body } = input;
  return sendJson(`/api/provider/orders/${encodeURIComponent(orderId)}/tour-links`, body, ZDeliveredTourLink);
}

export function useDeliverTourLink() {
  return useRefreshingMutation(uploadKeys.all, { mutationFn: deliverTourLink });
}
