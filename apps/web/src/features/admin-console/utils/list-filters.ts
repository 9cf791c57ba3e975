import { ORDER_STATUSES } from '@spacecapture/shared/contracts/admin-workflow';
import type { TOrderStatus } from '@spacecapture/shared/state-machines';
import { readSearch } from '../../../lib/list-params.ts';
import type { TOrderFilters, TOrganizationFilters } from '../api/console-keys.ts';

/** The console lists' filters as the URL holds them (lib/list-params.ts); a value a list cannot use reads as none. */

export function readOrderStatus(params: URLSearchParams): TOrderStatus | '' {
  const status = params.get('status') ?? '';
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as TOrderStatus) : '';
}

export function readOrderFilters(params: URLSearchParams): TOrderFilters {
  return { q: readSearch(params), status: readOrderStatus(params) };
}

export function readOrganizationFilters(params: URLSearchParams): TOrganizationFilters {
  return { q: readSearch(params) };
}
