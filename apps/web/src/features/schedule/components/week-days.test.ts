import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';
import { describe, expect, it } from 'vitest';
import { addDays, localDate, mondayOf, weekFromParam, weekLabel, weekOf } from './week-days.ts';

function entry(
  id: string,
  start: string,
  end: string,
  timeZone: string | null,
  kind: TScheduleEntry['kind'] = 'confirmed',
) {
  return {
    assignmentId: `00000000-0000-4000-8000-00000000000${id}`,
    orderId: `00000000-0000-4000-8000-10000000000${id}`,
    title: `Job ${id}`,
    location: `Street ${id}`,
    kind,
    start,
    end,
    timeZone,
  } satisfies TScheduleEntry;
}

describe('the week calendar', () => {
  it('reckons weeks Monday to Sunday, across months, years and daylight-saving changes', () => {
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    // The week of the clocks going back in Europe still has seven dates.
    expect(addDays('2026-10-19', 7)).toBe('2026-10-26');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(weekLabel('2026-12-28')).toBe('Dec 28 – Jan 3, 2027');
  });

  it('takes the week from the URL when it names a real date, else this week', () => {
    expect(weekFromParam('2026-12-10', '2026-06-01')).toBe('2026-12-07');
    expect(weekFromParam(null, '2026-12-10')).toBe('2026-12-07');
    expect(weekFromParam('2026-02-30', '2026-12-10')).toBe('2026-12-07');
    expect(weekFromParam('next week', '2026-12-10')).toBe('2026-12-07');
  });

  it('puts each window on the day it starts at its place, earliest first', () => {
    const entries = [
      // Sunday 23:30 in UTC is Monday 00:30 in Berlin: the Monday of the week.
      entry('1', '2026-12-06T23:30:00Z', '2026-12-07T02:00:00Z', 'Europe/Berlin'),
      // Monday 04:00 in UTC is still Sunday evening in Los Angeles: the Sunday of the week.
      entry('2', '2026-12-14T04:00:00Z', '2026-12-14T06:00:00Z', 'America/Los_Angeles', 'proposed'),
      // Sunday 23:30 in UTC is already the next Monday in Berlin: not this week.
      entry('3', '2026-12-13T23:30:00Z', '2026-12-14T01:00:00Z', 'Europe/Berlin'),
      entry('4', '2026-12-09T14:00:00Z', '2026-12-09T16:00:00Z', 'Europe/London'),
      entry('5', '2026-12-09T09:00:00Z', '2026-12-09T11:00:00Z', 'Europe/London', 'proposed'),
    ];
    const week = weekOf(entries, '2026-12-07');
    expect(week.map((day) => day.date)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    expect(week.map((day) => day.entries.map((item) => item.title))).toEqual([
      ['Job 1'],
      [],
      ['Job 5', 'Job 4'],
      [],
      [],
      [],
      ['Job 2'],
    ]);
    expect(weekOf(entries, '2026-12-14')[0]?.entries.map((item) => item.title)).toEqual(['Job 3']);
  });

  it('reads an instant as a date in a zone', () => {
    expect(localDate('2026-12-06T23:30:00Z', 'Europe/Berlin')).toBe('2026-12-07');
    expect(localDate('2026-12-06T23:30:00Z', 'UTC')).toBe('2026-12-06');
  });
});
