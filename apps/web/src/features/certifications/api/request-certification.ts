import { type TCertificationRequest, ZCertification } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson, type TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { certificationKeys } from './certification-keys.ts';

/** POST /api/provider/certifications → 201 the certification, pending until an admin verifies it. */
export function requestCertification(request: TCertificationRequest) {
  return sendJson('/api/provider/certifications', request, ZCertification);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRequestCertification(options: TMutationHookOptions<typeof requestCertification> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCertification,
    onSuccess: (data, variables) => {
      options.onSuccess?.(data, variables);
      return (() => queryClient.invalidateQueries({ queryKey: certificationKeys.certifications() }))();
    },
  });
}
