import { OrderDetail } from './order-detail.tsx';
import { OrdersList } from './orders-list.tsx';
import { useOrdersAddress } from './use-orders-address.ts';

/** /customer/orders: the list with search and status filter, or one order (?order=<id>). */
export function OrdersScreen() {
  const { filters, openOrderId, setFilters, openOrder, closeOrder } = useOrdersAddress();
  if (openOrderId) return <OrderDetail orderId={openOrderId} onBack={closeOrder} />;
  return <OrdersList filters={filters} onFiltersChange={setFilters} onOpen={openOrder} />;
}
