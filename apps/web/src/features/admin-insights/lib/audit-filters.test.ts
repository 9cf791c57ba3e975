import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_CHOICE_MESSAGES,
  auditActionChoices,
  readAuditFilters,
  toAuditSearch,
  validateAuditFilters,
} from './audit-filters.ts';

describe('audit filters', () => {
  it('reads the filters from the URL, dropping blanks and unknown keys', () => {
    const filters = readAuditFilters(
      new URLSearchParams('entity=quote&action=%20&actor=ann%40example.com&tab=entries&from=2026-01-01'),
    );
    expect(filters).toEqual({ entity: 'quote', actor: 'ann@example.com', from: '2026-01-01' });
  });

  it('writes the same query whatever order the filters were set in', () => {
    expect(toAuditSearch({ to: '2026-02-01', entity: 'quote', action: 'send' }).toString()).toBe(
      'entity=quote&action=send&to=2026-02-01',
    );
    expect(toAuditSearch({ entity: '  ' }).toString()).toBe('');
  });

  it('refuses what the server would refuse, with its messages', () => {
    expect(validateAuditFilters({ entity: 'ord', action: 'send', from: '2026-13-40' })).toEqual({
      entity: AUDIT_CHOICE_MESSAGES.entity,
      from: ADMIN_CONSOLE_MESSAGES.dateFormat,
    });
    expect(validateAuditFilters({ action: 'upd' })).toEqual({ action: AUDIT_CHOICE_MESSAGES.action });
    expect(validateAuditFilters({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      to: ADMIN_CONSOLE_MESSAGES.dateOrder,
    });
    expect(validateAuditFilters({ entity: 'feature_flags', from: '2026-03-01', to: '2026-03-01' })).toEqual({});
  });

  it("offers the chosen entity's own actions, or every action without one", () => {
    expect(auditActionChoices('quote')).toEqual(['create', 'update', 'send', 'accept', 'decline', 'expire']);
    expect(auditActionChoices(undefined)).toContain('reveal_link');
    expect(auditActionChoices(undefined)).toContain('mark_delivered');
  });
});
