import { z } from 'zod';
import { CAPTURE_TYPES, EXPERIENCE_LEVELS, PROVIDER_DEVICES, SPACE_SIZES, SPACE_TYPES, TIMELINES } from '../enums.ts';
import { boundedText, emailField, FIELD_LIMITS, optionalText, requiredChoice } from '../fields.ts';
import { VALIDATION } from '../messages.ts';
import { ZPlaceId, ZRequestedWindowsField } from './dispatch.ts';

/**
 * Contracts of the public forms (spec 000 §3, §5). The same schemas validate in the browser
 * (react-hook-form) and on the server (Fastify), so both show the same messages.
 */

const termsAccepted = z.literal(true, { error: VALIDATION.terms });

/** A field hidden from people that bots fill: bounded like any other text. */
const honeypot = boundedText(FIELD_LIMITS.url).optional();

/** An input that the form leaves empty until chosen: '' must read as "not chosen", not "invalid". */
function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((value) => (value === '' ? undefined : value), requiredChoice(values, message));
}

export const ZCaptureRequest = z.object({
  name: boundedText(FIELD_LIMITS.name, { min: 2, message: VALIDATION.name }),
  email: emailField(VALIDATION.email),
  phone: boundedText(FIELD_LIMITS.phone, { min: 5, message: VALIDATION.phone }),
  companyName: optionalText(FIELD_LIMITS.shortText),
  spaceType: choice(SPACE_TYPES, VALIDATION.spaceType),
  location: boundedText(FIELD_LIMITS.shortText, { min: 2, message: VALIDATION.location }),
  /** The gazetteer place picked for the location; without one the server tries the text (decision 140). */
  placeId: z.preprocess((value) => (value === '' ? undefined : value), ZPlaceId.optional()),
  /** Preferred days and hours at the place; rows left empty on the form are dropped before this. */
  preferredWindows: ZRequestedWindowsField,
  accessNotes: optionalText(FIELD_LIMITS.longText, { multiline: true }),
  spaceSize: choice(SPACE_SIZES, VALIDATION.spaceSize),
  captureType: choice(CAPTURE_TYPES, VALIDATION.captureType),
  timeline: choice(TIMELINES, VALIDATION.timeline),
  additionalInfo: optionalText(FIELD_LIMITS.longText, { multiline: true }),
  terms: termsAccepted,
  /** Honeypot: hidden from people; bots fill it. A filled one is accepted silently and dropped. */
  website: honeypot,
});
export type TCaptureRequest = z.output<typeof ZCaptureRequest>;
export type TCaptureRequestInput = z.input<typeof ZCaptureRequest>;

const optionalUrl = boundedText(FIELD_LIMITS.url)
  .refine((value) => value === '' || isHttpUrl(value), VALIDATION.website)
  .nullish()
  .transform((value) => (value ? value : null));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const ZProviderApplication = z.object({
  firstName: boundedText(FIELD_LIMITS.name, { min: 2, message: VALIDATION.firstName }),
  lastName: boundedText(FIELD_LIMITS.name, { min: 2, message: VALIDATION.lastName }),
  email: emailField(VALIDATION.email),
  phone: boundedText(FIELD_LIMITS.phone, { min: 5, message: VALIDATION.phone }),
  companyName: boundedText(FIELD_LIMITS.shortText, { min: 2, message: VALIDATION.companyName }),
  website: optionalUrl,
  regions: boundedText(FIELD_LIMITS.shortText, { min: 2, message: VALIDATION.regions }),
  devices: choice(PROVIDER_DEVICES, VALIDATION.devices),
  experienceLevel: choice(EXPERIENCE_LEVELS, VALIDATION.experienceLevel),
  additionalInfo: optionalText(FIELD_LIMITS.longText, { multiline: true }),
  terms: termsAccepted,
  /** Honeypot, as on the capture request. */
  fax: honeypot,
});
export type TProviderApplication = z.output<typeof ZProviderApplication>;
export type TProviderApplicationInput = z.input<typeof ZProviderApplication>;

/** Portfolio upload rules (spec 000 §5): type allow-list by name, and by content on the server. */
export const PORTFOLIO_EXTENSIONS = ['.pdf', '.zip', '.jpg', '.jpeg', '.png'] as const;
export const PORTFOLIO_MAX_BYTES = 25 * 1024 * 1024;
export const PORTFOLIO_MESSAGES = {
  type: 'Portfolio must be a .pdf, .zip, .jpg, .jpeg or .png file.',
  size: 'Portfolio must be at most 25 MB.',
} as const;

export const ZContactMessageRequest = z.object({
  name: boundedText(FIELD_LIMITS.name, { min: 1, message: VALIDATION.required }),
  email: emailField(VALIDATION.email),
  subject: boundedText(FIELD_LIMITS.shortText, { min: 1, message: VALIDATION.required }),
  message: boundedText(FIELD_LIMITS.longText, { min: 1, message: VALIDATION.required, multiline: true }),
  /** Honeypot. */
  website: honeypot,
});
export type TContactMessageRequest = z.output<typeof ZContactMessageRequest>;
export type TContactMessageRequestInput = z.input<typeof ZContactMessageRequest>;

/** What a successful public submission answers: the stored row's id. */
export const ZSubmissionAccepted = z.object({ id: z.uuid() });
export type TSubmissionAccepted = z.infer<typeof ZSubmissionAccepted>;
