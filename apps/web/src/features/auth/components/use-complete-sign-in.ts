import { PATHS } from '@spacecapture/shared/paths';
import { homePathOfRole } from '@spacecapture/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { meQueryOptions } from '../../../lib/auth/get-me.ts';

/**
 * After a sign-in: read the profile (the session's single source of truth) and go to the role's
 * home (spec 000 §2); a failed role read goes to /.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const profile = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      navigate(homePathOfRole(profile?.role), { replace: true });
    } catch {
      navigate(PATHS.home, { replace: true });
    }
  }, [queryClient, navigate]);
}
