import { formatDateTime, formatMoney, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import type { TSummaryRow } from '../../lib/html.ts';
import type { TOrderRow } from '../orders/orders-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import type { TQuoteRow } from './quotes-repository.ts';

/**
 * E-mails about a quote, sent and answered. Each recipient gets a copy of their own, as with the
 * order's other e-mails (orders/order-emails.ts); the company address stands for the admins.
 */

/** A time as every e-mail gives it: its zone named, UTC (decision 100). */
function when(value: Date | null) {
  return value ? formatDateTime(value, SERVER_TIME_ZONE) : null;
}

/** What a sent quote's e-mail says: its subject, its sentence and its rows (the send preview shows the same). */
export function quoteSentContent(input: {
  quote: TQuoteRow;
  order: TOrderRow;
  audience: 'customer' | 'company';
  link: string;
}) {
  const { quote, order } = input;
  const rows: TSummaryRow[] = [
    ['Order', order.title],
    ...quote.priceBreakdown.items.map((item): TSummaryRow => [item.label, formatMoney(item.amount, quote.currency)]),
    ['Total', formatMoney(Number(quote.total), quote.currency)],
    ['SLA', quote.sla],
    ['Valid until', when(quote.validityUntil)],
    [input.audience === 'customer' ? 'Accept or decline at' : 'Quotes', input.link],
  ];
  return {
    subject: `Quote sent: ${order.title}`,
    intro:
      input.audience === 'customer'
        ? 'A quote is ready for your order. Sign in to the customer portal to accept or decline it.'
        : 'A quote was sent to the customer, who can now accept or decline it.',
    rows,
  };
}

/**
 * A sent quote: the customer organisation's members get the link to answer it in their portal;
 * the company's copy links to the admin list.
 */
export function quoteSentEmails(input: {
  quote: TQuoteRow;
  order: TOrderRow;
  recipients: readonly string[];
  audience: 'customer' | 'company';
  link: string;
}) {
  const content = quoteSentContent(input);
  return summaryEmailsTo(input.recipients, content.subject, content.intro, content.rows);
}

export function quoteAnsweredEmails(input: {
  quote: TQuoteRow;
  order: TOrderRow;
  answer: 'accepted' | 'declined';
  recipients: readonly string[];
}) {
  const { quote, order } = input;
  return summaryEmailsTo(
    input.recipients,
    `Quote ${input.answer}: ${order.title}`,
    `The customer ${input.answer} the quote.`,
    [
      ['Order', order.title],
      ['Total', formatMoney(Number(quote.total), quote.currency)],
    ],
  );
}
