import { DeliverableFiles } from '../../../features/deliverables/components/deliverable-files.tsx';
import type { TOrderDetailSlots } from '../../../features/orders/components/order-detail.tsx';
import { RatingForm } from '../../../features/ratings/components/rating-form.tsx';

/** An order's detail as both customer pages show it: its files with Download, and the rating form. */
export const ORDER_DETAIL_SLOTS: TOrderDetailSlots = {
  files: (order) => <DeliverableFiles files={order.deliverables} label={`Files of ${order.title}`} />,
  rating: (order) => <RatingForm orderId={order.id} rating={order.rating} />,
};
