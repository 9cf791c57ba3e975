import { renderSummaryEmail } from '../../lib/html.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import type { TSupportRequestRow } from './support-requests-repository.ts';

/** A subject line never carries the line breaks a customer could type. */
function oneLine(text: string) {
  return text.replace(/[\r\n]+/g, ' ');
}

/** A customer's support request, for the company address (spec 001 §7). */
export function supportRequestEmail(input: {
  request: TSupportRequestRow;
  orderTitle: string | null;
  recipients: readonly string[];
  link: string;
}): TOutgoingEmail {
  const subject = `Support request: ${oneLine(input.request.subject)}`;
  const body = renderSummaryEmail(subject, 'A customer sent a support request from the customer portal.', [
    ['Subject', input.request.subject],
    ['Message', input.request.message],
    ['Organisation', input.request.orgId],
    ['Order', input.orderTitle],
    ['Inbox', input.link],
  ]);
  return { to: [...input.recipients], subject, ...body };
}

/** An admin's answer, for the customer who asked (decision 204). */
export function supportAnswerEmails(input: {
  request: TSupportRequestRow;
  message: string;
  recipients: readonly string[];
  link: string;
}) {
  return summaryEmailsTo(
    input.recipients,
    `Re: ${oneLine(input.request.subject)}`,
    'Our support team replied to your support request.',
    [
      ['Reply', input.message],
      ['Your request', input.request.message],
      ['Read and reply at', input.link],
    ],
  );
}

/** The customer's follow-up, for the company address. */
export function supportFollowUpEmails(input: {
  request: TSupportRequestRow;
  message: string;
  recipients: readonly string[];
  link: string;
}) {
  return summaryEmailsTo(
    input.recipients,
    `Support request reply: ${oneLine(input.request.subject)}`,
    'The customer replied to a support request.',
    [
      ['Reply', input.message],
      ['Inbox', input.link],
    ],
  );
}
