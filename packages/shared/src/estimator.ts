import { z } from 'zod';
import type { TCaptureDevice } from './enums.ts';
import { formatMoneyRounded } from './format.ts';

/** The quote estimator (spec 000 §9): price formula, displayed range and suggested device. */

export const ESTIMATOR_SPACE_TYPES = [
  { value: 'residential', label: 'Residential' },
  { value: 'commercial', label: 'Commercial' },
  { value: 'industrial', label: 'Industrial' },
  { value: 'outdoor', label: 'Outdoor' },
  { value: 'cultural', label: 'Cultural' },
] as const;
export type TEstimatorSpaceType = (typeof ESTIMATOR_SPACE_TYPES)[number]['value'];

export const ESTIMATOR_LOCATIONS = [
  { value: 'urban', label: 'Urban' },
  { value: 'suburban', label: 'Suburban' },
  { value: 'rural', label: 'Rural' },
] as const;
export type TEstimatorLocation = (typeof ESTIMATOR_LOCATIONS)[number]['value'];

export const ESTIMATOR_URGENCIES = [
  { value: 'standard', label: 'Standard (5+ days)' },
  { value: 'priority', label: 'Priority (2-3 days)' },
  { value: 'urgent', label: 'Urgent (24 hours)' },
] as const;
export type TEstimatorUrgency = (typeof ESTIMATOR_URGENCIES)[number]['value'];

type TPricing = { readonly base: number; readonly perSquareMeter: number };

const BASE_PRICING: Record<TEstimatorSpaceType, TPricing> = {
  residential: { base: 100, perSquareMeter: 0.5 },
  commercial: { base: 200, perSquareMeter: 0.7 },
  industrial: { base: 300, perSquareMeter: 0.9 },
  outdoor: { base: 150, perSquareMeter: 0.4 },
  cultural: { base: 200, perSquareMeter: 0.6 },
};
/** Space types outside the table fall to this pricing. */
const DEFAULT_PRICING: TPricing = { base: 100, perSquareMeter: 0.5 };

const LOCATION_MULTIPLIER: Record<TEstimatorLocation, number> = { urban: 1.1, suburban: 1.0, rural: 1.2 };

const URGENCY: Record<TEstimatorUrgency, { days: number; multiplier: number }> = {
  standard: { days: 5, multiplier: 1 },
  priority: { days: 3, multiplier: 1.2 },
  urgent: { days: 1, multiplier: 1.5 },
};

export const MAX_ESTIMATOR_SQUARE_METERS = 1_000_000;

export const ESTIMATOR_LOCATION_TYPES = ['urban', 'suburban', 'rural'] as const;
export const ESTIMATOR_URGENCY_LEVELS = ['standard', 'priority', 'urgent'] as const;

export const ZEstimateInput = z.object({
  spaceType: z.string().min(1),
  squareMeters: z.number().int().positive().max(MAX_ESTIMATOR_SQUARE_METERS),
  location: z.enum(ESTIMATOR_LOCATION_TYPES),
  urgency: z.enum(ESTIMATOR_URGENCY_LEVELS),
});
export type TEstimateInput = z.infer<typeof ZEstimateInput>;

export type TEstimate = {
  /** The computed price, rounded to whole dollars. */
  price: number;
  low: number;
  high: number;
  turnaroundDays: number;
  suggestedDevice: TCaptureDevice;
};

export function suggestDevice(spaceType: string, squareMeters: number): TCaptureDevice {
  if (squareMeters > 1000 || spaceType === 'industrial') return 'META';
  if (squareMeters < 100) return 'MINION';
  if (squareMeters < 500) return 'PRO';
  return 'META';
}

export function estimateQuote(input: TEstimateInput): TEstimate {
  const pricing = BASE_PRICING[input.spaceType as TEstimatorSpaceType] ?? DEFAULT_PRICING;
  const urgency = URGENCY[input.urgency];
  const raw =
    (pricing.base + pricing.perSquareMeter * input.squareMeters) *
    LOCATION_MULTIPLIER[input.location] *
    urgency.multiplier;
  const price = Math.round(raw);
  return {
    price,
    low: Math.round(price * 0.9),
    high: Math.round(price * 1.1),
    turnaroundDays: urgency.days,
    suggestedDevice: suggestDevice(input.spaceType, input.squareMeters),
  };
}

/** Reads the size field as the spec does: an integer, or nothing when it is not a positive one. */
export function parseSquareMeters(text: string): number | null {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) && value > 0 && value <= MAX_ESTIMATOR_SQUARE_METERS ? value : null;
}

/**
 * The displayed range (spec 000 §9): "$low - $high" in whole dollars. In the customer portal the
 * figures are in the organisation's currency (decision 203): "£low - £high".
 */
export function formatPriceRange(estimate: Pick<TEstimate, 'low' | 'high'>, currency = 'USD'): string {
  return `${formatMoneyRounded(estimate.low, currency)} - ${formatMoneyRounded(estimate.high, currency)}`;
}

export function formatTurnaround(days: number): string {
  return `${days} business ${days === 1 ? 'day' : 'days'}`;
}
