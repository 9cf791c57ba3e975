import { ZCustomerQuoteList } from '@spacecapture/shared/contracts/customer-portal';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { QUOTES_PAGE_SIZE, quoteKeys } from './quote-keys.ts';

/** GET /api/customer/quotes?limit=&cursor= → { items, nextCursor }: the organisation's quotes, newest first. */
export function getCustomerQuotes(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(QUOTES_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/customer/quotes?${params}`, { schema: ZCustomerQuoteList, ...(signal ? { signal } : {}) });
}

export const customerQuotesQueryOptions = infiniteQueryOptions({
  queryKey: quoteKeys.quotes(),
  queryFn: ({ pageParam, signal }) => getCustomerQuotes(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export function useCustomerQuotes() {
  return useInfiniteQuery(customerQuotesQueryOptions);
}

/** GET /api/customer/quotes?status=sent: the quotes waiting for the customer's answer (first page). */
export function getQuotesAwaitingAnswer(signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(QUOTES_PAGE_SIZE), status: 'sent' });
  return apiRequest(`/api/customer/quotes?${params}`, { schema: ZCustomerQuoteList, ...(signal ? { signal } : {}) });
}

export const quotesAwaitingAnswerQueryOptions = queryOptions({
  queryKey: quoteKeys.awaiting(),
  queryFn: ({ signal }) => getQuotesAwaitingAnswer(signal),
});

export function useQuotesAwaitingAnswer() {
  return useQuery(quotesAwaitingAnswerQueryOptions);
}
