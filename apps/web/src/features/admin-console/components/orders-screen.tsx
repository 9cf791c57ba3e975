import type { ReactNode } from 'react';
import { useListParams } from '../../../lib/list-params.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';

/** /admin/orders: the list, or one order's detail when the URL names it (?order=<id>). */
export function OrdersScreen({ orderExtras }: { orderExtras?: (orderId: string) => ReactNode } = {}) {
  const { params, update } = useListParams();
  const orderId = params.get('order');
  if (orderId) {
    return (
      <>
        <OrderDetail id={orderId} onBack={() => update({ order: null })} />
        {orderExtras?.(orderId)}
      </>
    );
  }
  return <OrdersList />;
}
