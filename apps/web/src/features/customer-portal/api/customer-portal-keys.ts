import type { TCustomerOrderFilters } from '../lib/order-filters.ts';

/** Query keys of the customer portal's orders and deliverables. */
export const customerPortalKeys = {
  all: ['customer', 'portal'] as const,
  orders: () => [...customerPortalKeys.all, 'orders'] as const,
  orderList: (filters: TCustomerOrderFilters) => [...customerPortalKeys.orders(), 'list', filters] as const,
  order: (id: string) => [...customerPortalKeys.orders(), 'detail', id] as const,
  deliverables: () => [...customerPortalKeys.all, 'deliverables'] as const,
};

/** Orders per page of the lists ("Load more" fetches the next page). */
export const ORDERS_PAGE_SIZE = 20;
