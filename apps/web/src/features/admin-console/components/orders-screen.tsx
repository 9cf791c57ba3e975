import { OrderDetail } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';
import { useListParams } from './use-list-params.ts';

/** /admin/orders: the list, or one order's detail when the URL names it (?order=<id>). */
export function OrdersScreen() {
  const { params, update } = useListParams();
  const orderId = params.get('order');
  if (orderId) return <OrderDetail id={orderId} onBack={() => update({ order: null })} />;
  return <OrdersList />;
}
