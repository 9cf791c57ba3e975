/**
 * Enumerations of the public forms (spec 000 §3). Each list keeps the spec's value and the label
 * shown to people; the value is what is stored.
 */

export type TOption<V extends string = string> = { readonly value: V; readonly label: string };

function valuesOf<const T extends readonly TOption[]>(options: T) {
  return options.map((option) => option.value) as unknown as readonly [T[number]['value'], ...T[number]['value'][]];
}

export const SPACE_TYPE_OPTIONS = [
  { value: 'residential', label: 'Residential' },
  { value: 'commercial', label: 'Commercial' },
  { value: 'retail', label: 'Retail' },
  { value: 'industrial', label: 'Industrial' },
  { value: 'event', label: 'Event Venue' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly TOption[];
export const SPACE_TYPES = valuesOf(SPACE_TYPE_OPTIONS);

export const SPACE_SIZE_OPTIONS = [
  { value: 'small', label: 'Small (up to 1,000 sq ft)' },
  { value: 'medium', label: 'Medium (1,000-5,000 sq ft)' },
  { value: 'large', label: 'Large (5,000-20,000 sq ft)' },
  { value: 'xlarge', label: 'Extra Large (20,000+ sq ft)' },
] as const satisfies readonly TOption[];
export const SPACE_SIZES = valuesOf(SPACE_SIZE_OPTIONS);

export const CAPTURE_TYPE_OPTIONS = [
  { value: '3d-model', label: '3D Model' },
  { value: 'virtual-tour', label: 'Virtual Tour' },
  { value: 'point-cloud', label: 'Point Cloud' },
  { value: 'floor-plan', label: 'Floor Plan' },
  { value: 'digital-twin', label: 'Digital Twin' },
  { value: 'all', label: 'All of the above' },
] as const satisfies readonly TOption[];
export const CAPTURE_TYPES = valuesOf(CAPTURE_TYPE_OPTIONS);

export const TIMELINE_OPTIONS = [
  { value: 'urgent', label: 'Urgent (ASAP, 1-3 days)' },
  { value: 'standard', label: 'Standard (1-2 weeks)' },
  { value: 'flexible', label: 'Flexible (2+ weeks)' },
  { value: 'planning', label: 'Just planning' },
] as const satisfies readonly TOption[];
export const TIMELINES = valuesOf(TIMELINE_OPTIONS);

export const PROVIDER_DEVICE_OPTIONS = [
  { value: 'none', label: 'None yet (planning to purchase)' },
  { value: 'pro', label: 'PRO' },
  { value: 'minion', label: 'MINION' },
  { value: 'meta', label: 'META' },
  { value: 'mega', label: 'MEGA' },
  { value: 'multiple', label: 'Multiple devices' },
] as const satisfies readonly TOption[];
export const PROVIDER_DEVICES = valuesOf(PROVIDER_DEVICE_OPTIONS);

export const EXPERIENCE_LEVEL_OPTIONS = [
  { value: 'beginner', label: 'Beginner (0-1 years)' },
  { value: 'intermediate', label: 'Intermediate (1-3 years)' },
  { value: 'advanced', label: 'Advanced (3-5 years)' },
  { value: 'expert', label: 'Expert (5+ years)' },
] as const satisfies readonly TOption[];
export const EXPERIENCE_LEVELS = valuesOf(EXPERIENCE_LEVEL_OPTIONS);

/** The vendor's capture devices a certified provider can own. */
export const CAPTURE_DEVICES = ['PRO', 'MINION', 'META', 'MEGA'] as const;
export type TCaptureDevice = (typeof CAPTURE_DEVICES)[number];

export function labelOf(options: readonly TOption[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
