import { describe, expect, it } from 'vitest';
import {
  ESTIMATOR_LOCATIONS,
  ESTIMATOR_SPACE_TYPES,
  ESTIMATOR_URGENCIES,
  estimateQuote,
  formatPriceRange,
  formatTurnaround,
  parseSquareMeters,
  suggestDevice,
  type TEstimatorLocation,
  type TEstimatorUrgency,
  ZEstimateInput,
} from './estimator.ts';

/**
 * The spec's table (spec 000 §9), written out again here in tenths so the expected prices are
 * computed exactly, with integers, and rounded half up — independently of the code under test.
 */
const BASE_TENTHS: Record<string, { base: number; perSquareMeter: number }> = {
  residential: { base: 1000, perSquareMeter: 5 },
  commercial: { base: 2000, perSquareMeter: 7 },
  industrial: { base: 3000, perSquareMeter: 9 },
  outdoor: { base: 1500, perSquareMeter: 4 },
  cultural: { base: 2000, perSquareMeter: 6 },
};
const DEFAULT_TENTHS = { base: 1000, perSquareMeter: 5 };
const LOCATION_TENTHS: Record<TEstimatorLocation, number> = { urban: 11, suburban: 10, rural: 12 };
const URGENCY_SPEC: Record<TEstimatorUrgency, { tenths: number; days: number }> = {
  standard: { tenths: 10, days: 5 },
  priority: { tenths: 12, days: 3 },
  urgent: { tenths: 15, days: 1 },
};

/** Rounds numerator / denominator (both positive integers) half up. */
function roundedDivision(numerator: number, denominator: number) {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

function expectedEstimate(
  spaceType: string,
  squareMeters: number,
  location: TEstimatorLocation,
  urgency: TEstimatorUrgency,
) {
  const pricing = BASE_TENTHS[spaceType] ?? DEFAULT_TENTHS;
  const amountTenths = pricing.base + pricing.perSquareMeter * squareMeters;
  // tenths × tenths × tenths: divide by 1000 to get dollars.
  const price = roundedDivision(amountTenths * LOCATION_TENTHS[location] * URGENCY_SPEC[urgency].tenths, 1000);
  return {
    price,
    low: roundedDivision(price * 9, 10),
    high: roundedDivision(price * 11, 10),
    turnaroundDays: URGENCY_SPEC[urgency].days,
  };
}

/** Sizes around every device boundary, odd sizes (half-dollar amounts) and large spaces. */
const SIZES = [1, 5, 15, 45, 99, 100, 101, 125, 250, 333, 499, 500, 555, 999, 1000, 1001, 2345, 10_000, 1_000_000];

/** Every estimator space type, plus one outside the table that falls to the default pricing. */
const SPACE_TYPES = [...ESTIMATOR_SPACE_TYPES.map((option) => option.value), 'retail'];
const LOCATIONS = ESTIMATOR_LOCATIONS.map((option) => option.value);
const URGENCIES = ESTIMATOR_URGENCIES.map((option) => option.value);

const COMBINATIONS = SPACE_TYPES.flatMap((spaceType) =>
  LOCATIONS.flatMap((location) => URGENCIES.map((urgency) => ({ spaceType, location, urgency }))),
);

describe('estimateQuote', () => {
  it('covers the five estimator space types, three locations and three urgencies of the spec', () => {
    expect(SPACE_TYPES).toEqual(['residential', 'commercial', 'industrial', 'outdoor', 'cultural', 'retail']);
    expect(LOCATIONS).toEqual(['urban', 'suburban', 'rural']);
    expect(URGENCIES).toEqual(['standard', 'priority', 'urgent']);
    expect(COMBINATIONS).toHaveLength(54);
  });

  it.each(COMBINATIONS)(
    'prices $spaceType / $location / $urgency by the spec formula',
    ({ spaceType, location, urgency }) => {
      for (const squareMeters of SIZES) {
        const estimate = estimateQuote({ spaceType, squareMeters, location, urgency });
        // The size is part of the compared object so a failure names it.
        expect({ squareMeters, ...estimate }).toMatchObject({
          squareMeters,
          ...expectedEstimate(spaceType, squareMeters, location, urgency),
        });
      }
    },
  );

  it('matches worked examples from the spec table', () => {
    // residential 100 + 0.5 × 200 = 200; suburban ×1.0; standard → $200, range $180-$220, 5 days.
    expect(
      estimateQuote({ spaceType: 'residential', squareMeters: 200, location: 'suburban', urgency: 'standard' }),
    ).toEqual({
      price: 200,
      low: 180,
      high: 220,
      turnaroundDays: 5,
      suggestedDevice: 'PRO',
    });
    // industrial 300 + 0.9 × 1000 = 1200; rural ×1.2; urgent ×1.5 → $2160, range $1944-$2376, 1 day.
    expect(
      estimateQuote({ spaceType: 'industrial', squareMeters: 1000, location: 'rural', urgency: 'urgent' }),
    ).toEqual({
      price: 2160,
      low: 1944,
      high: 2376,
      turnaroundDays: 1,
      suggestedDevice: 'META',
    });
    // commercial 200 + 0.7 × 50 = 235; urban ×1.1; priority ×1.2 → 310.2 → $310, range $279-$341, 3 days.
    expect(
      estimateQuote({ spaceType: 'commercial', squareMeters: 50, location: 'urban', urgency: 'priority' }),
    ).toEqual({
      price: 310,
      low: 279,
      high: 341,
      turnaroundDays: 3,
      suggestedDevice: 'MINION',
    });
  });

  it('prices a space type outside the table like the default (100 + 0.5 per m²)', () => {
    for (const spaceType of ['retail', 'event', 'other', 'anything']) {
      const estimate = estimateQuote({ spaceType, squareMeters: 300, location: 'urban', urgency: 'standard' });
      // (100 + 150) × 1.1 = 275
      expect(estimate.price).toBe(275);
    }
  });
});

describe('suggested device', () => {
  it.each([
    [1, 'MINION'],
    [99, 'MINION'],
    [100, 'PRO'],
    [250, 'PRO'],
    [499, 'PRO'],
    [500, 'META'],
    [1000, 'META'],
    [1001, 'META'],
    [50_000, 'META'],
  ] as const)('suggests for %i m² of a residential space: %s', (squareMeters, device) => {
    expect(suggestDevice('residential', squareMeters)).toBe(device);
    expect(
      estimateQuote({ spaceType: 'residential', squareMeters, location: 'suburban', urgency: 'standard' })
        .suggestedDevice,
    ).toBe(device);
  });

  it.each([1, 99, 100, 499])('forces META for an industrial space of %i m²', (squareMeters) => {
    expect(suggestDevice('industrial', squareMeters)).toBe('META');
    expect(
      estimateQuote({ spaceType: 'industrial', squareMeters, location: 'urban', urgency: 'urgent' }).suggestedDevice,
    ).toBe('META');
  });

  it('uses the size rule for every non-industrial space type', () => {
    for (const spaceType of ['residential', 'commercial', 'outdoor', 'cultural', 'retail']) {
      expect([suggestDevice(spaceType, 99), suggestDevice(spaceType, 100), suggestDevice(spaceType, 500)]).toEqual([
        'MINION',
        'PRO',
        'META',
      ]);
    }
  });
});

describe('parseSquareMeters', () => {
  it.each([
    ['250', 250],
    ['  42 ', 42],
    ['1', 1],
    ['12.7', 12],
    ['1000000', 1_000_000],
  ])('reads %j as %i', (text, value) => {
    expect(parseSquareMeters(text)).toBe(value);
  });

  it.each(['', '   ', 'abc', '0', '-5', '1000001', 'm2 100'])('reads %j as no size', (text) => {
    expect(parseSquareMeters(text)).toBeNull();
  });
});

describe('ZEstimateInput', () => {
  const valid = { spaceType: 'residential', squareMeters: 120, location: 'urban', urgency: 'priority' };

  it('accepts the four filled inputs', () => {
    expect(ZEstimateInput.safeParse(valid).success).toBe(true);
  });

  it.each([
    { spaceType: '' },
    { squareMeters: 0 },
    { squareMeters: 12.5 },
    { squareMeters: 1_000_001 },
    { location: 'lunar' },
    { urgency: 'yesterday' },
  ])('refuses %j', (change) => {
    expect(ZEstimateInput.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});

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
