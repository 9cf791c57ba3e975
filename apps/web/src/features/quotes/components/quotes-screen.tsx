import { Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useCustomerQuotes } from '../api/get-customer-quotes.ts';
import { BILLING_MESSAGES } from '../lib/billing-messages.ts';
import { QuoteCard } from './quote-card.tsx';

function QuoteCards() {
  const quotes = useCustomerQuotes();
  const now = new Date(useNow(60_000));
  if (quotes.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading quotes" />
      </Center>
    );
  }
  if (quotes.isError) return <QueryError error={quotes.error} onRetry={() => quotes.refetch()} what="quotes" />;
  const items = quotes.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {BILLING_MESSAGES.emptyQuotes}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {items.map((quote) => (
          <QuoteCard key={quote.id} quote={quote} now={now} />
        ))}
      </SimpleGrid>
      {quotes.hasNextPage ? (
        <Center>
          <Button variant="default" onClick={() => quotes.fetchNextPage()} loading={quotes.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/**
 * /customer/quotes (spec 001 §2 Quotes & Invoices): the organisation's quotes as cards, then what
 * the route adds (its invoices); with ?invoice=<quoteId> the route shows that quote's invoice instead.
 */
export function QuotesScreen({ invoices }: { invoices?: ReactNode }) {
  return (
    <PortalPage
      title="Quotes & Invoices"
      description="Quotes for your orders with their price breakdown, SLA and validity. Accept or decline them here; accepted quotes have an invoice."
    >
      <QuoteCards />
      {invoices}
    </PortalPage>
  );
}
