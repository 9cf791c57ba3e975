import { PATHS } from '@spacecapture/shared/paths';
import { pathAfterSignIn } from '@spacecapture/shared/return-path';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { meQueryOptions } from '../../../lib/auth/get-me.ts';

/**
 * After a sign-in: read the profile (the session's single source of truth) and go to the page the
 * visitor asked for (`to`, else `next`: a path of our own in their portal) or else the role's home
 * (spec 000 §2); a failed role read goes to /.
 */
export function useCompleteSignIn(next: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to?: string | null) => {
      try {
        const profile = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
        navigate(pathAfterSignIn(profile?.role, to ?? next), { replace: true });
      } catch {
        navigate(PATHS.home, { replace: true });
      }
    },
    [queryClient, navigate, next],
  );
}
