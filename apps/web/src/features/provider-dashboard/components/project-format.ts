import { CAPTURE_TYPE_OPTIONS } from '@spacecapture/shared/enums';

/** Compensation is kept without a currency; the marketplace quotes and pays in US dollars. */
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(amount: number): string {
  return MONEY.format(amount);
}

export function formatCompensation(amount: number | null): string {
  return amount === null ? 'To be confirmed' : formatMoney(amount);
}

export function captureTypeLabel(value: string): string {
  return CAPTURE_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/** What the capture yields: its own product, or every product for "All of the above". */
export function deliverablesOf(captureType: string): string[] {
  if (captureType === 'all') {
    return CAPTURE_TYPE_OPTIONS.filter((option) => option.value !== 'all').map((option) => option.label);
  }
  return [captureTypeLabel(captureType)];
}

/** A short, stable reference for a project (the start of its id). */
export function projectReference(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}
