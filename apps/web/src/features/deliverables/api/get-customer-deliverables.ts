import { ZDeliverablesByOrder } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { isTreeBuilding, TREE_PROGRESS_POLL_MS } from '../../../lib/point-tree-progress.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/**
 * GET /api/customer/deliverables → the organisation's orders that have files, with their files;
 * read again while a point cloud's streaming tree is built, so its progress moves.
 */
export function useCustomerDeliverables() {
  return useQuery({
    ...endpointQuery(customerKeys.deliverables(), '/api/customer/deliverables', ZDeliverablesByOrder),
    refetchInterval: (query) =>
      query.state.data?.items.some((order) => order.files.some((file) => isTreeBuilding(file.pointTree)))
        ? TREE_PROGRESS_POLL_MS
        : false,
  });
}
