import { type TProviderAssignment, ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { use } from 'react';
import { ProfileContext } from '../../lib/auth/profile-context.ts';
import { sendOrQueue, type TSentOrQueued } from './offline-actions.ts';
import { providerKeys } from './provider-keys.ts';

export type TAnswer = 'accept' | 'decline';

type TAnswerInput = {
  id: string;
  answer: TAnswer;
  /** What the provider reads while the answer waits for signal (the job's title). */
  label?: string;
  userId?: string | null;
};

/**
 * POST /api/provider/assignments/:id/accept|decline → the job as it is now (revealed once accepted).
 * Without signal the answer waits on the device and is sent on reconnect (decision 225).
 */
export function answerAssignment({
  id,
  answer,
  label = 'Job',
  userId = null,
}: TAnswerInput): Promise<TSentOrQueued<TProviderAssignment>> {
  const verb = answer === 'accept' ? 'Accept' : 'Decline';
  return sendOrQueue({
    kind: answer,
    assignmentId: id,
    body: {},
    label: `${verb}: ${label}`,
    userId,
    schema: ZProviderAssignment,
  });
}

/**
 * `onSuccess` is the mutation's own (its success toast survives the component that started it);
 * `queued` says the answer is waiting for signal rather than given.
 */
export function useAnswerAssignment(options: { onSuccess?: (answer: TAnswer, queued: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  const userId = use(ProfileContext)?.user.id ?? null;
  return useMutation({
    mutationFn: (input: Omit<TAnswerInput, 'userId'>) => answerAssignment({ ...input, userId }),
    // Run without signal too: the answer then waits on the device (decision 225).
    networkMode: 'always',
    onSuccess: (result, { answer }) => {
      if (!result.queued) queryClient.setQueryData(providerKeys.assignment(result.value.id), result.value);
      options.onSuccess?.(answer, result.queued);
    },
    // Also on failure (an offer that expired meanwhile is shown as it now is). The lists, the
    // schedule and the figures all change with an answer: everything the provider portal caches.
    // A waiting answer does not wait for that refetch, which itself waits for the signal.
    onSettled: (result) => {
      const refresh = queryClient.invalidateQueries({ queryKey: providerKeys.all });
      return result?.queued ? undefined : refresh;
    },
  });
}
