/**
 * Wall-clock time in a named time zone without a library: the platform's Intl data does the zone
 * rules. One formatter per zone is kept, since building one costs far more than using it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the platform knows the zone ("Europe/London" yes, "Mars/Olympus" no). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

type TWallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockOf(instant: number, timeZone: string): TWallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string) {
  const wall = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local date ("2026-12-03") and ISO weekday (1 Monday … 7 Sunday) of an instant in a zone. */
export function localDayOf(instant: number, timeZone: string): { date: string; weekday: number } {
  const wall = wallClockOf(instant, timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() || 7;
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, weekday };
}

/** The instant of a local date and time ("2026-12-03", "08:30") in a zone. */
export function instantOf(date: string, time: string, timeZone: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  // Once more at the found instant: right on either side of a daylight-saving change.
  return guess - offsetAt(first, timeZone);
}

/** The next local date after `date`. */
export function nextDate(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The local time ("09:30") of an instant in a zone. */
export function localTimeOf(instant: number, timeZone: string): string {
  const wall = wallClockOf(instant, timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * Days and hours given at a place ("2027-03-04", "09:00"–"12:00") as instants in its zone: how a
 * request form's windows become an order's preferred windows once the place is known.
 */
export function windowsInZone(
  windows: readonly { date: string; from: string; to: string }[],
  timeZone: string,
): { start: string; end: string }[] {
  return windows.map((window) => ({
    start: new Date(instantOf(window.date, window.from, timeZone)).toISOString(),
    end: new Date(instantOf(window.date, window.to, timeZone)).toISOString(),
  }));
}
