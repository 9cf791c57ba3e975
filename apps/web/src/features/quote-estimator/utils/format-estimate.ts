import type { TEstimate } from '@spacecapture/shared/estimator';

const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$low - $high" in whole dollars. */
export function formatPriceRange(estimate: Pick<TEstimate, 'low' | 'high'>): string {
  return `$${dollars.format(estimate.low)} - $${dollars.format(estimate.high)}`;
}

export function formatTurnaround(days: number): string {
  return `${days} business ${days === 1 ? 'day' : 'days'}`;
}
