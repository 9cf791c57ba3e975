import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatMoney, PAYOUT_CURRENCY } from '@spacecapture/shared/format';

export function formatCompensation(amount: number | null): string {
  return amount === null ? 'To be confirmed' : formatMoney(amount, PAYOUT_CURRENCY);
}

/** What the capture yields: its own product, or every product for "All of the above". */
export function deliverablesOf(captureType: string): string[] {
  if (captureType === 'all') {
    return CAPTURE_TYPE_OPTIONS.filter((option) => option.value !== 'all').map((option) => option.label);
  }
  return [labelOf(CAPTURE_TYPE_OPTIONS, captureType)];
}

/** A short, stable reference for a project (the start of its id). */
export function projectReference(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}
