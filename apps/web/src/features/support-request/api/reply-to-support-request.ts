import type { TSupportReplyRequest } from '@spacecapture/shared/contracts/admin-console/support-requests';
import { ZCustomerSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { SUPPORT_MESSAGES } from '../components/support-messages.ts';
import { supportKeys } from './support-keys.ts';

/** POST /api/customer/support-requests/:id/replies → the request, open again, with the reply. */
export function replyToSupportRequest(id: string, values: TSupportReplyRequest) {
  return sendJson(`/api/customer/support-requests/${encodeURIComponent(id)}/replies`, values, ZCustomerSupportRequest);
}

export function useReplyToSupportRequest(id: string, options: { onSuccess?: () => void } = {}) {
  return useRefreshingMutation(supportKeys.requests(), {
    mutationFn: (values: TSupportReplyRequest) => replyToSupportRequest(id, values),
    onSuccess: () => {
      notifySuccess(SUPPORT_MESSAGES.replySent);
      options.onSuccess?.();
    },
  });
}
