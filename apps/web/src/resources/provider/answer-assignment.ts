import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { providerKeys } from './provider-keys.ts';

export type TAnswer = 'accept' | 'decline';

/** POST /api/provider/assignments/:id/accept|decline → the job as it is now (revealed once accepted). */
export function answerAssignment({ id, answer }: { id: string; answer: TAnswer }) {
  return apiRequest(`/api/provider/assignments/${encodeURIComponent(id)}/${answer}`, {
    method: 'POST',
    json: {},
    schema: ZProviderAssignment,
  });
}

export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAssignment,
    onSuccess: (assignment) => queryClient.setQueryData(providerKeys.assignment(assignment.id), assignment),
    // Also on failure (an offer that expired meanwhile is shown as it now is). The lists, the
    // schedule and the figures all change with an answer: everything the provider portal caches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
