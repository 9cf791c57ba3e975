import { labelOf, TIMELINE_OPTIONS } from '@spacecapture/shared/enums';

const UTC_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export function timelineLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return labelOf(TIMELINE_OPTIONS, value);
}

/** A calendar date stored as an instant at the end of that day in UTC: shown as that day everywhere. */
export function formatCalendarDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : UTC_DATE.format(date);
}
