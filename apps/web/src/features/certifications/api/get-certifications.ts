import { ZCertificationList } from '@spacecapture/shared/contracts/provider-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { certificationKeys } from './certification-keys.ts';

/** GET /api/provider/certifications → the organisation's certifications, newest first. */
export function useCertifications() {
  return useQuery(
    endpointQuery(certificationKeys.certifications(), '/api/provider/certifications', ZCertificationList),
  );
}
