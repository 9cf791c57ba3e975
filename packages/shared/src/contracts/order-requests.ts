import { z } from 'zod';
import { CAPTURE_DEVICES } from '../enums.ts';
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
  locationType: 'Please select a location type.',
  urgency: 'Please select an urgency.',
} as const;

/** The estimator's inputs beside the request's own space type (spec 000 §2 /quote-estimator, §9). */
export const ZOrderEstimateInputs = z.object({
  squareMeters: z
    .number({ error: ORDER_REQUEST_MESSAGES.squareMeters })
    .int(ORDER_REQUEST_MESSAGES.squareMeters)
    .positive(ORDER_REQUEST_MESSAGES.squareMeters)
    .max(MAX_ESTIMATOR_SQUARE_METERS, ORDER_REQUEST_MESSAGES.squareMeters),
  locationType: z.enum(ESTIMATOR_LOCATION_TYPES, { error: ORDER_REQUEST_MESSAGES.locationType }),
  urgency: z.enum(ESTIMATOR_URGENCY_LEVELS, { error: ORDER_REQUEST_MESSAGES.urgency }),
});
export type TOrderEstimateInputs = z.infer<typeof ZOrderEstimateInputs>;

/** The estimate as the server computed it from the inputs when the order was made. */
export const ZOrderEstimate = ZOrderEstimateInputs.extend({
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
