import { Anchor, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CUSTOMER_TOASTS, type TCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useId, useState } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type TQuoteAnswer, useAnswerQuote } from '../api/answer-quote.ts';
import { BILLING_MESSAGES } from '../lib/billing-messages.ts';
import { displayedQuoteStatus, quoteAnswerState } from '../lib/quote-rules.ts';
import styles from './billing.module.css';
import { QuoteStatusBadge } from './quote-status-badge.tsx';

/** The invoice view of an accepted quote: a search parameter on the same page. */
export function invoicePath(quoteId: string) {
  return `${PORTAL_PATHS.customer.quotes}?invoice=${encodeURIComponent(quoteId)}`;
}

/**
 * One quote (spec 001 §2 Quotes): the order, the price breakdown with its total, SLA, validity
 * and status; Accept and Decline while it is sent and valid (Decline asks first); an accepted
 * quote links to its invoice.
 */
export function QuoteCard({ quote, now }: { quote: TCustomerQuote; now: Date }) {
  const titleId = useId();
  const noteId = useId();
  const answer = useAnswerQuote();
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const state = quoteAnswerState(quote, now);
  const pending = answer.isPending ? answer.variables.answer : null;

  function send(choice: TQuoteAnswer) {
    answer.mutate(
      { id: quote.id, answer: choice },
      {
        onSuccess: () => {
          setConfirmingDecline(false);
          notifySuccess(
            choice === 'accept'
              ? { title: CUSTOMER_TOASTS.quoteAccepted, message: BILLING_MESSAGES.acceptedDetail(quote.order.title) }
              : { title: CUSTOMER_TOASTS.quoteDeclined, message: BILLING_MESSAGES.declinedDetail(quote.order.title) },
          );
        },
        onError: (error) => {
          setConfirmingDecline(false);
          notifyError({
            title: choice === 'accept' ? BILLING_MESSAGES.failedToAccept : BILLING_MESSAGES.failedToDecline,
            message: errorMessage(error, NETWORK_FALLBACK),
          });
        },
      },
    );
  }

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz={18} id={titleId}>
              {quote.order.title}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="gray.7">
                {quote.sentAt ? `Sent ${formatDate(quote.sentAt)}` : 'Not sent yet'}
              </Text>
              <Anchor
                component={AppLink}
                to={`${PORTAL_PATHS.customer.orders}?order=${encodeURIComponent(quote.order.id)}`}
                size="sm"
              >
                View order
              </Anchor>
            </Group>
          </div>
          <QuoteStatusBadge status={displayedQuoteStatus(quote, now)} />
        </Group>

        <Table aria-label={`Price breakdown for ${quote.order.title}`} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.priceBreakdown.items.map((item, index) => (
              // Labels may repeat; the position tells the lines apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the breakdown is fixed once sent.
              <Table.Tr key={index}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.amount, quote.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right" data-testid="quote-total">
                {formatMoney(quote.total, quote.currency)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>

        <dl className={styles.facts}>
          <div>
            <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600}>
              SLA
            </Text>
            <Text component="dd">{quote.sla ?? 'No SLA stated'}</Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600}>
              Valid until
            </Text>
            <Text component="dd">{quote.validityUntil ? formatDate(quote.validityUntil) : 'No expiry date'}</Text>
          </div>
        </dl>

        <Stack gap="xs">
          <Group gap="sm">
            <Button
              onClick={() => send('accept')}
              disabled={!state.canAnswer || (answer.isPending && pending !== 'accept')}
              loading={pending === 'accept'}
              aria-describedby={state.reason ? noteId : undefined}
            >
              Accept
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={() => setConfirmingDecline(true)}
              disabled={!state.canAnswer || answer.isPending}
              aria-describedby={state.reason ? noteId : undefined}
            >
              Decline
            </Button>
            {quote.status === 'accepted' ? (
              <Button component={AppLink} to={invoicePath(quote.id)} variant="light">
                View invoice
              </Button>
            ) : null}
          </Group>
          {state.reason ? (
            <Text id={noteId} size="sm" c="gray.7">
              {state.reason}
            </Text>
          ) : null}
        </Stack>
      </Stack>

      <Modal
        opened={confirmingDecline}
        onClose={() => setConfirmingDecline(false)}
        title={BILLING_MESSAGES.declineTitle}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{BILLING_MESSAGES.declineQuestion(quote.order.title)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingDecline(false)} disabled={answer.isPending}>
              Keep quote
            </Button>
            <Button color="red" onClick={() => send('decline')} loading={pending === 'decline'}>
              Decline quote
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
