import type { TOrderRequestDetails } from '@spacecapture/shared/contracts/order-requests';
import {
  CAPTURE_TYPE_OPTIONS,
  labelOf,
  SPACE_SIZE_OPTIONS,
  SPACE_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
} from '@spacecapture/shared/enums';
import { ESTIMATOR_LOCATIONS, ESTIMATOR_URGENCIES, formatPriceRange } from '@spacecapture/shared/estimator';
import { formatArea } from '@spacecapture/shared/units';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import type { TOrderRow } from './orders-repository.ts';

/**
 * "£1,350 - £1,650 (Priority (2-3 days), 150 m², Urban; suggested device PRO)" in the order's
 * currency, the square feet an imperial customer typed named beside the square meters; or none.
 */
function estimateLine(estimate: TOrderRequestDetails['estimate'], currency: string) {
  if (!estimate) return 'None given';
  const area = formatArea(estimate, 'metric');
  const inputs = [
    labelOf(ESTIMATOR_URGENCIES, estimate.urgency),
    estimate.squareFeet ? `${area} (${formatArea(estimate, 'imperial')} as typed)` : area,
    labelOf(ESTIMATOR_LOCATIONS, estimate.locationType),
  ].join(', ');
  return `${formatPriceRange(estimate, currency)} (${inputs}; suggested device ${estimate.suggestedDevice})`;
}

/**
 * A customer ordered from their portal: the company address (the admins) gets what was asked, by
 * whom, the estimate they saw, and the link to the order, ready to quote.
 */
export function customerOrderedEmails(input: {
  order: TOrderRow;
  organizationName: string;
  details: TOrderRequestDetails;
  sourceOrderTitle: string | null;
  recipients: readonly string[];
  link: string;
}) {
  const { order, details } = input;
  const contact = [details.contact.name, details.contact.email, details.contact.phone].filter(Boolean).join(', ');
  return summaryEmailsTo(
    input.recipients,
    `New order from ${input.organizationName}: ${order.title}`,
    'A customer ordered a capture from the customer portal. The order is awaiting its quote.',
    [
      ['Order', order.title],
      ['Organisation', input.organizationName],
      ['Requested by', contact],
      ['Location', order.location],
      ['Space type', labelOf(SPACE_TYPE_OPTIONS, details.spaceType)],
      ['Space size', labelOf(SPACE_SIZE_OPTIONS, details.spaceSize)],
      ['Capture type', labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)],
      ['Timeline', labelOf(TIMELINE_OPTIONS, details.timeline)],
      ['Additional information', details.additionalInfo],
      ['Estimate', estimateLine(details.estimate, order.currency)],
      ['Order again of', input.sourceOrderTitle],
      ['Quote it at', input.link],
    ],
  );
}
