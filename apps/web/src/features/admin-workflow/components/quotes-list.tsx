import { Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import {
  QUOTE_MESSAGES,
  type TQuote,
  type TQuotePreview,
  WORKFLOW_EMPTY,
  WORKFLOW_TOASTS,
} from '@spacecapture/shared/contracts/admin-workflow';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import { useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { Fact } from '../../../components/portal/fact.tsx';
import { ListState, RecordState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { focusPageTitle } from '../../../lib/focus-page-title.ts';
import { useListParams } from '../../../lib/list-params.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useQuotePreview } from '../api/get-quote-preview.ts';
import { useQuotes } from '../api/get-quotes.ts';
import { useSendQuote } from '../api/send-quote.ts';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

/** What Send will e-mail and to whom, with the confirm (decision 205). */
function SendPreview({ quote, onClose, onSent }: { quote: TQuote; onClose: () => void; onSent: () => void }) {
  const preview = useQuotePreview(quote.id);
  const send = useSendQuote({ onSuccess: onSent });
  return (
    <RecordState query={preview} what="the preview">
      {(data: TQuotePreview) => (
        <Stack gap="md">
          <Fact label="To">
            {data.recipients.length > 0 ? data.recipients.join(', ') : QUOTE_MESSAGES.noRecipients}
          </Fact>
          <Fact label="Subject">{data.subject}</Fact>
          <Paper withBorder radius="md" p="md" aria-label="E-mail preview" component="section">
            <Stack gap="xs">
              <Text size="sm">{data.intro}</Text>
              <Table withRowBorders={false} verticalSpacing={4}>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={`${row.label}:${row.value}`}>
                      <Table.Th w="40%">{row.label}</Table.Th>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed">
            A copy goes to the company address. The customer can accept or decline the quote in their portal.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={send.isPending}
              onClick={() =>
                send.mutate(quote.id, {
                  onError: (error) =>
                    notifyError({
                      title: WORKFLOW_TOASTS.failedToSend.title,
                      message: errorMessage(error, NETWORK_FALLBACK),
                    }),
                })
              }
            >
              Send quote
            </Button>
          </Group>
        </Stack>
      )}
    </RecordState>
  );
}

function DraftActions({ quote }: { quote: TQuote }) {
  const [previewing, setPreviewing] = useState(false);
  // Once sent, the draft's buttons go: focus stays on the page's title (the send hook puts it there)
  // instead of returning to a Send that is about to disappear.
  const [sent, setSent] = useState(false);
  const { update } = useListParams();
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        aria-label={`Edit quote for ${quote.order.title}`}
        onClick={() => {
          update({ edit: quote.id });
          focusPageTitle();
        }}
      >
        Edit
      </Button>
      <Button size="xs" aria-label={`Send quote for ${quote.order.title}`} onClick={() => setPreviewing(true)}>
        Send
      </Button>
      <Modal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        returnFocus={!sent}
        title={`Send quote: ${quote.order.title}`}
        size="lg"
      >
        {previewing ? (
          <SendPreview
            quote={quote}
            onClose={() => setPreviewing(false)}
            onSent={() => {
              setSent(true);
              setPreviewing(false);
            }}
          />
        ) : null}
      </Modal>
    </Group>
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
              <Table.Td>{quote.status === 'draft' ? <DraftActions quote={quote} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
    </PortalSection>
  );
}
