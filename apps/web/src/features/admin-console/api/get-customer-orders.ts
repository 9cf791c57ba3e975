import { ZAdminOrderList } from '@spacecapture/shared/contracts/admin-console/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CUSTOMER_LATEST_ORDERS, consoleKeys } from './console-keys.ts';

/** GET /api/admin/orders?customerOrgId=&limit= → a customer's latest orders. */
export function getCustomerOrders(customerOrgId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ customerOrgId, limit: String(CUSTOMER_LATEST_ORDERS) });
  return apiRequest(`/api/admin/orders?${query}`, { schema: ZAdminOrderList, ...(signal ? { signal } : {}) });
}

export function useCustomerOrders(customerOrgId: string) {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.customerOrders(customerOrgId),
      queryFn: ({ signal }) => getCustomerOrders(customerOrgId, signal),
    }),
  );
}
