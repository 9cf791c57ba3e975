import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatMoney } from '@spacecapture/shared/format';

/** A job's pay in its order's currency (decision 203). */
export function formatCompensation(job: { compensation: number | null; currency: string }): string {
  return job.compensation === null ? 'To be confirmed' : formatMoney(job.compensation, job.currency);
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
