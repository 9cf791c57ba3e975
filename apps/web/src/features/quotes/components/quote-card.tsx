import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { INVOICE_MESSAGES } from '@spacecapture/shared/contracts/invoices';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useId } from 'react';
import { FactList } from '../../../components/portal/fact-list.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { displayedQuoteStatus, quoteAnswerState } from '../lib/quote-rules.ts';
import { QuoteAnswerButtons } from './quote-answer-buttons.tsx';
import { QuoteStatusBadge } from './quote-status-badge.tsx';

/** The invoice view of an accepted quote: a search parameter on the same page. */
export function invoicePath(quoteId: string) {
  return `${PORTAL_PATHS.customer.quotes}?invoice=${encodeURIComponent(quoteId)}`;
}

/**
 * One quote (spec 001 §2 Quotes): the order, the price breakdown with its total, SLA, validity
 * and status; Accept and Decline while it is sent and valid (each asks first); an accepted
 * quote links to its invoice.
 */
export function QuoteCard({ quote, now }: { quote: TCustomerQuote; now: Date }) {
  const titleId = useId();
  const noteId = useId();
  const state = quoteAnswerState(quote, now);

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz={18} id={titleId}>
              {quote.order.title}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
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

        <FactList
          facts={[
            { label: 'SLA', value: quote.sla ?? 'No SLA stated' },
            { label: 'Valid until', value: quote.validityUntil ? formatDate(quote.validityUntil) : 'No expiry date' },
          ]}
        />

        <Stack gap="xs">
          {/* Accept and Decline only while the quote is open: an answered quote shows what was decided. */}
          {quote.status === 'sent' ? (
            <QuoteAnswerButtons
              quote={quote}
              canAnswer={state.canAnswer}
              describedBy={state.reason ? noteId : undefined}
            />
          ) : null}
          {quote.status === 'accepted' && quote.monthlyInvoice && !quote.monthlyInvoice.invoiceId ? (
            // A monthly account's order waits for its month's invoice (decision 242).
            <Text size="sm" data-testid="monthly-invoice-note">
              {INVOICE_MESSAGES.onMonthlyInvoice(quote.monthlyInvoice.period)}
            </Text>
          ) : quote.status === 'accepted' ? (
            <Group>
              <Button component={AppLink} to={invoicePath(quote.id)} variant="light">
                {quote.monthlyInvoice?.invoiceNumber
                  ? `View monthly invoice ${quote.monthlyInvoice.invoiceNumber}`
                  : 'View invoice'}
              </Button>
            </Group>
          ) : null}
          {state.reason ? (
            <Text id={noteId} size="sm" c="dimmed">
              {state.reason}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
