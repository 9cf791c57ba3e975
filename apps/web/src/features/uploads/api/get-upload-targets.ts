import { ZUploadTargetList } from '@spacecapture/shared/contracts/provider-uploads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { uploadKeys } from './upload-keys.ts';

/** GET /api/provider/upload-targets → the orders the organisation holds the accepted assignment of. */
export function getUploadTargets(signal?: AbortSignal) {
  return apiRequest('/api/provider/upload-targets', { schema: ZUploadTargetList, ...(signal ? { signal } : {}) });
}

export const uploadTargetsQueryOptions = queryOptions({
  queryKey: uploadKeys.targets(),
  queryFn: ({ signal }) => getUploadTargets(signal),
});

export function useUploadTargets() {
  return useQuery(uploadTargetsQueryOptions);
}
