import { describe, expect, it } from 'vitest';
import { diffJson } from './json-diff.ts';

describe('diffJson', () => {
  it('lists changed, added and removed fields before the unchanged ones', () => {
    const rows = diffJson(
      { status: 'draft', total: 100, sla: '5 days', note: 'old' },
      { status: 'sent', total: 100, sla: '5 days', sentAt: '2026-11-22T10:00:00.000Z' },
    );
    expect(rows).toEqual([
      { path: 'status', before: 'draft', after: 'sent', change: 'changed' },
      { path: 'note', before: 'old', after: null, change: 'removed' },
      { path: 'sentAt', before: null, after: '2026-11-22T10:00:00.000Z', change: 'added' },
      { path: 'total', before: '100', after: '100', change: 'unchanged' },
      { path: 'sla', before: '5 days', after: '5 days', change: 'unchanged' },
    ]);
  });

  it('walks nested objects by dotted path and compares arrays whole', () => {
    const rows = diffJson(
      { flags: { masking: true, hours: 48 }, regions: ['north'] },
      { flags: { masking: false, hours: 48 }, regions: ['north', 'south'] },
    );
    expect(rows.filter((row) => row.change === 'changed')).toEqual([
      { path: 'flags.masking', before: 'true', after: 'false', change: 'changed' },
      { path: 'regions', before: '["north"]', after: '["north","south"]', change: 'changed' },
    ]);
  });

  it('treats a created record as all added and a bare value as one field', () => {
    expect(diffJson(null, { email: 'a@example.com' })).toEqual([
      { path: 'email', before: null, after: 'a@example.com', change: 'added' },
    ]);
    expect(diffJson('new', 'triaged')).toEqual([{ path: 'value', before: 'new', after: 'triaged', change: 'changed' }]);
    expect(diffJson(null, null)).toEqual([]);
  });
});
