import {
  SUPPORT_INBOX_MESSAGES,
  type TAdminSupportRequestDetail,
  type TAssignSupportRequest,
  type TSupportReplyRequest,
  ZAdminSupportRequestDetail,
} from '@spacecapture/shared/contracts/admin-console/support-requests';
import { useQueryClient } from '@tanstack/react-query';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { supportInboxKeys } from './support-inbox-keys.ts';

const base = (id: string) => `/api/admin/support-requests/${encodeURIComponent(id)}`;

/** POST …/:id/replies → the request with the answer (e-mailed to the customer). */
export function replyToSupportRequest(id: string, values: TSupportReplyRequest) {
  return sendJson(`${base(id)}/replies`, values, ZAdminSupportRequestDetail);
}

/** POST …/:id/assign → the request with its new assignee. */
export function assignSupportRequest(id: string, values: TAssignSupportRequest) {
  return sendJson(`${base(id)}/assign`, values, ZAdminSupportRequestDetail);
}

/** POST …/:id/close → the closed request. */
export function closeSupportRequest(id: string) {
  return sendJson(`${base(id)}/close`, {}, ZAdminSupportRequestDetail);
}

/** The detail is set from the answer; the lists refresh once the change settles. */
function useSupportMutation<TVariables>(
  id: string,
  mutationFn: (variables: TVariables) => Promise<TAdminSupportRequestDetail>,
  onSuccess: () => void,
) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(supportInboxKeys.all, {
    mutationFn,
    onSuccess: (detail) => {
      queryClient.setQueryData(supportInboxKeys.detail(id), detail);
      onSuccess();
    },
  });
}

export function useReplyToSupportRequest(id: string, options: { onSuccess?: () => void } = {}) {
  return useSupportMutation(
    id,
    (values: TSupportReplyRequest) => replyToSupportRequest(id, values),
    () => {
      notifySuccess(SUPPORT_INBOX_MESSAGES.replySent);
      options.onSuccess?.();
    },
  );
}

export function useAssignSupportRequest(id: string) {
  return useSupportMutation(
    id,
    (values: TAssignSupportRequest) => assignSupportRequest(id, values),
    () => notifySuccess(SUPPORT_INBOX_MESSAGES.assigned),
  );
}

export function useCloseSupportRequest(id: string) {
  return useSupportMutation(
    id,
    () => closeSupportRequest(id),
    () => notifySuccess(SUPPORT_INBOX_MESSAGES.closed),
  );
}
