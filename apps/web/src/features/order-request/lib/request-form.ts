import {
  type TCreateCustomerOrderRequest,
  type TOrderAgainResponse,
  ZCreateCustomerOrderRequest,
} from '@spacecapture/shared/contracts/customer-portal';
import {
  ESTIMATOR_URGENCY_OF_TIMELINE,
  MAX_ESTIMATOR_SQUARE_FEET,
  ORDER_REQUEST_MESSAGES,
} from '@spacecapture/shared/contracts/order-requests';
import { TIMELINES } from '@spacecapture/shared/enums';
import {
  ESTIMATOR_LOCATION_TYPES,
  estimateQuote,
  parseSquareMeters,
  type TEstimate,
} from '@spacecapture/shared/estimator';
import { squareFeetToSquareMeters, squareMetersToSquareFeet, type TUnitSystem } from '@spacecapture/shared/units';
import { z } from 'zod';

/**
 * The new request's form: the request's own fields as the contract has them, and the estimator's
 * inputs as typed. The form asks one Timeline (spec 000 §3) and its estimate reads it, so it asks
 * no urgency of its own; the size is typed in the organisation's unit system (decision 203). The
 * estimate is optional: left empty it is not sent; begun, the size and location type are needed.
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
  /** The estimate's size, in the organisation's unit (square meters or square feet). */
  size: string;
  locationType: string;
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
  size: '',
  locationType: '',
};

type TEstimateFields = Pick<TRequestFormValues, 'size' | 'locationType'>;
type TEstimateArea = { squareMeters: number } | { squareFeet: number };

function isOneOf<const T extends readonly string[]>(values: T, value: string): value is T[number] {
  return (values as readonly string[]).includes(value);
}

/** The size as a whole number of the unit, within the estimator's bound, or null. */
function parseSize(text: string, unitSystem: TUnitSystem): TEstimateArea | null {
  if (unitSystem === 'metric') {
    const squareMeters = parseSquareMeters(text);
    return squareMeters === null ? null : { squareMeters };
  }
  const squareFeet = Number.parseInt(text.trim(), 10);
  return Number.isFinite(squareFeet) && squareFeet > 0 && squareFeet <= MAX_ESTIMATOR_SQUARE_FEET
    ? { squareFeet }
    : null;
}

/** The estimator's inputs when both are valid, null when neither is given, or the messages per field. */
function readEstimateFields(fields: TEstimateFields, unitSystem: TUnitSystem) {
  const area = parseSize(fields.size, unitSystem);
  const { locationType } = fields;
  if (fields.size.trim() === '' && locationType === '') return { ok: true, inputs: null } as const;
  if (area !== null && isOneOf(ESTIMATOR_LOCATION_TYPES, locationType)) {
    return { ok: true, inputs: { ...area, locationType } } as const;
  }
  const errors: Partial<Record<keyof TEstimateFields, string>> = {};
  if (area === null) {
    errors.size = unitSystem === 'metric' ? ORDER_REQUEST_MESSAGES.squareMeters : ORDER_REQUEST_MESSAGES.squareFeet;
  }
  if (!isOneOf(ESTIMATOR_LOCATION_TYPES, locationType)) errors.locationType = ORDER_REQUEST_MESSAGES.locationType;
  return { ok: false, errors } as const;
}

/**
 * What the form shows live: the estimator's figures for the chosen options, once the space type,
 * timeline, size and location type are valid. The server computes the same from what is sent.
 */
export function liveEstimate(
  values: Pick<TRequestFormValues, 'spaceType' | 'timeline'> & TEstimateFields,
  unitSystem: TUnitSystem,
): TEstimate | null {
  const read = readEstimateFields(values, unitSystem);
  if (!read.ok || !read.inputs || values.spaceType === '' || !isOneOf(TIMELINES, values.timeline)) return null;
  const { locationType } = read.inputs;
  const squareMeters =
    'squareMeters' in read.inputs ? read.inputs.squareMeters : squareFeetToSquareMeters(read.inputs.squareFeet);
  const urgency = ESTIMATOR_URGENCY_OF_TIMELINE[values.timeline];
  return estimateQuote({ spaceType: values.spaceType, squareMeters, location: locationType, urgency });
}

/** Validates the form with the contract's own schema (same messages as the server) into the request. */
export function requestFormSchema(unitSystem: TUnitSystem) {
  return z
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
      size: z.string(),
      locationType: z.string(),
    })
    .transform((values, context): Omit<TCreateCustomerOrderRequest, 'sourceOrderId'> => {
      const estimate = readEstimateFields(values, unitSystem);
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
}

/**
 * The form's starting values from a past order ("Order again"); what it never recorded stays
 * empty. The size is shown in the organisation's unit: as typed when it was typed in feet.
 */
export function formValuesOfOrder(values: TOrderAgainResponse['values'], unitSystem: TUnitSystem): TRequestFormValues {
  const estimate = values.estimate;
  const size = !estimate
    ? ''
    : unitSystem === 'metric'
      ? String(estimate.squareMeters)
      : String(estimate.squareFeet ?? squareMetersToSquareFeet(estimate.squareMeters));
  return {
    ...EMPTY_REQUEST_FORM,
    location: values.location,
    spaceType: values.spaceType ?? '',
    spaceSize: values.spaceSize ?? '',
    captureType: values.captureType ?? '',
    timeline: values.timeline ?? '',
    additionalInfo: values.additionalInfo ?? '',
    contactPhone: values.contactPhone ?? '',
    size,
    locationType: estimate?.locationType ?? '',
  };
}
