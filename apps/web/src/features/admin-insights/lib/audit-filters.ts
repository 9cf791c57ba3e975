import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_EVENTS, type TAuditEntity } from '@spacecapture/shared/audit-events';
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const AUDIT_CHOICE_MESSAGES = {
  entity: 'Choose one of the audited entities.',
  action: 'Choose one of the audited actions.',
} as const;

function isEntity(value: string): value is TAuditEntity {
  return (AUDIT_ENTITIES as readonly string[]).includes(value);
}

/** The actions the action filter offers: the chosen entity's own, or every audited action. */
export function auditActionChoices(entity: string | undefined): readonly string[] {
  return entity && isEntity(entity) ? AUDIT_EVENTS[entity] : AUDIT_ACTIONS;
}

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
  const entity = filters.entity?.trim();
  if (entity && !isEntity(entity)) errors.entity = AUDIT_CHOICE_MESSAGES.entity;
  const action = filters.action?.trim();
  if (action && !(AUDIT_ACTIONS as readonly string[]).includes(action)) errors.action = AUDIT_CHOICE_MESSAGES.action;
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
