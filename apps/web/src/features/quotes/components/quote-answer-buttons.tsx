import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { formatMoney } from '@spacecapture/shared/format';
import { useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { type TQuoteAnswer, useAnswerQuote } from '../api/answer-quote.ts';
import { BILLING_MESSAGES } from '../lib/billing-messages.ts';

type TQuoteAnswerButtonsProps = {
  quote: TCustomerQuote;
  /** Accept and Decline are offered (a sent quote before its validity date). */
  canAnswer: boolean;
  /** The id of the text saying why they are not. */
  describedBy?: string | undefined;
};

/**
 * Accept and Decline of one quote, each asking first: accepting names the total, declining says
 * it cannot be undone. The success toast comes from the mutation (the quote may leave the list).
 */
export function QuoteAnswerButtons({ quote, canAnswer, describedBy }: TQuoteAnswerButtonsProps) {
  const answer = useAnswerQuote();
  const [confirming, setConfirming] = useState<TQuoteAnswer | null>(null);
  // Once answered, Accept and Decline turn off (or leave the list): focus goes to the page title.
  const [answered, setAnswered] = useState(false);
  const pending = answer.isPending ? answer.variables.answer : null;
  const total = formatMoney(quote.total, quote.currency);

  function send(choice: TQuoteAnswer) {
    answer.mutate(
      { id: quote.id, answer: choice },
      {
        // The hook has put focus on the page's title: the closing dialog leaves it there.
        onSuccess: () => setAnswered(true),
        onSettled: () => setConfirming(null),
        onError: (error) =>
          notifyError({
            title: choice === 'accept' ? BILLING_MESSAGES.failedToAccept : BILLING_MESSAGES.failedToDecline,
            message: errorMessage(error, NETWORK_FALLBACK),
          }),
      },
    );
  }

  return (
    <>
      <Group gap="sm">
        <Button
          onClick={() => setConfirming('accept')}
          disabled={!canAnswer || answer.isPending}
          aria-describedby={describedBy}
        >
          Accept
        </Button>
        <Button
          variant="outline"
          color="red"
          onClick={() => setConfirming('decline')}
          disabled={!canAnswer || answer.isPending}
          aria-describedby={describedBy}
        >
          Decline
        </Button>
      </Group>

      <Modal
        opened={confirming === 'accept'}
        onClose={() => setConfirming(null)}
        title={BILLING_MESSAGES.acceptTitle}
        centered
        returnFocus={!answered}
      >
        <Stack gap="md">
          <Text size="sm">{BILLING_MESSAGES.acceptQuestion(quote.order.title, total)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={answer.isPending}>
              Not now
            </Button>
            <Button onClick={() => send('accept')} loading={pending === 'accept'}>
              Accept quote
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirming === 'decline'}
        onClose={() => setConfirming(null)}
        title={BILLING_MESSAGES.declineTitle}
        centered
        returnFocus={!answered}
      >
        <Stack gap="md">
          <Text size="sm">{BILLING_MESSAGES.declineQuestion(quote.order.title)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={answer.isPending}>
              Keep quote
            </Button>
            <Button color="red" onClick={() => send('decline')} loading={pending === 'decline'}>
              Decline quote
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
