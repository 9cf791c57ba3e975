import { ZCustomerQuoteList } from '@spacecapture/shared/contracts/customer-portal';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpointQuery, pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { QUOTES_PAGE_SIZE, quoteKeys } from './quote-keys.ts';

/** GET /api/customer/quotes?limit=&cursor= → { items, nextCursor }: the organisation's quotes, newest first. */
export const customerQuotesQueryOptions = pagedQuery(quoteKeys.quotes(), ZCustomerQuoteList, (cursor) =>
  pagePath('/api/customer/quotes', { limit: String(QUOTES_PAGE_SIZE) }, cursor),
);

export function useCustomerQuotes() {
  return useInfiniteQuery(customerQuotesQueryOptions);
}

/** GET /api/customer/quotes?status=sent: the quotes waiting for the customer's answer (first page). */
export function useQuotesAwaitingAnswer() {
  return useQuery(
    endpointQuery(
      quoteKeys.awaiting(),
      `/api/customer/quotes?${new URLSearchParams({ limit: String(QUOTES_PAGE_SIZE), status: 'sent' })}`,
      ZCustomerQuoteList,
    ),
  );
}
