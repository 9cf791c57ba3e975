import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';

export type TScheduleDay = { key: string; date: Date; entries: TScheduleEntry[] };

/** The calendar day (in the viewer's time zone) a window starts on, as YYYY-MM-DD. */
function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function groupByDay(entries: readonly TScheduleEntry[]): TScheduleDay[] {
  const days = new Map<string, TScheduleDay>();
  for (const entry of entries) {
    const start = new Date(entry.start);
    const key = dayKey(start);
    const day = days.get(key) ?? {
      key,
      date: new Date(start.getFullYear(), start.getMonth(), start.getDate()),
      entries: [],
    };
    day.entries.push(entry);
    days.set(key, day);
  }
  return [...days.values()];
}

/**
 * The agenda: windows not yet over, earliest first, grouped by the day they start; windows that
 * have ended, most recent first, grouped the same way.
 */
export function scheduleAgenda(entries: readonly TScheduleEntry[], now: number) {
  const byStart = [...entries].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  const upcoming = byStart.filter((entry) => new Date(entry.end).getTime() > now);
  const past = byStart.filter((entry) => new Date(entry.end).getTime() <= now).reverse();
  return { upcoming: groupByDay(upcoming), past: groupByDay(past) };
}
