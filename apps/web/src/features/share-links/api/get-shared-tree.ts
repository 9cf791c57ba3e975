import { type TPointTree, ZPointTree } from '@spacecapture/shared/contracts/point-trees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isTreeBuilding, TREE_PROGRESS_POLL_MS } from '../../../lib/point-tree-progress.ts';

/**
 * One shared file's streaming tree (decision 245): the page's list gives it first; while it is
 * built, GET /api/public/shares/:token/deliverables/:fileId/tree reads it again (no view counted),
 * so the viewer switches from the file to the tree when it is ready.
 */
export function useSharedTree(token: string, fileId: string, listed: TPointTree | undefined) {
  const query = useQuery(
    queryOptions({
      queryKey: ['shared-tree', token, fileId] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/api/public/shares/${encodeURIComponent(token)}/deliverables/${encodeURIComponent(fileId)}/tree`, {
          schema: ZPointTree,
          signal,
        }),
      enabled: isTreeBuilding(listed),
      refetchInterval: (current) => (isTreeBuilding(current.state.data ?? listed) ? TREE_PROGRESS_POLL_MS : false),
      refetchOnWindowFocus: false,
    }),
  );
  return query.data ?? listed;
}
