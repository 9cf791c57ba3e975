import { type TCreateQuoteInput, WORKFLOW_TOASTS, ZQuote } from '@spacecapture/shared/contracts/admin-workflow';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/quotes (Idempotency-Key) → 201 the draft quote. */
export function createQuote({ request, idempotencyKey }: { request: TCreateQuoteInput; idempotencyKey: string }) {
  return apiRequest('/api/admin/quotes', { method: 'POST', json: request, idempotencyKey, schema: ZQuote });
}

export function useCreateQuote(options: { onSuccess?: () => void } = {}) {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: createQuote,
    onSuccess: () => {
      notifySuccess(WORKFLOW_TOASTS.quoteCreated);
      options.onSuccess?.();
    },
  });
}
