import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';

/** The audit log's filters, as they stand in the page's URL and go to the API. */
export type TAuditFilters = {
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export const AUDIT_FILTER_KEYS = ['entity', 'entityId', 'action', 'actor', 'from', 'to'] as const;
type TAuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** The same shape the server accepts for entity and action names. */
const TOKEN = /^[a-z0-9_.-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const TOKEN_MESSAGE = 'Use lower-case letters, digits, _, . or -.';

/** The filters named in a URL's query (blank values dropped). */
export function readAuditFilters(params: URLSearchParams): TAuditFilters {
  const filters: TAuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The query string of the filters, in a stable order (the same filters give the same URL). */
export function toAuditSearch(filters: TAuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** Field messages for filters the server would refuse; empty when they are fine to send. */
export function validateAuditFilters(filters: TAuditFilters): Partial<Record<TAuditFilterKey, string>> {
  const errors: Partial<Record<TAuditFilterKey, string>> = {};
  for (const key of ['entity', 'action'] as const) {
    const value = filters[key]?.trim();
    if (value && !TOKEN.test(value)) errors[key] = TOKEN_MESSAGE;
  }
  for (const key of ['from', 'to'] as const) {
    const value = filters[key]?.trim();
    if (value && (!DAY.test(value) || Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()))) {
      errors[key] = ADMIN_CONSOLE_MESSAGES.dateFormat;
    }
  }
  if (!errors.from && !errors.to && filters.from && filters.to && filters.from > filters.to) {
    errors.to = ADMIN_CONSOLE_MESSAGES.dateOrder;
  }
  return errors;
}
