import { Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '@spacecapture/shared/format';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useInvoices } from '../api/get-invoices.ts';
import {
  customerInvoicePath,
  INVOICE_STATUS_COLORS,
  invoiceMoney,
  invoiceStatusLabel,
  invoiceSubject,
} from '../lib/invoice-format.ts';
import { CreditNotes } from './credit-notes.tsx';

/** The organisation's invoices under its quotes (spec 001 §2 Quotes & Invoices), newest first. */
export function InvoiceList() {
  const invoices = useInvoices();
  return (
    <Stack gap="sm" component="section" aria-labelledby="invoices-heading">
      <Title order={2} fz="xl" id="invoices-heading">
        Invoices
      </Title>
      {invoices.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading invoices" />
        </Center>
      ) : invoices.isError ? (
        <QueryError error={invoices.error} what="the invoices" />
      ) : invoices.data.items.length === 0 ? (
        <Text c="dimmed">No invoices yet. An invoice is issued when your billing arrangement says so.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Invoices" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                {/* Beside the number, so it stays in view on a phone while the rest scrolls. */}
                <Table.Th>Status</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <AppLink to={customerInvoicePath(invoice)}>{invoice.number}</AppLink>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={INVOICE_STATUS_COLORS[invoice.status]} variant="light" radius="sm">
                      {invoiceStatusLabel(invoice.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{invoiceSubject(invoice)}</Table.Td>
                  <Table.Td>{formatDate(invoice.dueAt)}</Table.Td>
                  <Table.Td>{invoiceMoney(invoice.totalMinor, invoice.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {invoices.isSuccess ? (
        <CreditNotes
          notes={invoices.data.items.flatMap((invoice) => invoice.creditNotes)}
          pdfUrlOf={(id) => `/api/customer/credit-notes/${encodeURIComponent(id)}/pdf`}
        />
      ) : null}
    </Stack>
  );
}
