import { CUSTOMER_DISPLAY_STATUSES } from '@spacecapture/shared/state-machines';
import type { TCustomerDisplayStatus } from '../../../components/portal/order-status-badge.tsx';

/** The list's search and status filter, as read from and written to the address (?q=&status=). */
export type TCustomerOrderFilters = { q: string; status: TCustomerDisplayStatus | '' };

/** Longest search the server accepts. */
export const SEARCH_MAX_LENGTH = 200;

function isDisplayStatus(value: string): value is TCustomerDisplayStatus {
  return (CUSTOMER_DISPLAY_STATUSES as readonly string[]).includes(value);
}

/** The filters a URL names; an unknown status or an over-long search is dropped, not sent. */
export function readOrderFilters(params: URLSearchParams): TCustomerOrderFilters {
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const status = params.get('status') ?? '';
  return { q, status: isDisplayStatus(status) ? status : '' };
}

/**
 * The query string with these filters, keeping other parameters (e.g. the tab) and dropping an
 * open order: a new search starts from the list.
 */
export function withOrderFilters(params: URLSearchParams, filters: TCustomerOrderFilters): string {
  const next = new URLSearchParams(params);
  next.delete('order');
  for (const [key, value] of Object.entries(filters)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const search = next.toString();
  return search ? `?${search}` : '';
}

/** The query string with this order opened (`id`) or closed (null). */
export function withOpenOrder(params: URLSearchParams, id: string | null): string {
  const next = new URLSearchParams(params);
  if (id) next.set('order', id);
  else next.delete('order');
  const search = next.toString();
  return search ? `?${search}` : '';
}
