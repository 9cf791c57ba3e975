import { type TCertificationRequest, ZCertification } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerJobsKeys } from './provider-jobs-keys.ts';

/** POST /api/provider/certifications → 201 the certification, pending until an admin verifies it. */
export function requestCertification(request: TCertificationRequest) {
  return apiRequest('/api/provider/certifications', { method: 'POST', json: request, schema: ZCertification });
}

export function useRequestCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCertification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerJobsKeys.certifications() }),
  });
}
