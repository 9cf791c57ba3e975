import { DeliverableFiles } from '../../../features/deliverables/components/deliverable-files.tsx';
import { CustomerReviewPanel } from '../../../features/delivery-review/components/customer-review-panel.tsx';
import type { TOrderDetailSlots } from '../../../features/orders/components/order-detail.tsx';
import { RatingForm } from '../../../features/ratings/components/rating-form.tsx';

/** An order's detail as both customer pages show it: the delivery's review first, its files with Download, and the rating form. */
export const ORDER_DETAIL_SLOTS: TOrderDetailSlots = {
  review: (order) => <CustomerReviewPanel orderId={order.id} />,
  files: (order) => <DeliverableFiles files={order.deliverables} label={`Files of ${order.title}`} />,
  rating: (order) => <RatingForm orderId={order.id} rating={order.rating} />,
};
