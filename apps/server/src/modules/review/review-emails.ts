import { describePin, type TReviewOutcome } from '@spacecapture/shared/contracts/order-review';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import type { TSummaryRow } from '../../lib/html.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';

/** E-mails of the delivery review (decision 133): one copy per recipient, no addresses shared. */

/** Who ended a review: the customer, an admin on the customer's behalf, the auto-approval, or an admin closing it. */
export type { TReviewOutcome };

const OUTCOME_TEXT: Record<TReviewOutcome, { provider: string; customer: string }> = {
  approved: {
    provider: 'The customer approved the delivery. The job is complete and its compensation is now payable.',
    customer: 'You approved the delivery. The order is complete.',
  },
  approved_on_behalf: {
    provider:
      'The SpaceCapture team approved the delivery on the customer’s behalf. The job is complete and its compensation is now payable.',
    customer: 'The SpaceCapture team approved the delivery on your behalf. The order is complete.',
  },
  auto_approved: {
    provider:
      'The customer did not answer the delivery in time, so it was approved automatically. The job is complete and its compensation is now payable.',
    customer: 'You did not answer the delivery in time, so it was approved automatically. The order is complete.',
  },
  closed: {
    provider: 'The SpaceCapture team closed the order’s review. The job is complete.',
    customer: 'The SpaceCapture team closed the order’s review. The order is complete.',
  },
};

export function reviewOutcomeEmails(input: {
  outcome: TReviewOutcome;
  audience: 'provider' | 'customer';
  orderTitle: string;
  reason: string | null;
  recipients: readonly string[];
  link: string;
}) {
  const rows: TSummaryRow[] = [['Order', input.orderTitle]];
  if (input.reason) rows.push(['Reason', input.reason]);
  rows.push(['Open', input.link]);
  const subject = input.outcome === 'closed' ? 'Order closed' : 'Delivery approved';
  return summaryEmailsTo(
    input.recipients,
    `${subject}: ${input.orderTitle}`,
    OUTCOME_TEXT[input.outcome][input.audience],
    rows,
  );
}

/** Changes requested: the provider's members read every comment, with its file and pin. */
export function changesRequestedEmails(input: {
  orderTitle: string;
  round: number;
  comments: readonly { fileName: string | null; body: string; pin: TViewerPin | null }[];
  recipients: readonly string[];
  link: string;
}) {
  const rows: TSummaryRow[] = [
    ['Order', input.orderTitle],
    ['Delivery', `Round ${input.round}`],
  ];
  input.comments.forEach((comment, index) => {
    const about = comment.fileName ?? 'Whole delivery';
    const pinned = comment.pin ? ` (${describePin(comment.pin)})` : '';
    rows.push([`Comment ${index + 1}: ${about}${pinned}`, comment.body]);
  });
  rows.push(['Upload revised files at', input.link]);
  return summaryEmailsTo(
    input.recipients,
    `Changes requested: ${input.orderTitle}`,
    'The customer asked for changes to the delivery. Upload the revised files, then mark the order re-delivered.',
    rows,
  );
}

/** Re-delivered: the customer's members can review the revised files. */
export function redeliveredEmails(input: {
  orderTitle: string;
  round: number;
  fileCount: number;
  recipients: readonly string[];
  link: string;
}) {
  return summaryEmailsTo(
    input.recipients,
    `Revised delivery: ${input.orderTitle}`,
    'The provider delivered revised files. Review them, then approve the delivery or ask for more changes.',
    [
      ['Order', input.orderTitle],
      ['Delivery', `Round ${input.round}`],
      ['Revised files', String(input.fileCount)],
      ['Review at', input.link],
    ],
  );
}
