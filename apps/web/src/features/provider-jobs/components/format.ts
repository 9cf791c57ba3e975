import { CAPTURE_TYPE_OPTIONS, TIMELINE_OPTIONS } from '@spacecapture/shared/enums';

const MONEY = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const UTC_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** The capture type's label ("Virtual Tour"), or the stored value when it is not one of ours. */
export function captureTypeLabel(value: string): string {
  return CAPTURE_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

export function timelineLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return TIMELINE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

export function formatMoney(amount: number): string {
  return MONEY.format(amount);
}

/** A calendar date stored as an instant at the end of that day in UTC: shown as that day everywhere. */
export function formatCalendarDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : UTC_DATE.format(date);
}
