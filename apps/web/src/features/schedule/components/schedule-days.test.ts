import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';
import { describe, expect, it } from 'vitest';
import { scheduleAgenda } from './schedule-days.ts';

const HOUR = 3_600_000;
const NOW = new Date(2026, 2, 10, 12, 0).getTime();

function entry(
  id: string,
  startOffset: number,
  hours: number,
  kind: TScheduleEntry['kind'] = 'confirmed',
): TScheduleEntry {
  return {
    assignmentId: `00000000-0000-4000-8000-00000000000${id}`,
    orderId: `00000000-0000-4000-8000-10000000000${id}`,
    title: `Job ${id}`,
    location: `Street ${id}`,
    kind,
    start: new Date(NOW + startOffset).toISOString(),
    end: new Date(NOW + startOffset + hours * HOUR).toISOString(),
    timeZone: null,
  };
}

describe('scheduleAgenda', () => {
  it('lists windows not yet over by day, earliest first, and ended ones apart, latest first', () => {
    const entries = [
      entry('1', 48 * HOUR, 2),
      entry('2', -HOUR, 3, 'proposed'), // under way: still upcoming
      entry('3', -72 * HOUR, 2),
      entry('4', 49 * HOUR, 1, 'proposed'),
      entry('5', -30 * HOUR, 2),
    ];
    const { upcoming, past } = scheduleAgenda(entries, NOW);
    expect(upcoming.map((day) => day.entries.map((item) => item.title))).toEqual([['Job 2'], ['Job 1', 'Job 4']]);
    expect(past.map((day) => day.entries.map((item) => item.title))).toEqual([['Job 5'], ['Job 3']]);
    expect(upcoming[1]?.date.getDate()).toBe(12);
  });
});
