import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDateTime, formatMoney, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import type { TSummaryRow } from '../../lib/html.ts';
import type { TOrderRow } from '../orders/orders-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';

/** E-mails of the admin's order actions: one copy per recipient, so no one sees another's address. */

/**
 * Order cancelled: to the customer's members, and to the members of the provider that held the
 * live offer. A provider that had not accepted yet, with address masking on, learns neither the
 * title nor the location (the title ends with the location).
 */
export function orderCancelledEmails(input: {
  order: TOrderRow;
  reason: string;
  customerRecipients: readonly string[];
  provider: { recipients: readonly string[]; masked: boolean } | null;
}) {
  const { order, reason } = input;
  const captureType = labelOf(CAPTURE_TYPE_OPTIONS, order.captureType);
  const fullRows: TSummaryRow[] = [
    ['Order', order.title],
    ['Capture type', captureType],
    ['Location', order.location],
    ['Reason', reason],
  ];
  const customer = summaryEmailsTo(
    input.customerRecipients,
    `Order cancelled: ${order.title}`,
    'Your order was cancelled by the SpaceCapture team. Reply to this e-mail if you have any questions.',
    fullRows,
  );
  if (!input.provider) return customer;
  const masked = input.provider.masked;
  const provider = summaryEmailsTo(
    input.provider.recipients,
    `Job cancelled: ${masked ? captureType : order.title}`,
    'The order behind this job was cancelled; the job is withdrawn and needs nothing more from you.',
    masked
      ? [
          ['Capture type', captureType],
          ['Reason', reason],
        ]
      : fullRows,
  );
  return [...customer, ...provider];
}

/** Job completed: the provider's members learn the job's compensation is now payable. */
export function jobCompletedEmails(input: {
  order: TOrderRow;
  /** The assignment's compensation (decimal text) in the order's currency, or null when none was set. */
  compensation: string | null;
  /** Why an order that was never marked delivered was completed (decision 109); null after delivery. */
  earlyReason: string | null;
  recipients: readonly string[];
}) {
  const { order, earlyReason } = input;
  return summaryEmailsTo(
    input.recipients,
    `Job completed: ${order.title}`,
    earlyReason === null
      ? 'The customer has received the deliverables and the job is complete. Its compensation is now payable.'
      : 'The SpaceCapture team completed the job before it was marked delivered. Its compensation is now payable.',
    [
      ['Order', order.title],
      ['Capture type', labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)],
      [
        'Compensation',
        input.compensation === null
          ? 'As agreed with the SpaceCapture team'
          : formatMoney(Number(input.compensation), order.currency),
      ],
      ...(earlyReason === null ? [] : [['Reason', earlyReason] as TSummaryRow]),
    ],
  );
}

/** Uploads opened early: the provider's members may upload and deliver before the capture window. */
export function uploadsOpenedEarlyEmails(input: {
  order: TOrderRow;
  windowStart: Date;
  reason: string;
  recipients: readonly string[];
}) {
  const { order } = input;
  return summaryEmailsTo(
    input.recipients,
    `Uploads open: ${order.title}`,
    'The SpaceCapture team opened uploads for this job before its capture window: you can upload files and mark it delivered now.',
    [
      ['Order', order.title],
      ['Capture window starts', formatDateTime(input.windowStart, SERVER_TIME_ZONE)],
      ['Reason', input.reason],
    ],
  );
}
