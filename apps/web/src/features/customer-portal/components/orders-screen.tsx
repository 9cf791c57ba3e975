import type { ReactNode } from 'react';
import { OrderDetail } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';
import { useOrdersAddress } from './use-orders-address.ts';

/** /customer/orders: the list with search and status filter, or one order (?order=<id>). */
export function OrdersScreen({ orderExtras }: { orderExtras?: (orderId: string) => ReactNode } = {}) {
  const { filters, openOrderId, setFilters, openOrder, closeOrder } = useOrdersAddress();
  if (openOrderId) return <OrderDetail orderId={openOrderId} onBack={closeOrder} extras={orderExtras?.(openOrderId)} />;
  return <OrdersList filters={filters} onFiltersChange={setFilters} onOpen={openOrder} />;
}
