import { PRICE_BOOK_MESSAGES, type TPriceBookInput, ZPriceBook } from '@spacecapture/shared/contracts/admin-workflow';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/price-book → every price, by capture type, size and currency. */
export function usePriceBook() {
  return useQuery(endpointQuery(workflowKeys.priceBook(), '/api/admin/price-book', ZPriceBook));
}

/** PUT /api/admin/price-book → the book as saved. */
export function savePriceBook(book: TPriceBookInput) {
  return sendJson('/api/admin/price-book', book, ZPriceBook, 'PUT');
}

export function useSavePriceBook() {
  return useRefreshingMutation(workflowKeys.priceBook(), {
    mutationFn: savePriceBook,
    onSuccess: () => notifySuccess(PRICE_BOOK_MESSAGES.saved),
  });
}
