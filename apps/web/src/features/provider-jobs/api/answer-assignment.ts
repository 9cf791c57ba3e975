import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerJobsKeys } from './provider-jobs-keys.ts';

export type TAnswer = 'accept' | 'decline';

/** POST /api/provider/assignments/:id/accept or /decline → the job as the provider now sees it. */
export function answerAssignment({ id, answer }: { id: string; answer: TAnswer }) {
  return apiRequest(`/api/provider/assignments/${id}/${answer}`, { method: 'POST', schema: ZProviderAssignment });
}

export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAssignment,
    // Also on failure: an offer that expired meanwhile is shown as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerJobsKeys.assignments() }),
  });
}
