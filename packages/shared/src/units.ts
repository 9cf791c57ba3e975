import { z } from 'zod';

/**
 * How a customer organisation reads and types areas (decision 203): metric in square meters,
 * imperial in square feet. The estimator's formula stays per square meter (spec 000 §9); an area
 * typed in square feet is converted for it, and shown back as it was typed.
 */

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type TUnitSystem = (typeof UNIT_SYSTEMS)[number];

export const UNIT_SYSTEM_OPTIONS = [
  { value: 'metric', label: 'Metric (square meters)' },
  { value: 'imperial', label: 'Imperial (square feet)' },
] as const satisfies readonly { value: TUnitSystem; label: string }[];

export const UNIT_SYSTEM_MESSAGE = 'Choose metric or imperial.';
export const ZUnitSystem = z.enum(UNIT_SYSTEMS, { error: UNIT_SYSTEM_MESSAGE });

/** One square foot in square meters (exact, by the international foot). */
const SQUARE_METERS_PER_SQUARE_FOOT = 0.09290304;

/** The unit's name in a field's label ("Size (square feet)"). */
export function areaUnitName(system: TUnitSystem): string {
  return system === 'metric' ? 'square meters' : 'square feet';
}

/** The unit's short symbol after a figure ("1,200 sq ft"). */
export function areaUnitSymbol(system: TUnitSystem): string {
  return system === 'metric' ? 'm²' : 'sq ft';
}

/** A whole number of square feet as the estimator's whole square meters (at least 1). */
export function squareFeetToSquareMeters(squareFeet: number): number {
  return Math.max(1, Math.round(squareFeet * SQUARE_METERS_PER_SQUARE_FOOT));
}

/** Square meters as whole square feet. */
export function squareMetersToSquareFeet(squareMeters: number): number {
  return Math.round(squareMeters / SQUARE_METERS_PER_SQUARE_FOOT);
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * An area in the reader's unit system ("150 m²", "1,615 sq ft"). `squareFeet` is the figure the
 * customer typed, when they typed feet: it is shown as typed rather than converted back.
 */
export function formatArea(area: { squareMeters: number; squareFeet?: number | null }, system: TUnitSystem): string {
  const value =
    system === 'metric' ? area.squareMeters : (area.squareFeet ?? squareMetersToSquareFeet(area.squareMeters));
  return `${WHOLE.format(value)} ${areaUnitSymbol(system)}`;
}

/**
 * The space-size choices (spec 000 §3, in square feet) in the reader's unit system: the same four
 * bands, their bounds converted and rounded for a metric reader.
 */
export const SPACE_SIZE_LABELS: Record<TUnitSystem, Record<'small' | 'medium' | 'large' | 'xlarge', string>> = {
  imperial: {
    small: 'Small (up to 1,000 sq ft)',
    medium: 'Medium (1,000-5,000 sq ft)',
    large: 'Large (5,000-20,000 sq ft)',
    xlarge: 'Extra Large (20,000+ sq ft)',
  },
  metric: {
    small: 'Small (up to 93 m²)',
    medium: 'Medium (93-465 m²)',
    large: 'Large (465-1,858 m²)',
    xlarge: 'Extra Large (1,858+ m²)',
  },
};
