import { labelOf, TIMELINE_OPTIONS } from '@spacecapture/shared/enums';
import { formatDate } from '@spacecapture/shared/format';

export function timelineLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return labelOf(TIMELINE_OPTIONS, value);
}

/** A calendar date stored as an instant at the end of that day in UTC: shown as that day everywhere. */
export function formatCalendarDate(iso: string): string {
  return formatDate(iso, 'UTC');
}
