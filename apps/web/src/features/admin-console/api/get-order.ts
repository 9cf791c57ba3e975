import { ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/orders/:id → the order and its whole history. */
export function orderQueryOptions(id: string) {
  return endpointQuery(consoleKeys.order(id), `/api/admin/orders/${encodeURIComponent(id)}`, ZAdminOrderDetail);
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
