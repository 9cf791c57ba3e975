import { QUOTE_MESSAGES, type TUpdateQuoteInput, ZQuote } from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** PATCH /api/admin/quotes/:id → the edited draft (409 once sent). */
export function updateQuote({ id, request }: { id: string; request: TUpdateQuoteInput }) {
  return sendJson(`/api/admin/quotes/${encodeURIComponent(id)}`, request, ZQuote, 'PATCH');
}

export function useUpdateQuote(options: { onSuccess?: () => void } = {}) {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: updateQuote,
    onSuccess: () => {
      notifySuccess(QUOTE_MESSAGES.quoteUpdated);
      options.onSuccess?.();
    },
  });
}
