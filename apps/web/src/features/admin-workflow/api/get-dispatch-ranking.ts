import { ZDispatchRanking } from '@spacecapture/shared/contracts/dispatch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/assignments/ranking?orderId= → eligible providers ranked with reasons, the others out (decision 125). */
export function getDispatchRanking(orderId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/assignments/ranking?orderId=${encodeURIComponent(orderId)}`, {
    schema: ZDispatchRanking,
    ...(signal ? { signal } : {}),
  });
}

export function dispatchRankingQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...workflowKeys.all, 'dispatch-ranking', orderId] as const,
    queryFn: ({ signal }) => getDispatchRanking(orderId, signal),
  });
}

export function useDispatchRanking(orderId: string) {
  return useQuery(dispatchRankingQueryOptions(orderId));
}
