import { customerKeys } from '../../../resources/customer/customer-keys.ts';
import type { TCustomerOrderFilters } from '../lib/order-filters.ts';

/** Query keys of the customer's order lists (one order's key is shared: `customerKeys.order`). */
export const orderKeys = {
  orderList: (filters: TCustomerOrderFilters) => [...customerKeys.orders(), 'list', filters] as const,
};

/** Orders per page of the lists ("Load more" fetches the next page). */
export const ORDERS_PAGE_SIZE = 20;
