import {
  type TCreateCustomerOrderRequest,
  type TOrderAgainResponse,
  ZCreateCustomerOrderRequest,
} from '@spacecapture/shared/contracts/customer-portal';
import { ORDER_REQUEST_MESSAGES } from '@spacecapture/shared/contracts/order-requests';
import {
  ESTIMATOR_LOCATION_TYPES,
  ESTIMATOR_URGENCY_LEVELS,
  estimateQuote,
  parseSquareMeters,
  type TEstimate,
} from '@spacecapture/shared/estimator';
import { z } from 'zod';

/**
 * The new request's form: the request's own fields as the contract has them, and the estimator's
 * three inputs as typed (text and choices). The estimate is optional: left empty it is not sent;
 * begun, all three are needed, with the estimator's messages.
 */
export type TRequestFormValues = {
  location: string;
  /** The gazetteer place picked for the location, '' while the text is the customer's own. */
  placeId: string;
  preferredWindows: { date: string; from: string; to: string }[];
  accessNotes: string;
  spaceType: string;
  spaceSize: string;
  captureType: string;
  timeline: string;
  additionalInfo: string;
  contactPhone: string;
  squareMeters: string;
  locationType: string;
  urgency: string;
};

export const EMPTY_REQUEST_FORM: TRequestFormValues = {
  location: '',
  placeId: '',
  preferredWindows: [{ date: '', from: '', to: '' }],
  accessNotes: '',
  spaceType: '',
  spaceSize: '',
  captureType: '',
  timeline: '',
  additionalInfo: '',
  contactPhone: '',
  squareMeters: '',
  locationType: '',
  urgency: '',
};

type TEstimateFields = Pick<TRequestFormValues, 'squareMeters' | 'locationType' | 'urgency'>;

function isOneOf<const T extends readonly string[]>(values: T, value: string): value is T[number] {
  return (values as readonly string[]).includes(value);
}

/** The estimator's inputs when all three are valid, null when none is given, or the messages per field. */
function readEstimateFields(fields: TEstimateFields) {
  const squareMeters = parseSquareMeters(fields.squareMeters);
  const { locationType, urgency } = fields;
  if (fields.squareMeters.trim() === '' && locationType === '' && urgency === '') {
    return { ok: true, inputs: null } as const;
  }
  if (
    squareMeters !== null &&
    isOneOf(ESTIMATOR_LOCATION_TYPES, locationType) &&
    isOneOf(ESTIMATOR_URGENCY_LEVELS, urgency)
  ) {
    return { ok: true, inputs: { squareMeters, locationType, urgency } } as const;
  }
  const errors: Partial<Record<keyof TEstimateFields, string>> = {};
  if (squareMeters === null) errors.squareMeters = ORDER_REQUEST_MESSAGES.squareMeters;
  if (!isOneOf(ESTIMATOR_LOCATION_TYPES, locationType)) errors.locationType = ORDER_REQUEST_MESSAGES.locationType;
  if (!isOneOf(ESTIMATOR_URGENCY_LEVELS, urgency)) errors.urgency = ORDER_REQUEST_MESSAGES.urgency;
  return { ok: false, errors } as const;
}

/** What the form shows live: the estimator's figures for the chosen options, once all four are valid. */
export function liveEstimate(values: Pick<TRequestFormValues, 'spaceType'> & TEstimateFields): TEstimate | null {
  const read = readEstimateFields(values);
  if (!read.ok || !read.inputs || values.spaceType === '') return null;
  const { squareMeters, locationType, urgency } = read.inputs;
  return estimateQuote({ spaceType: values.spaceType, squareMeters, location: locationType, urgency });
}

/** Validates the form with the contract's own schema (same messages as the server) into the request. */
export const ZRequestForm = z
  .object({
    location: z.string(),
    placeId: z.string(),
    preferredWindows: z.array(z.object({ date: z.string(), from: z.string(), to: z.string() })),
    accessNotes: z.string(),
    spaceType: z.string(),
    spaceSize: z.string(),
    captureType: z.string(),
    timeline: z.string(),
    additionalInfo: z.string(),
    contactPhone: z.string(),
    squareMeters: z.string(),
    locationType: z.string(),
    urgency: z.string(),
  })
  .transform((values, context): Omit<TCreateCustomerOrderRequest, 'sourceOrderId'> => {
    const estimate = readEstimateFields(values);
    if (!estimate.ok) {
      for (const [field, message] of Object.entries(estimate.errors)) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    }
    const request = ZCreateCustomerOrderRequest.safeParse({
      location: values.location,
      placeId: values.placeId,
      preferredWindows: values.preferredWindows,
      accessNotes: values.accessNotes,
      spaceType: values.spaceType,
      spaceSize: values.spaceSize,
      captureType: values.captureType,
      timeline: values.timeline,
      additionalInfo: values.additionalInfo,
      contactPhone: values.contactPhone,
      estimate: estimate.ok ? estimate.inputs : null,
    });
    if (!request.success) {
      for (const issue of request.error.issues) {
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    if (!estimate.ok) return z.NEVER;
    const { sourceOrderId: _none, ...fields } = request.data;
    return fields;
  });

/** The form's starting values from a past order ("Order again"); what it never recorded stays empty. */
export function formValuesOfOrder(values: TOrderAgainResponse['values']): TRequestFormValues {
  return {
    ...EMPTY_REQUEST_FORM,
    location: values.location,
    spaceType: values.spaceType ?? '',
    spaceSize: values.spaceSize ?? '',
    captureType: values.captureType ?? '',
    timeline: values.timeline ?? '',
    additionalInfo: values.additionalInfo ?? '',
    contactPhone: values.contactPhone ?? '',
    squareMeters: values.estimate ? String(values.estimate.squareMeters) : '',
    locationType: values.estimate?.locationType ?? '',
    urgency: values.estimate?.urgency ?? '',
  };
}
