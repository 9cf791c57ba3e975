import type { ReactNode } from 'react';
import { useListParams } from '../../../lib/list-params.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';

/**
 * /admin/orders: the list, or one order's detail when the URL names it (?order=<id>). The route adds
 * what other features know of the order: `orderProgress` under its next step, `orderExtras` below.
 */
export function OrdersScreen({
  orderExtras,
  orderProgress,
}: {
  orderExtras?: (orderId: string) => ReactNode;
  orderProgress?: (orderId: string) => ReactNode;
} = {}) {
  const { params, update } = useListParams();
  const orderId = params.get('order');
  if (orderId) {
    return (
      <>
        <OrderDetail id={orderId} onBack={() => update({ order: null })} progress={orderProgress?.(orderId)} />
        {orderExtras?.(orderId)}
      </>
    );
  }
  return <OrdersList />;
}
