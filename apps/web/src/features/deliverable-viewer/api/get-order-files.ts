import { ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { ZCustomerOrderDetail } from '@spacecapture/shared/contracts/customer-portal';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { ZUploadedFileList } from '@spacecapture/shared/contracts/provider-uploads';
import type { TPortal } from '@spacecapture/shared/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isTreeBuilding, TREE_PROGRESS_POLL_MS } from '../../../lib/point-tree-progress.ts';

/** One file of an order as the viewer page needs it. */
export type TOrderFile = { id: string; name: string; sizeBytes: number; type: string; pointTree?: TPointTree };

export const viewerKeys = {
  all: ['deliverable-viewer'] as const,
  orderFiles: (portal: TPortal, orderId: string) => [...viewerKeys.all, portal, 'order-files', orderId] as const,
};

/**
 * The order's files, read through the portal's own order endpoint (each scoped by the server to
 * what the caller may see): the customer's order, the provider's files of an order it holds, or
 * the admin's order history.
 */
export async function getOrderFiles(portal: TPortal, orderId: string, signal?: AbortSignal): Promise<TOrderFile[]> {
  const id = encodeURIComponent(orderId);
  const withSignal = signal ? { signal } : {};
  if (portal === 'customer') {
    const order = await apiRequest(`/api/customer/orders/${id}`, { schema: ZCustomerOrderDetail, ...withSignal });
    return order.deliverables.map((file) => ({
      id: file.id,
      name: file.fileName,
      sizeBytes: file.size,
      type: file.type,
      pointTree: file.pointTree,
    }));
  }
  if (portal === 'provider') {
    const list = await apiRequest(`/api/provider/files?order=${id}`, { schema: ZUploadedFileList, ...withSignal });
    return list.items.map((file) => ({
      id: file.id,
      name: file.fileName,
      sizeBytes: file.size,
      type: file.type,
      pointTree: file.pointTree,
    }));
  }
  const order = await apiRequest(`/api/admin/orders/${id}`, { schema: ZAdminOrderDetail, ...withSignal });
  return order.deliverables.map((file) => ({
    id: file.id,
    name: file.fileName,
    sizeBytes: file.size,
    type: file.type,
    pointTree: file.pointTree,
  }));
}

export function useOrderFiles(portal: TPortal, orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: viewerKeys.orderFiles(portal, orderId),
      queryFn: ({ signal }) => getOrderFiles(portal, orderId, signal),
      refetchInterval: (query) =>
        query.state.data?.some((file) => isTreeBuilding(file.pointTree)) ? TREE_PROGRESS_POLL_MS : false,
    }),
  );
}
