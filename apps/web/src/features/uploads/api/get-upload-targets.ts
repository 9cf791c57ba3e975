import { ZUploadTargetList } from '@spacecapture/shared/contracts/provider-uploads';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { uploadKeys } from './upload-keys.ts';

/** GET /api/provider/upload-targets → the orders the organisation holds the accepted assignment of. */
export function useUploadTargets() {
  return useQuery(endpointQuery(uploadKeys.targets(), '/api/provider/upload-targets', ZUploadTargetList));
}
