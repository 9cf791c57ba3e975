import { ZQuotePrefill } from '@spacecapture/shared/contracts/admin-workflow';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/quotes/prefill?orderId=&currency= → the order's capture type, size and the book's items for them. */
export function fetchQuotePrefill(orderId: string, currency: string) {
  const query = new URLSearchParams({ orderId, currency });
  return apiRequest(`/api/admin/quotes/prefill?${query}`, { schema: ZQuotePrefill });
}
