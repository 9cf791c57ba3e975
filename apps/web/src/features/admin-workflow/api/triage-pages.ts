import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { type TTriageFilters, WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/**
 * GET /api/admin/<list>?limit=&status=&q=&cursor= → { items, nextCursor }, newest first: a triage
 * column's pages. A new filter keeps the previous cards on screen until its first page arrives.
 */
export function triageQueryOptions<TPage extends { nextCursor: string | null }>(
  list: 'leads' | 'applications',
  schema: z.ZodType<TPage>,
  filters: TTriageFilters,
) {
  const params = { limit: String(WORKFLOW_PAGE_SIZE), status: filters.status, q: filters.q || undefined };
  return infiniteQueryOptions({
    ...pagedQuery(workflowKeys[list](filters), schema, (cursor) => pagePath(`/api/admin/${list}`, params, cursor)),
    placeholderData: keepPreviousData,
  });
}
