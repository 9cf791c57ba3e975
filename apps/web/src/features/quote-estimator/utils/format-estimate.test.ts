import { estimateQuote } from '@spacecapture/shared/estimator';
import { describe, expect, it } from 'vitest';
import { formatPriceRange, formatTurnaround } from './format-estimate.ts';

describe('formatPriceRange', () => {
  it('shows the rounded range in dollars', () => {
    // residential 100 + 0.5 × 100 = 150, suburban ×1.0, standard ×1 → 135 - 165
    const estimate = estimateQuote({
      spaceType: 'residential',
      squareMeters: 100,
      location: 'suburban',
      urgency: 'standard',
    });
    expect(formatPriceRange(estimate)).toBe('$135 - $165');
  });

  it('groups thousands', () => {
    expect(formatPriceRange({ low: 1234, high: 15080 })).toBe('$1,234 - $15,080');
  });
});

describe('formatTurnaround', () => {
  it('uses the singular for one day', () => {
    expect(formatTurnaround(1)).toBe('1 business day');
    expect(formatTurnaround(5)).toBe('5 business days');
  });
});
