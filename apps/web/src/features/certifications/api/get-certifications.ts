import { ZCertificationList } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { certificationKeys } from './certification-keys.ts';

/** GET /api/provider/certifications → the organisation's certifications, newest first. */
export function getCertifications(signal?: AbortSignal) {
  return apiRequest('/api/provider/certifications', { schema: ZCertificationList, ...(signal ? { signal } : {}) });
}

export const certificationsQueryOptions = queryOptions({
  queryKey: certificationKeys.certifications(),
  queryFn: ({ signal }) => getCertifications(signal),
});

export function useCertifications() {
  return useQuery(certificationsQueryOptions);
}
