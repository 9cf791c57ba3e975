import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';
import { describe, expect, it } from 'vitest';
import { monthlySeries } from './performance-months.ts';
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

describe('monthlySeries', () => {
  it('fills the last twelve months, zero where nothing was accepted', () => {
    const series = monthlySeries(
      [
        { month: '2025-01', jobs: 9 },
        { month: '2025-04', jobs: 2 },
        { month: '2026-03', jobs: 3 },
      ],
      new Date(Date.UTC(2026, 2, 15)),
    );
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ label: 'Apr 25', value: 2 });
    expect(series.at(-1)).toEqual({ label: 'Mar 26', value: 3 });
    expect(series.slice(1, -1).every((item) => item.value === 0)).toBe(true);
  });
});
