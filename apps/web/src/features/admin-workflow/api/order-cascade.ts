import { ZCascadeResponse } from '@spacecapture/shared/contracts/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

const cascadeKey = (orderId: string) => [...workflowKeys.all, 'cascade', orderId] as const;

/** GET /api/admin/orders/:id/cascade → the order's auto-offer cascade, null when none ran (decision 144). */
export function useOrderCascade(orderId: string) {
  return useQuery(
    endpointQuery(cascadeKey(orderId), `/api/admin/orders/${encodeURIComponent(orderId)}/cascade`, ZCascadeResponse),
  );
}

/** POST …/cascade/stop → nothing more is offered automatically. */
export function useStopCascade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/cascade/stop`, {
        method: 'POST',
        schema: ZCascadeResponse,
      }),
    onSuccess: () => notifySuccess({ title: 'Auto-offer stopped', message: 'Assign this order by hand.' }),
    onSettled: (_data, _error, orderId) => queryClient.invalidateQueries({ queryKey: cascadeKey(orderId) }),
  });
}
