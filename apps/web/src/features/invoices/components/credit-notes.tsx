import { Anchor, Badge, Table, Text, Title } from '@mantine/core';
import type { TCreditNoteView } from '@spacecapture/shared/contracts/invoices';
import { formatDate } from '@spacecapture/shared/format';
import { invoiceMoney } from '../lib/invoice-format.ts';

const STATE_LABELS: Record<TCreditNoteView['status'], string> = {
  issued: 'Issued',
  pending: 'Being refunded',
  failed: 'Refund failed',
};
const STATE_COLORS: Record<TCreditNoteView['status'], string> = { issued: 'grape', pending: 'blue', failed: 'red' };

/**
 * An invoice's credit notes (decision 215): number and state first (they stay in view at 390 px),
 * then the date, the amount refunded, the reason and the PDF of each issued one. `pdfUrlOf` is the
 * portal's own path to the PDF; a failed note (never numbered) is shown to admins only, and so is
 * why an issued note did not reverse the provider's share (decision 243).
 */
export function CreditNotes({
  notes,
  invoiceNumber,
  pdfUrlOf,
  showFailed = false,
}: {
  notes: readonly TCreditNoteView[];
  invoiceNumber?: string;
  pdfUrlOf: (id: string) => string;
  showFailed?: boolean;
}) {
  const shown = notes.filter((note) => showFailed || note.status !== 'failed');
  if (shown.length === 0) return null;
  return (
    <section aria-label={invoiceNumber ? `Credit notes of invoice ${invoiceNumber}` : 'Credit notes'}>
      <Title order={2} fz="lg" mb="xs">
        Credit notes
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Credit notes" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Credit note</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Refunded</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>PDF</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((note) => (
              <Table.Tr key={note.id}>
                <Table.Td>{note.number ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[note.status]} variant="light" radius="sm">
                    {STATE_LABELS[note.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(note.issuedAt ?? note.createdAt)}</Table.Td>
                <Table.Td>{invoiceMoney(note.totalMinor, note.currency)}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {note.status === 'failed' ? `${note.reason} (${note.failure ?? ''})` : note.reason}
                  </Text>
                  {showFailed && note.status === 'issued' && note.failure ? (
                    <Text size="xs" c="dimmed">
                      {note.failure}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {note.number ? (
                    <Anchor href={pdfUrlOf(note.id)} download size="sm">
                      Download {note.number} PDF
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
