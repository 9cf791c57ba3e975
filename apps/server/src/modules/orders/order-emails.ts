import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDateTime, formatMoney, formatPlaceTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import type { TSummaryRow } from '../../lib/html.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import type { TOrderRow } from './orders-repository.ts';

/**
 * E-mails about an order's offers and schedule (a quote's own are in quotes/quote-emails.ts). Each
 * recipient gets a copy of their own (members of one organisation never see each other's
 * addresses); the company address stands for the admins.
 */

/** A time as every e-mail gives it: its zone named, UTC (decision 100). */
function when(value: Date | null) {
  return value ? formatDateTime(value, SERVER_TIME_ZONE) : null;
}

/**
 * A capture time: at the order's place, in its zone named by its IANA name (decision 141); UTC,
 * as every other time, while the order is not placed.
 */
function atPlace(value: Date, order: TOrderRow) {
  return order.place ? formatPlaceTime(value, order.place.timeZone) : when(value);
}

function orderRows(order: TOrderRow, options: { location: string | null }): TSummaryRow[] {
  return [
    ['Order', order.title],
    ['Capture type', labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)],
    ['Location', options.location],
  ];
}

/**
 * The offer to a provider. With address masking on, nothing reveals the address before
 * acceptance: not the location, and not the order title either (it ends with the location).
 */
export function offerEmails(input: {
  order: TOrderRow;
  /** What the provider is paid (decimal text), in the order's currency (decision 203). */
  compensation: string;
  respondBy: Date;
  deadlineHours: number;
  maskLocation: boolean;
  recipients: readonly string[];
}) {
  const { order } = input;
  const captureType = labelOf(CAPTURE_TYPE_OPTIONS, order.captureType);
  const rows: TSummaryRow[] = input.maskLocation
    ? [
        ['Capture type', captureType],
        ['Location', 'Location revealed after acceptance'],
      ]
    : orderRows(order, order);
  return summaryEmailsTo(
    input.recipients,
    `New job offer: ${input.maskLocation ? captureType : order.title}`,
    `You have been selected for this project. Please review the details and respond within ${input.deadlineHours} hours in the provider portal.`,
    [
      ...rows,
      ['Compensation', formatMoney(Number(input.compensation), order.currency)],
      ['Respond by', when(input.respondBy)],
    ],
  );
}

/** To a provider whose accepted job an admin gave to another provider, with the admin's reason. */
export function offerWithdrawnEmails(input: { order: TOrderRow; reason: string; recipients: readonly string[] }) {
  return summaryEmailsTo(
    input.recipients,
    `Job withdrawn: ${input.order.title}`,
    `An administrator has given this job to another provider. Reason: ${input.reason}`,
    orderRows(input.order, input.order),
  );
}

export function offerAnsweredEmails(input: {
  order: TOrderRow;
  providerName: string;
  outcome: 'accepted' | 'declined' | 'expired';
  orderStatus: string;
  recipients: readonly string[];
}) {
  const { order } = input;
  const intro =
    input.outcome === 'accepted'
      ? `${input.providerName} accepted the job. The provider will propose a schedule next.`
      : input.outcome === 'declined'
        ? `${input.providerName} declined the job. The order is back in the assignment queue (${input.orderStatus}).`
        : `${input.providerName} did not answer the offer in time; it expired. The order is back in the assignment queue (${input.orderStatus}).`;
  return summaryEmailsTo(input.recipients, `Offer ${input.outcome}: ${order.title}`, intro, orderRows(order, order));
}

export function scheduleProposedEmails(input: {
  order: TOrderRow;
  providerName: string;
  start: Date;
  end: Date;
  recipients: readonly string[];
}) {
  return summaryEmailsTo(
    input.recipients,
    `Schedule proposed: ${input.order.title}`,
    `${input.providerName} proposed a capture window. Confirm it on the Assignments page.`,
    [
      ...orderRows(input.order, input.order),
      ['Start', atPlace(input.start, input.order)],
      ['End', atPlace(input.end, input.order)],
    ],
  );
}

export function scheduleConfirmedEmails(input: {
  order: TOrderRow;
  start: Date;
  end: Date;
  recipients: readonly string[];
}) {
  return summaryEmailsTo(
    input.recipients,
    `Schedule confirmed: ${input.order.title}`,
    'The capture is scheduled for the window below.',
    [
      ...orderRows(input.order, input.order),
      ['Start', atPlace(input.start, input.order)],
      ['End', atPlace(input.end, input.order)],
    ],
  );
}
