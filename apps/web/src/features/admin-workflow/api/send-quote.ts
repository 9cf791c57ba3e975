import { WORKFLOW_TOASTS, ZQuote } from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { focusPageTitle } from '../../../lib/focus-page-title.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/quotes/:id/send → the sent quote (drafts only). */
export function sendQuote(id: string) {
  return sendJson(`/api/admin/quotes/${encodeURIComponent(id)}/send`, {}, ZQuote);
}

export function useSendQuote(options: { onSuccess?: () => void } = {}) {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: sendQuote,
    onSuccess: () => {
      notifySuccess(WORKFLOW_TOASTS.quoteSent);
      options.onSuccess?.();
      // Here, not in the button: a sent quote loses its Send (and the button its callbacks); focus
      // waits on the page's title instead of falling to its body.
      focusPageTitle();
    },
  });
}
