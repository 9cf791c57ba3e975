import { ZRemovedFile } from '@spacecapture/shared/contracts/provider-uploads';
import { apiRequest } from '../../../lib/api-client.ts';
import { type TMutationHookOptions, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { uploadKeys } from './upload-keys.ts';

/** DELETE /api/provider/files/:id → { id, orderId }: a file removed before its delivery (decision 218). */
export function removeFile(fileId: string) {
  return apiRequest(`/api/provider/files/${encodeURIComponent(fileId)}`, { method: 'DELETE', schema: ZRemovedFile });
}

export function useRemoveFile(options: TMutationHookOptions<typeof removeFile> = {}) {
  return useRefreshingMutation(uploadKeys.all, {
    mutationFn: removeFile,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
  });
}
