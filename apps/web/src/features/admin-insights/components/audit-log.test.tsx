import type { TAuditEntry } from '@spacecapture/shared/contracts/admin-console/audit';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import {
  button,
  click,
  currentUrl,
  input,
  json,
  labelled,
  renderAt,
  settle,
  typeInto,
} from '../../../test/render-at.tsx';
import { AuditLog } from './audit-log.tsx';

let requests: string[];
let pages: Record<string, { items: TAuditEntry[]; nextCursor: string | null }>;

function entry(n: number, overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    entity: 'quote',
    entityId: `quote-${n}`,
    action: 'send',
    before: { status: 'draft', total: 1500 },
    after: { status: 'sent', total: 1500 },
    actor: { userId: 'user-1', email: 'ann@example.com', name: 'Ann' },
    ts: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  requests = [];
  pages = {};
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? 'first';
    return json(200, pages[cursor] ?? { items: [], nextCursor: null });
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

function select(label: string) {
  return labelled<HTMLSelectElement>(label);
}

/** Picks an option as a person does: the select's value changes and React hears a change event. */
function choose(element: HTMLSelectElement | null, value: string) {
  if (!element) throw new Error('no such select');
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const rows = () => [...mount.container.querySelectorAll('table[aria-label="Audit entries"] > tbody > tr')];

describe('AuditLog', () => {
  it('reads the filters from the URL, loads 100 a page and the older ones by cursor', async () => {
    pages.first = { items: [entry(1), entry(2)], nextCursor: 'cursor-2' };
    pages['cursor-2'] = { items: [entry(3, { actor: null })], nextCursor: null };
    renderAt(mount.root, '/admin/audit?entity=quote&actor=ann%40example.com', <AuditLog />);
    await settle();

    expect(requests).toEqual(['/api/admin/audit?entity=quote&actor=ann%40example.com&limit=100']);
    expect(input('Entity')?.value).toBe('quote');
    expect(input('Actor')?.value).toBe('ann@example.com');
    expect(rows()).toHaveLength(2);
    const csv = [...mount.container.querySelectorAll('a')].find((link) => link.textContent === 'Export CSV');
    expect(csv?.getAttribute('href')).toBe('/api/admin/audit.csv?entity=quote&actor=ann%40example.com');

    await click(button('Show older entries'));
    await settle();
    expect(requests[1]).toBe('/api/admin/audit?entity=quote&actor=ann%40example.com&limit=100&cursor=cursor-2');
    expect(rows()).toHaveLength(3);
    expect(rows()[2]?.textContent).toContain('System or visitor');
    expect(button('Show older entries')).toBeUndefined();
    expect(mount.container.textContent).toContain('Showing 3 entries, newest first.');
  });

  it('shows 25 rows a page, the page in the URL, and the page where the older entries begin', async () => {
    const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from + i));
    pages.first = { items: many(1, 30), nextCursor: 'cursor-2' };
    pages['cursor-2'] = { items: many(31, 3), nextCursor: null };
    renderAt(mount.root, '/admin/audit', <AuditLog />);
    await settle();
    expect(rows()).toHaveLength(25);
    expect(rows()[0]?.textContent).toContain('quote-1');
    expect(button('Show older entries')).toBeUndefined();

    await click(mount.container.querySelector<HTMLButtonElement>('button[aria-label="Page 2"]'));
    await settle();
    expect(currentUrl.value).toBe('/admin/audit?page=2');
    expect(rows()).toHaveLength(5);
    expect(rows()[0]?.textContent).toContain('quote-26');
    expect(mount.container.textContent).toContain('Showing 26–30 of 30 entries loaded, newest first.');

    await click(button('Show older entries'));
    await settle();
    expect(currentUrl.value).toBe('/admin/audit?page=2');
    expect(rows().map((row) => row.textContent?.match(/quote-\d+/)?.[0])).toEqual(
      ['26', '27', '28', '29', '30', '31', '32', '33'].map((n) => `quote-${n}`),
    );
    expect(mount.container.textContent).toContain('Showing 26–33 of 33 entries loaded, newest first.');
  });

  it('writes applied filters into the URL and keeps refused ones out', async () => {
    pages.first = { items: [entry(1)], nextCursor: null };
    renderAt(mount.root, '/admin/audit', <AuditLog />);
    await settle();

    typeInto(input('From'), '2026-03-02');
    typeInto(input('To'), '2026-03-01');
    await click(button('Apply filters'));
    expect(mount.container.textContent).toContain('The start date must be on or before the end date.');
    expect(currentUrl.value).toBe('/admin/audit');
    expect(requests).toHaveLength(1);

    choose(select('Entity'), 'quote');
    typeInto(input('To'), '2026-03-31');
    await click(button('Apply filters'));
    await settle();
    expect(currentUrl.value).toBe('/admin/audit?entity=quote&from=2026-03-02&to=2026-03-31');
    expect(requests.at(-1)).toBe('/api/admin/audit?entity=quote&from=2026-03-02&to=2026-03-31&limit=100');

    await click(button('Clear filters'));
    await settle();
    expect(currentUrl.value).toBe('/admin/audit');
    expect(input('Entity')?.value).toBe('');
  });

  it("offers the audited entities, then only the chosen entity's actions", async () => {
    renderAt(mount.root, '/admin/audit?action=send', <AuditLog />);
    await settle();
    const options = (label: string) => [...(select(label)?.options ?? [])].map((option) => option.textContent);
    expect(options('Entity')).toContain('Provider application');
    expect(options('Action')).toContain('Mark delivered');

    choose(select('Entity'), 'quote');
    expect(options('Action')).toEqual(['All actions', 'Create', 'Update', 'Send', 'Accept', 'Decline', 'Expire']);
    expect(select('Action')?.value).toBe('send');
    // An action the new entity never records is cleared rather than left to find nothing.
    choose(select('Entity'), 'device');
    expect(select('Action')?.value).toBe('');
  });

  it('opens an entry to show its changes field by field', async () => {
    pages.first = { items: [entry(1)], nextCursor: null };
    renderAt(mount.root, '/admin/audit', <AuditLog />);
    await settle();
    expect(mount.container.querySelector('table[aria-label="Changes"]')).toBeNull();

    await click(button('Show changes'));
    const changes = [...mount.container.querySelectorAll('table[aria-label="Changes"] tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(changes).toEqual([
      ['status', 'changed', 'draft', 'sent'],
      ['total', 'unchanged', '1500', '1500'],
    ]);
    await click(button('Hide changes'));
    expect(mount.container.querySelector('table[aria-label="Changes"]')).toBeNull();
  });

  it('says when nothing matches the filters', async () => {
    renderAt(mount.root, '/admin/audit?entity=nothing', <AuditLog />);
    await settle();
    expect(mount.container.textContent).toContain('No audit entries match these filters.');
  });

  it('shows the server refusing a filter from a shared link', async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, { error: { code: 'validation_failed', message: 'Enter a date as YYYY-MM-DD or a date and time.' } }),
    );
    renderAt(mount.root, '/admin/audit?from=yesterday', <AuditLog />);
    await settle();
    expect(mount.container.textContent).toContain('Could not load the audit log');
    expect(mount.container.textContent).toContain('Enter a date as YYYY-MM-DD or a date and time.');
  });
});
