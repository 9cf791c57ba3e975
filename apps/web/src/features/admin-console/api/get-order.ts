import { ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/orders/:id → the order and its whole history. */
export function getOrder(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}`, {
    schema: ZAdminOrderDetail,
    ...(signal ? { signal } : {}),
  });
}

export function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: consoleKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal) });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
