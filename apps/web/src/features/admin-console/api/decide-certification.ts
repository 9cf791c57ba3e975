import { ZCertification } from '@spacecapture/shared/contracts/provider-portal';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

export type TCertificationVerdict = 'verify' | 'reject';

/** POST /api/admin/certifications/:id/verify | reject → the certification, active or rejected (pending ones only). */
export function decideCertification(input: { id: string; verdict: TCertificationVerdict }) {
  return sendJson(`/api/admin/certifications/${encodeURIComponent(input.id)}/${input.verdict}`, {}, ZCertification);
}

export function useDecideCertification() {
  return useRefreshingMutation(consoleKeys.providers(), {
    mutationFn: decideCertification,
  });
}
