import { CUSTOMER_TOASTS, ZCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { focusPageTitle } from '../../../lib/focus-page-title.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';
import { BILLING_MESSAGES } from '../lib/billing-messages.ts';

export type TQuoteAnswer = 'accept' | 'decline';

/** POST /api/customer/quotes/:id/accept|decline → the answered quote (409 unless sent and still valid). */
export function answerQuote(input: { id: string; answer: TQuoteAnswer }) {
  return sendJson(`/api/customer/quotes/${encodeURIComponent(input.id)}/${input.answer}`, {}, ZCustomerQuote);
}

export function useAnswerQuote() {
  return useRefreshingMutation(customerKeys.all, {
    mutationFn: answerQuote,
    // Here, not in the card: an answered quote leaves the dashboard's list, and its callbacks with it.
    onSuccess: (quote, { answer }) => {
      notifySuccess(
        answer === 'accept'
          ? { title: CUSTOMER_TOASTS.quoteAccepted, message: BILLING_MESSAGES.acceptedDetail(quote.order.title) }
          : { title: CUSTOMER_TOASTS.quoteDeclined, message: BILLING_MESSAGES.declinedDetail(quote.order.title) },
      );
      // Accept and Decline turn off or leave the list with the quote: focus waits on the page's
      // title instead of falling to its body.
      focusPageTitle();
    },
    // A refusal (e.g. expired meanwhile) also changed what the list should show.
  });
}
