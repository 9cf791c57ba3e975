import { z } from 'zod';
import { CAPTURE_DEVICES, type TIMELINES } from '../enums.ts';
import { ESTIMATOR_LOCATION_TYPES, ESTIMATOR_URGENCY_LEVELS, MAX_ESTIMATOR_SQUARE_METERS } from '../estimator.ts';
import type { TOrderRequestDetails, TStoredOrderEstimate } from '../stored-columns.ts';

/**
 * What an order requested in the customer portal carries (decision 104): the estimator's inputs
 * and figures, and the request's details the order columns do not hold. The endpoints are in
 * customer-portal.ts; admins read the same details on their orders.
 */

/** The new request in the portal: its toast, and the messages of the estimate's own fields. */
export const ORDER_REQUEST_MESSAGES = {
  created: { title: 'Request Submitted', message: 'Your order is awaiting its quote.' },
  squareMeters: 'Please enter the size as a whole number of square meters.',
  squareFeet: 'Please enter the size as a whole number of square feet.',
  oneArea: 'Give the size in square meters or in square feet, not both.',
  locationType: 'Please select a location type.',
  urgency: 'Please select an urgency.',
} as const;

/** The most square feet the estimator takes: its square-meter bound, in feet. */
export const MAX_ESTIMATOR_SQUARE_FEET = 10_000_000;

function wholeArea(message: string, max: number) {
  return z.number({ error: message }).int(message).positive(message).max(max, message);
}

/**
 * The estimator's timeline from the request's own (decision 203): the portal's form asks one
 * Timeline (spec 000 §3), and its estimate reads it rather than asking an urgency of its own.
 * ASAP is the estimator's urgent; anything of a week or more its standard.
 */
export const ESTIMATOR_URGENCY_OF_TIMELINE = {
  urgent: 'urgent',
  standard: 'standard',
  flexible: 'standard',
  planning: 'standard',
} as const satisfies Record<(typeof TIMELINES)[number], (typeof ESTIMATOR_URGENCY_LEVELS)[number]>;

/**
 * The estimator's inputs beside the request's own space type (spec 000 §2 /quote-estimator, §9):
 * the size in square meters or, for an imperial organisation, in square feet (decision 203); the
 * urgency, when left out, is the request's timeline's.
 */
export const ZOrderEstimateInputs = z
  .object({
    // Null reads as left out, so Order again's values can be sent back as they came.
    squareMeters: wholeArea(ORDER_REQUEST_MESSAGES.squareMeters, MAX_ESTIMATOR_SQUARE_METERS).nullish(),
    squareFeet: wholeArea(ORDER_REQUEST_MESSAGES.squareFeet, MAX_ESTIMATOR_SQUARE_FEET).nullish(),
    locationType: z.enum(ESTIMATOR_LOCATION_TYPES, { error: ORDER_REQUEST_MESSAGES.locationType }),
    urgency: z.enum(ESTIMATOR_URGENCY_LEVELS, { error: ORDER_REQUEST_MESSAGES.urgency }).optional(),
  })
  .superRefine((value, context) => {
    if (value.squareMeters == null && value.squareFeet == null) {
      context.addIssue({ code: 'custom', path: ['squareMeters'], message: ORDER_REQUEST_MESSAGES.squareMeters });
    } else if (value.squareMeters != null && value.squareFeet != null) {
      context.addIssue({ code: 'custom', path: ['squareFeet'], message: ORDER_REQUEST_MESSAGES.oneArea });
    }
  });
export type TOrderEstimateInputs = z.infer<typeof ZOrderEstimateInputs>;

/** The estimate as the server computed it from the inputs when the order was made. */
export const ZOrderEstimate = z.object({
  squareMeters: z.number(),
  squareFeet: z.number().nullish(),
  locationType: z.enum(ESTIMATOR_LOCATION_TYPES),
  urgency: z.enum(ESTIMATOR_URGENCY_LEVELS),
  price: z.number(),
  low: z.number(),
  high: z.number(),
  turnaroundDays: z.number(),
  suggestedDevice: z.enum(CAPTURE_DEVICES),
}) satisfies z.ZodType<TStoredOrderEstimate>;
export type TOrderEstimate = z.infer<typeof ZOrderEstimate>;

/** What an order made in the portal keeps of its request (orders.request_details). */
export const ZOrderRequestDetails = z.object({
  source: z.literal('portal'),
  spaceType: z.string(),
  spaceSize: z.string(),
  timeline: z.string(),
  additionalInfo: z.string().nullable(),
  contact: z.object({ userId: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  estimate: ZOrderEstimate.nullable(),
  sourceOrderId: z.uuid().nullable(),
}) satisfies z.ZodType<TOrderRequestDetails>;
export type { TOrderRequestDetails };
