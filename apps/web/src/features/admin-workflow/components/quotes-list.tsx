import { Button, Table } from '@mantine/core';
import { type TQuote, WORKFLOW_EMPTY, WORKFLOW_TOASTS } from '@spacecapture/shared/contracts/admin-workflow';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useQuotes } from '../api/get-quotes.ts';
import { useSendQuote } from '../api/send-quote.ts';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

function SendQuoteButton({ quote }: { quote: TQuote }) {
  const send = useSendQuote();
  return (
    <Button
      size="xs"
      loading={send.isPending}
      aria-label={`Send quote for ${quote.order.title}`}
      onClick={() =>
        send.mutate(quote.id, {
          onError: (error) =>
            notifyError({ title: WORKFLOW_TOASTS.failedToSend.title, message: errorMessage(error, NETWORK_FALLBACK) }),
        })
      }
    >
      Send
    </Button>
  );
}

/** Every quote, newest first, with Send on drafts (spec 001 §2 /admin/quotes). */
export function QuotesList() {
  const quotes = useQuotes();
  const items = quotes.data?.items ?? [];
  return (
    <PortalSection title="Quotes">
      <ListState query={quotes} count={items.length} what="quotes" empty={WORKFLOW_EMPTY.quotes}>
        <DataTable
          label="Quotes"
          minWidth={760}
          verticalSpacing="sm"
          highlightOnHover
          columns={['Order', 'Customer', 'Total', 'Status', 'Valid until', 'Created', { hidden: 'Actions' }]}
        >
          {items.map((quote) => (
            <Table.Tr key={quote.id}>
              <Table.Td>{quote.order.title}</Table.Td>
              <Table.Td>{quote.order.customerOrg.name}</Table.Td>
              <Table.Td>{formatMoney(quote.total, quote.currency)}</Table.Td>
              <Table.Td>
                <WorkflowStatusBadge status={quote.status} />
              </Table.Td>
              <Table.Td>{quote.validityUntil ? formatDate(quote.validityUntil) : '—'}</Table.Td>
              <Table.Td>{formatDate(quote.createdAt)}</Table.Td>
              <Table.Td>{quote.status === 'draft' ? <SendQuoteButton quote={quote} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
    </PortalSection>
  );
}
