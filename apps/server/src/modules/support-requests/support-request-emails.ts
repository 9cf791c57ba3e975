import { renderSummaryEmail } from '../../lib/html.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';
import type { TSupportRequestRow } from './support-requests-repository.ts';

/** A customer's support request, for the company address (spec 001 §7). */
export function supportRequestEmail(input: {
  request: TSupportRequestRow;
  recipients: readonly string[];
}): TOutgoingEmail {
  const subject = `Support request: ${input.request.subject.replace(/[\r\n]+/g, ' ')}`;
  const body = renderSummaryEmail(subject, 'A customer sent a support request from the customer portal.', [
    ['Subject', input.request.subject],
    ['Message', input.request.message],
    ['Organisation', input.request.orgId],
  ]);
  return { to: [...input.recipients], subject, ...body };
}
