import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

export type TAnswer = 'accept' | 'decline';

/** POST /api/provider/assignments/:id/accept|decline → the job as it is now (revealed once accepted). */
export function answerAssignment({ id, answer }: { id: string; answer: TAnswer }) {
  return sendJson(`/api/provider/assignments/${encodeURIComponent(id)}/${answer}`, {}, ZProviderAssignment);
}

/** `onSuccess` is the mutation's own (its success toast survives the component that started it). */
export function useAnswerAssignment(options: { onSuccess?: (answer: TAnswer) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAssignment,
    onSuccess: (assignment, { answer }) => {
      queryClient.setQueryData(providerKeys.assignment(assignment.id), assignment);
      options.onSuccess?.(answer);
    },
    // Also on failure (an offer that expired meanwhile is shown as it now is). The lists, the
    // schedule and the figures all change with an answer: everything the provider portal caches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
