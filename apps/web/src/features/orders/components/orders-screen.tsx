import type { ReactNode } from 'react';
import { OrderDetail, type TOrderDetailSlots } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';
import { useOrdersAddress } from './use-orders-address.ts';

/**
 * /customer/orders: the list with search and status filter, or one order (?order=<id>) with the
 * page's slots (`detailSlots`) and what it adds under the order (`orderExtras`).
 */
export function OrdersScreen({
  orderExtras,
  detailSlots,
}: {
  orderExtras?: (orderId: string) => ReactNode;
  detailSlots?: TOrderDetailSlots;
} = {}) {
  const { filters, openOrderId, setFilters, openOrder, closeOrder } = useOrdersAddress();
  if (openOrderId) {
    return (
      <OrderDetail orderId={openOrderId} onBack={closeOrder} extras={orderExtras?.(openOrderId)} {...detailSlots} />
    );
  }
  return <OrdersList filters={filters} onFiltersChange={setFilters} onOpen={openOrder} />;
}
