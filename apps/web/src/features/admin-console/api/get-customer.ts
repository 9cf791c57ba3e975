import { ZAdminCustomerDetail } from '@spacecapture/shared/contracts/admin-console/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/customers/:id → one customer organisation with its members. */
export function getCustomer(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/customers/${encodeURIComponent(id)}`, {
    schema: ZAdminCustomerDetail,
    ...(signal ? { signal } : {}),
  });
}

export function useCustomer(id: string) {
  return useQuery(
    queryOptions({ queryKey: consoleKeys.customer(id), queryFn: ({ signal }) => getCustomer(id, signal) }),
  );
}
