import { ZQuoteList } from '@spacecapture/shared/contracts/admin-workflow';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/quotes?limit= → { items, nextCursor }, newest first. */
export function useQuotes() {
  return useQuery(endpointQuery(workflowKeys.quotes(), `/api/admin/quotes?limit=${WORKFLOW_PAGE_SIZE}`, ZQuoteList));
}
