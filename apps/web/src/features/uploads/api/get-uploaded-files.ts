import { ZUploadedFileList } from '@spacecapture/shared/contracts/provider-uploads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isTreeBuilding, TREE_PROGRESS_POLL_MS } from '../../../lib/point-tree-progress.ts';
import { uploadKeys } from './upload-keys.ts';

/** GET /api/provider/files[?order=] → the latest 20 files of one order, or the 10 most recent uploads. */
export function getUploadedFiles(orderId: string | null, signal?: AbortSignal) {
  const query = orderId ? `?order=${encodeURIComponent(orderId)}` : '';
  return apiRequest(`/api/provider/files${query}`, { schema: ZUploadedFileList, ...(signal ? { signal } : {}) });
}

export function uploadedFilesQueryOptions(orderId: string | null) {
  return queryOptions({
    queryKey: uploadKeys.files(orderId),
    queryFn: ({ signal }) => getUploadedFiles(orderId, signal),
    // While a file waits for its quality check (decision 236) or its streaming tree is built
    // (often minutes after the check), the list asks again so the outcome shows without a reload.
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (file) => file.check.state === 'pending' || file.check.state === 'checking' || isTreeBuilding(file.pointTree),
      )
        ? TREE_PROGRESS_POLL_MS
        : false,
  });
}

export function useUploadedFiles(orderId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...uploadedFilesQueryOptions(orderId), enabled: options.enabled ?? true });
}
