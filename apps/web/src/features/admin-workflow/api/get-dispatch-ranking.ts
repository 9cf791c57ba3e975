import { ZDispatchRanking } from '@spacecapture/shared/contracts/dispatch';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/assignments/ranking?orderId= → eligible providers ranked with reasons, the others out (decision 125). */
export function dispatchRankingQueryOptions(orderId: string) {
  return endpointQuery(
    [...workflowKeys.all, 'dispatch-ranking', orderId] as const,
    `/api/admin/assignments/ranking?orderId=${encodeURIComponent(orderId)}`,
    ZDispatchRanking,
  );
}

export function useDispatchRanking(orderId: string) {
  return useQuery(dispatchRankingQueryOptions(orderId));
}
