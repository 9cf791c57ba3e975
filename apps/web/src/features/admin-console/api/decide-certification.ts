import { ZCertification } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

export type TCertificationVerdict = 'verify' | 'reject';

/** POST /api/admin/certifications/:id/verify | reject → the certification, active or rejected (pending ones only). */
export function decideCertification(input: { id: string; verdict: TCertificationVerdict }) {
  return apiRequest(`/api/admin/certifications/${encodeURIComponent(input.id)}/${input.verdict}`, {
    method: 'POST',
    json: {},
    schema: ZCertification,
  });
}

export function useDecideCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCertification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.providers() }),
  });
}
