import type { TCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { formatDate } from '@spacecapture/shared/format';

export type TQuoteAnswerState = {
  /** Accept and Decline are enabled. */
  canAnswer: boolean;
  /** Why they are not, in the customer's words (null while they are). */
  reason: string | null;
};

/**
 * Accept and Decline are offered only on a sent quote before its validity date (spec 001 §4). The
 * server decides (`canRespond`); the clock check keeps a page left open past the date honest.
 */
export function quoteAnswerState(quote: TCustomerQuote, now: Date): TQuoteAnswerState {
  const lapsed = quote.validityUntil !== null && new Date(quote.validityUntil).getTime() <= now.getTime();
  if (quote.status === 'sent' && quote.canRespond && !lapsed) return { canAnswer: true, reason: null };
  switch (quote.status) {
    case 'accepted':
      return { canAnswer: false, reason: answeredOn('You accepted this quote', quote.respondedAt) };
    case 'declined':
      return { canAnswer: false, reason: answeredOn('You declined this quote', quote.respondedAt) };
    case 'draft':
      return { canAnswer: false, reason: 'This quote has not been sent yet.' };
    default:
      return {
        canAnswer: false,
        reason: quote.validityUntil
          ? `This quote expired on ${formatDate(quote.validityUntil)} and can no longer be accepted or declined.`
          : 'This quote can no longer be accepted or declined.',
      };
  }
}

function answeredOn(text: string, at: string | null) {
  return at ? `${text} on ${formatDate(at)}.` : `${text}.`;
}

/** The quote's status as the customer reads it: a sent quote past its date shows as expired. */
export function displayedQuoteStatus(quote: TCustomerQuote, now: Date): TCustomerQuote['status'] {
  if (quote.status === 'sent' && !quoteAnswerState(quote, now).canAnswer) return 'expired';
  return quote.status;
}
