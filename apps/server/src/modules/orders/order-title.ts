import { CAPTURE_TYPE_OPTIONS, labelOf, SPACE_TYPE_OPTIONS } from '@spacecapture/shared/enums';

const TITLE_MAX = 300;

/**
 * "<Capture type> — <space type>, <location>", e.g. "Virtual Tour — Commercial, London": the title
 * of an order made from a request, whether a converted lead or a customer's order request.
 */
export function orderTitleOf(details: { captureType: string; spaceType: string; location: string }) {
  const title = `${labelOf(CAPTURE_TYPE_OPTIONS, details.captureType)} — ${labelOf(SPACE_TYPE_OPTIONS, details.spaceType)}, ${details.location}`;
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}
