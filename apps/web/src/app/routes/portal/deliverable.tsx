import { matchDeliverableViewerPath } from '@spacecapture/shared/portal-paths';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useLocation } from 'react-router';
import {
  DeliverableViewerPage,
  type TViewerPinning,
} from '../../../features/deliverable-viewer/components/deliverable-viewer-page.tsx';
import { useOrderReview } from '../../../features/delivery-review/api/get-order-review.ts';
import { pickPoint } from '../../../features/delivery-review/picked-pins.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { normalizePathname } from '../../../lib/page-meta.ts';

/**
 * The customer's viewer shows the points its change requests pinned in this file and, while the
 * delivery awaits its review, lets the customer pick one for a new comment on the order's form.
 */
function CustomerDeliverable({ orderId, fileId }: { orderId: string; fileId: string }) {
  const review = useOrderReview('customer', orderId);
  const pinningFor = (file: { id: string }): TViewerPinning => {
    const pins: TViewerPin[] = [];
    for (const request of review.data?.changeRequests ?? []) {
      for (const comment of request.comments) {
        if (comment.deliverableId === file.id && comment.pin) pins.push(comment.pin);
      }
    }
    if (!review.data?.canRequestChanges) return { pins };
    return {
      pins,
      onPickPoint: (pin) => {
        pickPoint(orderId, file.id, pin);
        notifySuccess({
          title: 'Point picked',
          message: 'Pin a comment to it under Request changes on the order.',
        });
      },
    };
  };
  return <DeliverableViewerPage portal="customer" orderId={orderId} fileId={fileId} pinningFor={pinningFor} />;
}

/** `<portal>/orders/:orderId/files/:fileId` in the customer, provider and admin portals. */
export function DeliverableRoute() {
  const match = matchDeliverableViewerPath(normalizePathname(useLocation().pathname));
  if (!match) return null;
  if (match.portal === 'customer') return <CustomerDeliverable orderId={match.orderId} fileId={match.fileId} />;
  return <DeliverableViewerPage portal={match.portal} orderId={match.orderId} fileId={match.fileId} />;
}
