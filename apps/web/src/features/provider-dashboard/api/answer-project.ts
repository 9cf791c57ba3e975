import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

export type TProjectAnswer = 'accept' | 'decline';

/** POST /api/provider/assignments/:id/accept|decline → the job as it is now (revealed once accepted). */
export function answerProject({ id, answer }: { id: string; answer: TProjectAnswer }) {
  return apiRequest(`/api/provider/assignments/${encodeURIComponent(id)}/${answer}`, {
    method: 'POST',
    json: {},
    schema: ZProviderAssignment,
  });
}

export function useAnswerProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerProject,
    onSuccess: (project) => queryClient.setQueryData(providerDashboardKeys.project(project.id), project),
    // The list, the schedule and the figures all change with an answer.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerDashboardKeys.all }),
  });
}
