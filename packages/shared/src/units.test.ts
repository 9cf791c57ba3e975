import { describe, expect, it } from 'vitest';
import { formatPriceRange } from './estimator.ts';
import { currencySymbol } from './format.ts';
import { formatArea, SPACE_SIZE_LABELS, squareFeetToSquareMeters, squareMetersToSquareFeet } from './units.ts';

describe('areas in an organisation’s unit system', () => {
  it('converts square feet to the estimator’s whole square meters, never below one', () => {
    expect(squareFeetToSquareMeters(1615)).toBe(150);
    expect(squareFeetToSquareMeters(1000)).toBe(93);
    expect(squareFeetToSquareMeters(3)).toBe(1);
    expect(squareMetersToSquareFeet(150)).toBe(1615);
  });

  it('shows an area in the reader’s unit, square feet as they were typed', () => {
    expect(formatArea({ squareMeters: 150 }, 'metric')).toBe('150 m²');
    expect(formatArea({ squareMeters: 150 }, 'imperial')).toBe('1,615 sq ft');
    expect(formatArea({ squareMeters: 150, squareFeet: 1600 }, 'imperial')).toBe('1,600 sq ft');
    expect(formatArea({ squareMeters: 150, squareFeet: 1600 }, 'metric')).toBe('150 m²');
  });

  it('names the spec’s space-size bands in square meters by their converted bounds', () => {
    expect(squareFeetToSquareMeters(1000)).toBe(93);
    expect(squareFeetToSquareMeters(5000)).toBe(465);
    expect(squareFeetToSquareMeters(20000)).toBe(1858);
    expect(SPACE_SIZE_LABELS.metric.small).toBe('Small (up to 93 m²)');
    expect(SPACE_SIZE_LABELS.metric.large).toBe('Large (465-1,858 m²)');
    expect(SPACE_SIZE_LABELS.imperial.small).toBe('Small (up to 1,000 sq ft)');
  });
});

describe('an estimate and a currency', () => {
  it('keeps the spec’s dollars by default and reads in the organisation’s currency when given', () => {
    expect(formatPriceRange({ low: 1234, high: 1357 })).toBe('$1,234 - $1,357');
    expect(formatPriceRange({ low: 1234, high: 1357 }, 'GBP')).toBe('£1,234 - £1,357');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('QQQ')).toBe('QQQ');
  });
});
