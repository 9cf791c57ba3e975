import { INVOICE_MESSAGES } from '@spacecapture/shared/contracts/invoices';
import { matchDeliverableViewerPath } from '@spacecapture/shared/portal-paths';
import type { TPortal } from '@spacecapture/shared/roles';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useLocation } from 'react-router';
import { AnnotationLayer } from '../../../features/annotations/components/annotation-layer.tsx';
import {
  DeliverableViewerPage,
  type TViewerPinning,
} from '../../../features/deliverable-viewer/components/deliverable-viewer-page.tsx';
import { useOrderReview } from '../../../features/delivery-review/api/get-order-review.ts';
import {
  PinnedCommentBox,
  ReviewDraftNotice,
} from '../../../features/delivery-review/components/pinned-comment-box.tsx';
import { useReviewDraft } from '../../../features/delivery-review/review-draft.ts';
import { useCustomerOrder } from '../../../features/orders/api/get-customer-order.ts';
import type { TCloudLayer } from '../../../lib/cloud-view.ts';
import { normalizePathname } from '../../../lib/page-meta.ts';

/** Measurements and annotations with a point cloud, in every portal (decision 240). */
function annotationsFor(portal: TPortal) {
  return (file: { id: string }): TCloudLayer =>
    (view) => <AnnotationLayer portal={portal} fileId={file.id} view={view} />;
}

/**
 * The customer's viewer shows the points its change requests pinned in this file (sent, and
 * written but not sent yet) and, while the delivery awaits its review, opens a comment box at a
 * clicked point: the comment goes into the order's change request (decision 202).
 */
function CustomerDeliverable({ orderId, fileId }: { orderId: string; fileId: string }) {
  const review = useOrderReview('customer', orderId);
  const draft = useReviewDraft(orderId);
  // Pay before download (decision 211): the files stay viewable, marked as a preview until paid.
  const paymentLock = useCustomerOrder(orderId).data?.paymentLock;
  const pinningFor = (file: { id: string }): TViewerPinning => {
    const pins: TViewerPin[] = [];
    for (const request of review.data?.changeRequests ?? []) {
      for (const comment of request.comments) {
        if (comment.deliverableId === file.id && comment.pin) pins.push(comment.pin);
      }
    }
    if (!review.data?.canRequestChanges) return { pins };
    for (const comment of draft) {
      if (comment.deliverableId === file.id && comment.pin) pins.push(comment.pin);
    }
    return {
      pins,
      notice: <ReviewDraftNotice orderId={orderId} />,
      pinComposer: (pin, close) => (
        <PinnedCommentBox orderId={orderId} deliverableId={file.id} pin={pin} onDone={close} />
      ),
    };
  };
  return (
    <DeliverableViewerPage
      portal="customer"
      orderId={orderId}
      fileId={fileId}
      pinningFor={pinningFor}
      cloudLayerFor={annotationsFor('customer')}
      watermark={paymentLock ? INVOICE_MESSAGES.viewerWatermark(paymentLock.number) : null}
    />
  );
}

/** `<portal>/orders/:orderId/files/:fileId` in the customer, provider and admin portals. */
export function DeliverableRoute() {
  const match = matchDeliverableViewerPath(normalizePathname(useLocation().pathname));
  if (!match) return null;
  if (match.portal === 'customer') return <CustomerDeliverable orderId={match.orderId} fileId={match.fileId} />;
  return (
    <DeliverableViewerPage
      portal={match.portal}
      orderId={match.orderId}
      fileId={match.fileId}
      cloudLayerFor={annotationsFor(match.portal)}
    />
  );
}
