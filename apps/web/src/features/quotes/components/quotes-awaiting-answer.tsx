import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useId } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useQuotesAwaitingAnswer } from '../api/get-customer-quotes.ts';
import { BILLING_MESSAGES } from '../lib/billing-messages.ts';
import { quoteAnswerState } from '../lib/quote-rules.ts';
import { QuoteAnswerButtons } from './quote-answer-buttons.tsx';

function AwaitingQuote({ quote }: { quote: TCustomerQuote }) {
  const titleId = useId();
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Text fw={600} id={titleId}>
            {quote.order.title}
          </Text>
          <Text size="sm" c="dimmed">
            {quote.validityUntil ? `Valid until ${formatDate(quote.validityUntil)}` : 'No expiry date'} ·{' '}
            <Anchor component={AppLink} to={PORTAL_PATHS.customer.quotes} size="sm">
              Breakdown
            </Anchor>
          </Text>
        </Stack>
        <Group gap="md">
          <Text fw={700} fz="lg" data-testid="awaiting-quote-total">
            {formatMoney(quote.total, quote.currency)}
          </Text>
          <QuoteAnswerButtons quote={quote} canAnswer />
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The quotes waiting for the customer's answer, with their totals and Accept/Decline, for the
 * dashboard (nothing when none is waiting). An answered quote leaves the list.
 */
export function QuotesAwaitingAnswer() {
  const quotes = useQuotesAwaitingAnswer();
  const now = new Date(useNow(60_000));
  const items = (quotes.data?.items ?? []).filter((quote) => quoteAnswerState(quote, now).canAnswer);
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      mb="md"
      component="section"
      aria-label={BILLING_MESSAGES.awaitingTitle}
    >
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {BILLING_MESSAGES.awaitingTitle}
        </Title>
        {items.map((quote) => (
          <AwaitingQuote key={quote.id} quote={quote} />
        ))}
      </Stack>
    </Paper>
  );
}
