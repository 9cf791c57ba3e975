import type { TOrderStatus } from '@spacecapture/shared/state-machines';

/** The filters of a list as the URL holds them. */
export type TOrderFilters = { q: string; status: TOrderStatus | '' };
export type TOrganizationFilters = { q: string };

/** Query keys of the admin console's orders, providers and customers. */
export const consoleKeys = {
  all: ['admin', 'console'] as const,
  orders: () => [...consoleKeys.all, 'orders'] as const,
  orderList: (filters: TOrderFilters) => [...consoleKeys.orders(), 'list', filters] as const,
  customerOrders: (customerOrgId: string) => [...consoleKeys.orders(), 'customer', customerOrgId] as const,
  order: (id: string) => [...consoleKeys.orders(), 'detail', id] as const,
  providers: () => [...consoleKeys.all, 'providers'] as const,
  providerList: (filters: TOrganizationFilters) => [...consoleKeys.providers(), 'list', filters] as const,
  provider: (id: string) => [...consoleKeys.providers(), 'detail', id] as const,
  customers: () => [...consoleKeys.all, 'customers'] as const,
  customerList: (filters: TOrganizationFilters) => [...consoleKeys.customers(), 'list', filters] as const,
  customer: (id: string) => [...consoleKeys.customers(), 'detail', id] as const,
  customerWebhooks: (id: string) => [...consoleKeys.customers(), 'webhooks', id] as const,
  webhookDeliveries: (endpointId: string) => [...consoleKeys.customers(), 'webhook-deliveries', endpointId] as const,
};

/** Rows per page of the console's lists. */
export const CONSOLE_PAGE_SIZE = 25;

/** Latest orders shown on a customer's detail. */
export const CUSTOMER_LATEST_ORDERS = 10;
