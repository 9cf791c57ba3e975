import { type TReportTable, ZReport } from '@spacecapture/shared/contracts/admin-console/reporting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { insightsKeys } from './insights-keys.ts';

export type TReportRange = { from?: string | undefined; to?: string | undefined };

function rangeSearch(range: TReportRange): URLSearchParams {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  return query;
}

/** GET /api/admin/reporting?from=&to= → every figure of the range (default: the last 12 months). */
export function getReport(range: TReportRange, signal?: AbortSignal) {
  const query = rangeSearch(range).toString();
  return apiRequest(query ? `/api/admin/reporting?${query}` : '/api/admin/reporting', {
    schema: ZReport,
    ...(signal ? { signal } : {}),
  });
}

export function reportQueryOptions(range: TReportRange) {
  return queryOptions({
    queryKey: insightsKeys.report(rangeSearch(range).toString()),
    queryFn: ({ signal }) => getReport(range, signal),
    // Figures change with every order: read them fresh each time the page opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useReport(range: TReportRange) {
  return useQuery(reportQueryOptions(range));
}

/** One table of the report (or all of them) as CSV, over the range the server reported. */
export function reportCsvUrl(range: { from: string; to: string }, table?: TReportTable): string {
  const query = rangeSearch(range);
  if (table) query.set('table', table);
  return `/api/admin/reporting.csv?${query}`;
}
