import { z } from 'zod';
import { boundedText, FIELD_LIMITS, optionalText } from '../fields.ts';
import { isTimeZone } from '../zoned-time.ts';

/** Places, customer windows, provider availability and the dispatch ranking (decisions 123–125). */

export const DISPATCH_MESSAGES = {
  placeLabel: 'Enter the place’s name.',
  latitude: 'Latitude is a number from -90 to 90.',
  longitude: 'Longitude is a number from -180 to 180.',
  timeZone: 'Choose a time zone such as Europe/London.',
  windowTime: 'Enter a date and time with its offset.',
  windowOrder: 'A window ends after it starts.',
  windows: 'Give at most 5 preferred windows.',
  weekday: 'Weekdays are 1 (Monday) to 7 (Sunday), once each.',
  time: 'Enter a time as HH:MM.',
  hoursOrder: 'Working hours end after they start.',
  date: 'Enter a date as YYYY-MM-DD.',
  jobsPerDay: 'Jobs per day is a whole number from 1 to 20.',
  radius: 'The radius is from 1 to 500 km.',
  bases: 'Give one to 5 service bases.',
  query: 'Type at least 2 characters.',
  placeId: 'Choose the place from the list again.',
  windowDate: 'Choose a date from today to a year ahead.',
  windowPast: 'This window has already passed.',
} as const;

const latitude = z
  .number({ error: DISPATCH_MESSAGES.latitude })
  .min(-90, DISPATCH_MESSAGES.latitude)
  .max(90, DISPATCH_MESSAGES.latitude);
const longitude = z
  .number({ error: DISPATCH_MESSAGES.longitude })
  .min(-180, DISPATCH_MESSAGES.longitude)
  .max(180, DISPATCH_MESSAGES.longitude);
const timeZone = boundedText(64, { min: 1, message: DISPATCH_MESSAGES.timeZone }).refine(
  isTimeZone,
  DISPATCH_MESSAGES.timeZone,
);
const isoDateTime = z.iso.datetime({ offset: true, error: DISPATCH_MESSAGES.windowTime });
const localTime = z
  .string()
  .max(5, DISPATCH_MESSAGES.time)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DISPATCH_MESSAGES.time);
const localDate = z.iso.date({ error: DISPATCH_MESSAGES.date });

/** A gazetteer place's id as GET /api/places gives it (decision 140). */
export const ZPlaceId = boundedText(12).regex(/^[A-Za-z0-9_-]{12}$/, DISPATCH_MESSAGES.placeId);

const DAY_MS = 86_400_000;

/**
 * A preferred window as a customer gives it on a request form (decision 140): a day and hours
 * at the place, read in the place's time zone once the place is known. The date must not have
 * ended anywhere on earth yet (so "today" is right in every zone) and is at most a year ahead.
 */
export const ZRequestedWindow = z
  .object({ date: localDate, from: localTime, to: localTime })
  .refine(
    (window) => {
      const midnightUtc = Date.parse(`${window.date}T00:00:00Z`);
      const now = Date.now();
      return midnightUtc + 1.5 * DAY_MS > now && midnightUtc < now + 366 * DAY_MS;
    },
    { message: DISPATCH_MESSAGES.windowDate, path: ['date'] },
  )
  .refine((window) => window.to > window.from, { message: DISPATCH_MESSAGES.hoursOrder, path: ['to'] });
export type TRequestedWindow = z.infer<typeof ZRequestedWindow>;
export const ZRequestedWindows = z.array(ZRequestedWindow).max(5, DISPATCH_MESSAGES.windows);

function isEmptyRow(row: unknown): boolean {
  return typeof row === 'object' && row !== null && Object.values(row).every((value) => value === '' || value == null);
}

/**
 * A request form's windows: rows the visitor left wholly empty are dropped (the form always shows
 * one), none at all is an empty list.
 */
export const ZRequestedWindowsField = z.preprocess(
  (rows) => (Array.isArray(rows) ? rows.filter((row) => !isEmptyRow(row)) : rows),
  ZRequestedWindows.default([]),
);

/** A place as a person picks it: from the gazetteer, or one an admin set. */
const ZPickedPlace = z.object({
  label: boundedText(FIELD_LIMITS.shortText, { min: 1, message: DISPATCH_MESSAGES.placeLabel }),
  lat: latitude,
  lon: longitude,
  timeZone,
});
/**
 * Where a capture is. `matched` is the part of the order's address it was resolved from, when no
 * one picked it (decision 200): what the admin checks before trusting it.
 */
export const ZOrderPlace = ZPickedPlace.extend({ matched: z.string().optional() });
export type TOrderPlace = z.infer<typeof ZOrderPlace>;

export const ZTimeWindow = z
  .object({ start: isoDateTime, end: isoDateTime })
  .refine((window) => Date.parse(window.end) > Date.parse(window.start), {
    message: DISPATCH_MESSAGES.windowOrder,
    path: ['end'],
  });
export type TTimeWindow = z.infer<typeof ZTimeWindow>;
export const ZPreferredWindows = z.array(ZTimeWindow).max(5, DISPATCH_MESSAGES.windows);

/** PUT /api/admin/orders/:id/place: the place, and what the customer said about when and access. */
export const ZSetOrderPlaceRequest = z.object({
  place: ZPickedPlace,
  preferredWindows: ZPreferredWindows.optional(),
  accessNotes: optionalText(FIELD_LIMITS.longText, { multiline: true }),
});
export type TSetOrderPlaceRequest = z.input<typeof ZSetOrderPlaceRequest>;

export const ZOrderDispatchDetails = z.object({
  orderId: z.uuid(),
  place: ZOrderPlace.nullable(),
  preferredWindows: z.array(ZTimeWindow),
  accessNotes: z.string().nullable(),
});
export type TOrderDispatchDetails = z.infer<typeof ZOrderDispatchDetails>;

const ZWorkingHours = z
  .object({
    weekday: z.number().int().min(1, DISPATCH_MESSAGES.weekday).max(7, DISPATCH_MESSAGES.weekday),
    start: localTime,
    end: localTime,
  })
  .refine((hours) => hours.end > hours.start, { message: DISPATCH_MESSAGES.hoursOrder, path: ['end'] });

const ZServiceBase = z.object({
  label: boundedText(FIELD_LIMITS.shortText, { min: 1, message: DISPATCH_MESSAGES.placeLabel }),
  lat: latitude,
  lon: longitude,
  radiusKm: z
    .number({ error: DISPATCH_MESSAGES.radius })
    .min(1, DISPATCH_MESSAGES.radius)
    .max(500, DISPATCH_MESSAGES.radius),
});

/** The fields of an availability: what a provider sends and what is answered back are the same. */
const availabilityFields = {
  workingHours: z
    .array(ZWorkingHours)
    .max(7, DISPATCH_MESSAGES.weekday)
    .refine((hours) => new Set(hours.map((entry) => entry.weekday)).size === hours.length, DISPATCH_MESSAGES.weekday),
  blockedDates: z.array(localDate).max(366),
  jobsPerDay: z
    .number({ error: DISPATCH_MESSAGES.jobsPerDay })
    .int(DISPATCH_MESSAGES.jobsPerDay)
    .min(1, DISPATCH_MESSAGES.jobsPerDay)
    .max(20, DISPATCH_MESSAGES.jobsPerDay),
  bases: z.array(ZServiceBase).min(1, DISPATCH_MESSAGES.bases).max(5, DISPATCH_MESSAGES.bases),
};
/** PUT /api/provider/availability: the organisation's availability, saved whole. */
export const ZProviderAvailabilityRequest = z.object(availabilityFields);
export type TProviderAvailabilityRequest = z.infer<typeof ZProviderAvailabilityRequest>;
/** The saved availability as GET and PUT answer it. */
export const ZProviderAvailability = z.object(availabilityFields);
export type TProviderAvailability = z.infer<typeof ZProviderAvailability>;
export const ZProviderAvailabilityResponse = z.object({ availability: ZProviderAvailability.nullable() });
export type TProviderAvailabilityResponse = z.infer<typeof ZProviderAvailabilityResponse>;

export const ZDispatchRankingQuery = z.object({ orderId: z.uuid({ error: 'Choose an order.' }) });

const ZRankingFactor = z.object({
  factor: z.enum(['capability', 'certification', 'distance', 'availability', 'load', 'rating', 'acceptance', 'onTime']),
  points: z.number(),
  max: z.number(),
  reason: z.string(),
});
export const ZDispatchRanking = z.object({
  order: z.object({
    id: z.uuid(),
    captureType: z.string(),
    location: z.string(),
    place: ZOrderPlace.nullable(),
    preferredWindows: z.array(ZTimeWindow),
  }),
  ranked: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      rank: z.number().int(),
      score: z.number(),
      distanceKm: z.number().nullable(),
      factors: z.array(ZRankingFactor),
    }),
  ),
  out: z.array(z.object({ id: z.uuid(), name: z.string(), reasons: z.array(z.string()) })),
});
export type TDispatchRankingResponse = z.infer<typeof ZDispatchRanking>;

/** GET /api/places?q=: gazetteer autocomplete. */
export const ZPlaceSearchQuery = z.object({
  q: boundedText(100, { min: 2, message: DISPATCH_MESSAGES.query }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const ZPlace = z.object({
  /** Stable across rebuilds of the gazetteer: what a form sends back for the place it chose. */
  id: z.string(),
  label: z.string(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lon: z.number(),
  timeZone: z.string(),
  population: z.number(),
});
export type TPlace = z.infer<typeof ZPlace>;
export const ZPlaceList = z.object({ items: z.array(ZPlace) });
export type TPlaceList = z.infer<typeof ZPlaceList>;
