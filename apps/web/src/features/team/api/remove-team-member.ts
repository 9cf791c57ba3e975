import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { type TMutationHookOptions, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { teamKeys } from './team-keys.ts';

/** DELETE /api/organization/members/:userId → 204: an org admin removes a teammate (their account ends). */
export async function removeTeamMember(userId: string): Promise<void> {
  await apiRequest(`/api/organization/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRemoveTeamMember(options: TMutationHookOptions<typeof removeTeamMember> = {}) {
  return useRefreshingMutation(teamKeys.all, {
    mutationFn: removeTeamMember,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
  });
}
