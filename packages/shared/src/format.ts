/**
 * Money and time as every page and every e-mail shows them, written once (decision 100). The
 * product is written in US English, so figures are too ("$1,500.00", "Mar 12, 2026, 2:30 PM UTC"),
 * whatever the reader's locale. A time always names its zone: pages use the viewer's own zone;
 * what the server writes (e-mails, its messages) names UTC, as a recipient's zone is not known.
 */

const LOCALE = 'en-US';

/** The zone of every time the server writes: e-mails and the messages of its answers. */
export const SERVER_TIME_ZONE = 'UTC';

/** An amount in its currency ("$695.50"); a code Intl does not know still reads plainly ("5.00 XX1"). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A currency's sign as amounts show it ("£" for GBP, "$" for USD); the code itself where Intl has none. */
export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** An amount rounded to whole units, for a chart's bar labels (the exact figure is in the totals and CSV). */
export function formatMoneyRounded(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${Math.round(amount)} ${currency}`;
  }
}

const PLAIN = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A figure without its currency ("980.25"), where the label around it names what it is. */
export function formatAmount(amount: number): string {
  return PLAIN.format(amount);
}

const DATE_PARTS = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const TIME_PARTS = { hour: 'numeric', minute: '2-digit' } as const;

/** Formatters are costly to build: one per kind and zone (`undefined` is the viewer's zone). */
const formatters = new Map<string, Intl.DateTimeFormat>();
type TKind = 'date' | 'date-time' | 'date-time-unnamed' | 'time' | 'clock';
function formatterOf(kind: TKind, timeZone: string | undefined) {
  const key = `${kind} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const zone = timeZone ? { timeZone } : {};
    const named = { timeZoneName: 'short' } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { ...DATE_PARTS, ...zone }
        : kind === 'date-time'
          ? { ...DATE_PARTS, ...TIME_PARTS, ...named, ...zone }
          : kind === 'date-time-unnamed'
            ? { ...DATE_PARTS, ...TIME_PARTS, ...zone }
            : kind === 'time'
              ? { ...TIME_PARTS, ...named, ...zone }
              : { ...TIME_PARTS, ...zone };
    formatter = new Intl.DateTimeFormat(LOCALE, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(kind: TKind, value: string | Date, timeZone: string | undefined) {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatterOf(kind, timeZone).format(date);
}

/** A day people read ("Mar 12, 2026"); a text that is no date is shown as it came. */
export function formatDate(value: string | Date, timeZone?: string): string {
  return format('date', value, timeZone);
}

/** A moment with its zone named ("Mar 12, 2026, 2:30 PM GMT+1"). */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return format('date-time', value, timeZone);
}

/** A time of day with its zone named ("2:30 PM UTC"). */
export function formatTime(value: string | Date, timeZone?: string): string {
  return format('time', value, timeZone);
}

/** A time of day without its zone ("2:30 PM"), for the start of a range whose end names it. */
export function formatClockTime(value: string | Date, timeZone?: string): string {
  return format('clock', value, timeZone);
}

/**
 * A window from `start` to `end`, its zone named once ("Mar 12, 2026, 2:30 PM – 4:30 PM UTC"); a
 * window over several days gives both days.
 */
export function formatDateTimeRange(start: string | Date, end: string | Date, timeZone?: string): string {
  const sameDay = formatDate(start, timeZone) === formatDate(end, timeZone);
  const from = sameDay
    ? `${formatDate(start, timeZone)}, ${formatClockTime(start, timeZone)}`
    : format('date-time-unnamed', start, timeZone);
  return `${from} – ${sameDay ? formatTime(end, timeZone) : formatDateTime(end, timeZone)}`;
}

/**
 * A capture's window at its place (decision 141): the place's local times with the zone named by
 * its IANA name ("Dec 3, 2026, 9:00 AM – 12:00 PM (Europe/London)"). Without a place (an order not
 * yet placed) the window is shown as formatDateTimeRange shows it.
 */
export function formatPlaceWindow(start: string | Date, end: string | Date, timeZone?: string | null): string {
  if (!timeZone) return formatDateTimeRange(start, end);
  const sameDay = formatDate(start, timeZone) === formatDate(end, timeZone);
  const to = sameDay ? formatClockTime(end, timeZone) : format('date-time-unnamed', end, timeZone);
  return `${format('date-time-unnamed', start, timeZone)} – ${to} (${timeZone})`;
}

/** A moment at a place, its zone named by its IANA name ("Dec 3, 2026, 9:00 AM (Europe/London)"). */
export function formatPlaceTime(value: string | Date, timeZone?: string | null): string {
  if (!timeZone) return formatDateTime(value);
  return `${format('date-time-unnamed', value, timeZone)} (${timeZone})`;
}
