import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';

/**
 * The week calendar's arithmetic (decision 207). Days are calendar dates written YYYY-MM-DD and
 * reckoned in UTC, so a week is seven dates whatever daylight saving does. A window belongs to the
 * date its start falls on at its place (the viewer's zone for an order not yet placed): a capture
 * at 00:30 on Monday in Berlin is on Monday, though it is still Sunday in UTC.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type TWeekDay = { date: string; entries: TScheduleEntry[] };

function toDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The date `days` after (or before) an ISO date. */
export function addDays(isoDate: string, days: number): string {
  return toIsoDate(new Date(toDate(isoDate).getTime() + days * DAY_MS));
}

/** The Monday of the week an ISO date is in. */
export function mondayOf(isoDate: string): string {
  const weekday = (toDate(isoDate).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(isoDate, -weekday);
}

/** Whether a text is a real calendar date as YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  return toIsoDate(toDate(value)) === value;
}

/** The Monday of the week the `?week=` parameter names, or of this week when it names none. */
export function weekFromParam(value: string | null, today: string): string {
  return value && isIsoDate(value) ? mondayOf(value) : mondayOf(today);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone (the viewer's when none), as YYYY-MM-DD. */
export function localDate(instant: string | Date, timeZone?: string | null): string {
  const key = timeZone ?? '';
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormatters.set(key, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value] as const),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The seven days from `monday`, each with the windows that start on it at their place, earliest first. */
export function weekOf(entries: readonly TScheduleEntry[], monday: string): TWeekDay[] {
  const days: TWeekDay[] = Array.from({ length: 7 }, (_, index) => ({ date: addDays(monday, index), entries: [] }));
  const byStart = [...entries].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  for (const entry of byStart) {
    const day = days.find((candidate) => candidate.date === localDate(entry.start, entry.timeZone));
    day?.entries.push(entry);
  }
  return days;
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const FULL_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Monday" and "Dec 7" of an ISO date, for a day's heading. */
export function dayLabel(isoDate: string): { weekday: string; date: string } {
  const date = toDate(isoDate);
  return { weekday: WEEKDAY.format(date), date: DAY_MONTH.format(date) };
}

/** "Dec 7 – Dec 13, 2026": the week's dates as its heading says them. */
export function weekLabel(monday: string): string {
  return `${DAY_MONTH.format(toDate(monday))} – ${FULL_DATE.format(toDate(addDays(monday, 6)))}`;
}
