import {
  CHECK_OVERRIDE_MESSAGES,
  type TCheckOverrideRequest,
  ZFileCheck,
} from '@spacecapture/shared/contracts/quality-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { consoleKeys } from './console-keys.ts';

/** POST /api/admin/files/:id/check-override { reason } → the file's check, let through (decision 236). */
export function overrideCheck(input: { fileId: string } & TCheckOverrideRequest) {
  return sendJson(
    `/api/admin/files/${encodeURIComponent(input.fileId)}/check-override`,
    { reason: input.reason },
    ZFileCheck,
  );
}

export function useOverrideCheck(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideCheck,
    onSuccess: () => notifySuccess(CHECK_OVERRIDE_MESSAGES.overridden),
    // The order's history shows each file's check and its override.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.order(orderId) }),
  });
}
