import { ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { isTreeBuilding, TREE_PROGRESS_POLL_MS } from '../../../lib/point-tree-progress.ts';
import { consoleKeys } from './console-keys.ts';

/**
 * GET /api/admin/orders/:id → the order and its whole history; read again while a point cloud's
 * streaming tree is built, so its progress moves and its outcome shows without a reload.
 */
export function orderQueryOptions(id: string) {
  return queryOptions({
    ...endpointQuery(consoleKeys.order(id), `/api/admin/orders/${encodeURIComponent(id)}`, ZAdminOrderDetail),
    refetchInterval: (query) =>
      query.state.data?.deliverables.some((file) => isTreeBuilding(file.pointTree)) ? TREE_PROGRESS_POLL_MS : false,
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
