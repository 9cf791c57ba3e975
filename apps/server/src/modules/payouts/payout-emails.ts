import { formatDate, formatMoney } from '@spacecapture/shared/format';
import type { TSummaryRow } from '../../lib/html.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';

/**
 * A provider organisation was paid: the amount, the reference (the bank transfer's, or Stripe's
 * transfer id to its connected account) and the jobs it covers.
 */
export function payoutSentEmails(input: {
  recipients: readonly string[];
  method: 'bank_transfer' | 'stripe_transfer';
  amount: number;
  currency: string;
  reference: string;
  paidAt: Date;
  jobs: readonly { title: string; amount: number }[];
  link: string;
}) {
  const total = formatMoney(input.amount, input.currency);
  const rows: TSummaryRow[] = [
    ['Amount', total],
    [input.method === 'stripe_transfer' ? 'Stripe transfer' : 'Bank transfer reference', input.reference],
    ['Paid on', formatDate(input.paidAt, 'UTC')],
    ...input.jobs.map((job): TSummaryRow => [job.title, formatMoney(job.amount, input.currency)]),
    ['Earnings and statements', input.link],
  ];
  return summaryEmailsTo(
    input.recipients,
    `Payout sent: ${total}`,
    input.method === 'stripe_transfer'
      ? 'We paid your organisation for the jobs below by Stripe transfer to its connected account; Stripe pays it out to your bank.'
      : 'We paid your organisation for the jobs below by bank transfer.',
    rows,
  );
}

/** An admin made a job closed without approval payable, with the reason. */
export function adjustmentEmails(input: {
  recipients: readonly string[];
  amount: number;
  currency: string;
  orderTitle: string;
  reason: string;
  expectedBy: Date;
  link: string;
}) {
  const amount = formatMoney(input.amount, input.currency);
  return summaryEmailsTo(
    input.recipients,
    `Payable adjustment: ${input.orderTitle}`,
    'A job of yours is now payable.',
    [
      ['Job', input.orderTitle],
      ['Amount', amount],
      ['Reason', input.reason],
      ['Expected by', formatDate(input.expectedBy, 'UTC')],
      ['Earnings and statements', input.link],
    ],
  );
}
