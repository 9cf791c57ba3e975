import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { button, click, currentUrl, json, renderAt, until } from '../../../test/render-at.tsx';
import { WeekCalendar } from './week-calendar.tsx';

const CONFIRMED: TScheduleEntry = {
  assignmentId: '00000000-0000-4000-8000-000000000001',
  orderId: '00000000-0000-4000-8000-100000000001',
  title: 'Harbour warehouse',
  location: '1 Quay Street, Leeds',
  kind: 'confirmed',
  // 00:30 on Wednesday in Berlin, still Tuesday in UTC.
  start: '2026-12-08T23:30:00Z',
  end: '2026-12-09T02:30:00Z',
  timeZone: 'Europe/Berlin',
};
const PROPOSED: TScheduleEntry = {
  ...CONFIRMED,
  assignmentId: '00000000-0000-4000-8000-000000000002',
  orderId: '00000000-0000-4000-8000-100000000002',
  title: 'Gallery',
  kind: 'proposed',
  start: '2026-12-18T10:00:00Z',
  end: '2026-12-18T12:00:00Z',
  timeZone: 'Europe/London',
};

beforeEach(() => {
  vi.stubGlobal('fetch', async () => json(200, { items: [CONFIRMED, PROPOSED] }));
});
afterEach(() => vi.unstubAllGlobals());

const mount = mountPerTest();

function day(date: string) {
  return document.querySelector<HTMLElement>(`[data-testid="week-day"][data-date="${date}"]`);
}

describe('WeekCalendar', () => {
  it("shows the URL's week, each window on its day at its place, linked to its job", async () => {
    renderAt(mount.root, '/provider/schedule?week=2026-12-10', <WeekCalendar jobHref={(id) => `/jobs/${id}`} />);
    await until(() => expect(document.querySelectorAll('[data-testid="week-block"]')).toHaveLength(1));
    expect(document.querySelector('[data-testid="week-range"]')?.textContent).toBe('Dec 7 – Dec 13, 2026');
    expect(day('2026-12-07')?.getAttribute('aria-label')).toBe('Monday, Dec 7');
    const block = day('2026-12-09')?.querySelector<HTMLAnchorElement>('a[data-testid="week-block"]');
    expect(block?.getAttribute('href')).toBe(`/jobs/${CONFIRMED.assignmentId}`);
    expect(block?.textContent).toContain('Confirmed');
    expect(block?.textContent).toContain('Harbour warehouse');
    expect(block?.textContent).toContain('12:30 AM – 3:30 AM (Europe/Berlin)');
    expect(day('2026-12-08')?.textContent).toContain('No captures');
  });

  it('moves by week, writing the week into the URL, and comes back to this week', async () => {
    renderAt(mount.root, '/provider/schedule?week=2026-12-07', <WeekCalendar jobHref={(id) => `/jobs/${id}`} />);
    await until(() => expect(day('2026-12-09')?.querySelector('[data-testid="week-block"]')).not.toBeNull());
    await click(button('Next week'));
    await until(() => expect(currentUrl.value).toBe('/provider/schedule?week=2026-12-14'));
    const proposed = day('2026-12-18')?.querySelector<HTMLElement>('[data-testid="week-block"]');
    expect(proposed?.dataset.kind).toBe('proposed');
    expect(proposed?.textContent).toContain('Proposed');
    expect(proposed?.textContent).toContain('10:00 AM – 12:00 PM (Europe/London)');
    await click(button('Previous week'));
    await click(button('Previous week'));
    await until(() => expect(currentUrl.value).toBe('/provider/schedule?week=2026-11-30'));
    expect(document.querySelectorAll('[data-testid="week-block"]')).toHaveLength(0);
    await click(button('This week'));
    const today = new Date();
    await until(() => expect(currentUrl.value).toMatch(/\?week=\d{4}-\d{2}-\d{2}$/));
    const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7));
    const expected = `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
    expect(currentUrl.value).toBe(`/provider/schedule?week=${expected}`);
    expect(button('This week')?.disabled).toBe(true);
  });
});
