import { ZQuotePreview } from '@spacecapture/shared/contracts/admin-workflow';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/quotes/:id/preview → the e-mail Send would queue and its recipients (always fresh). */
export function useQuotePreview(id: string) {
  return useQuery({
    ...endpointQuery(
      workflowKeys.quotePreview(id),
      `/api/admin/quotes/${encodeURIComponent(id)}/preview`,
      ZQuotePreview,
    ),
    staleTime: 0,
    gcTime: 0,
  });
}
