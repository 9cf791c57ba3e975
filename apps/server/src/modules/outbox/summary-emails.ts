import { renderSummaryEmail, type TSummaryRow } from '../../lib/html.ts';
import type { TOutgoingEmail } from './outbox-repository.ts';

/**
 * One summary e-mail (a heading, a sentence, a table of rows) as a copy per recipient, so members
 * of one organisation never see each other's addresses; an address listed twice gets one copy.
 */
export function summaryEmailsTo(
  recipients: readonly string[],
  subject: string,
  intro: string,
  rows: readonly TSummaryRow[],
): TOutgoingEmail[] {
  const unique = [...new Set(recipients.map((address) => address.toLowerCase()))];
  const body = renderSummaryEmail(subject, intro, rows);
  return unique.map((to) => ({ to: [to], subject, ...body }));
}
