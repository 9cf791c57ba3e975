import { Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { periodLabel, type TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { formatDate } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useMutation } from '@tanstack/react-query';
import { FactList } from '../../../components/portal/fact-list.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';
import { startCardCheckout, useInvoice } from '../api/get-invoice.ts';
import {
  INVOICE_STATUS_COLORS,
  invoiceMoney,
  invoiceStatusLabel,
  invoiceSubject,
  ratePercent,
} from '../lib/invoice-format.ts';
import { CreditNotes } from './credit-notes.tsx';
import styles from './invoice.module.css';

function PartyBlock({ heading, party }: { heading: string; party: TInvoiceView['seller'] }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {heading}
      </Text>
      <Text fw={600}>{party.legalName}</Text>
      {party.address.split(/\r?\n/).map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
      {party.country ? <Text size="sm">{party.country}</Text> : null}
      {party.taxId ? <Text size="sm">Tax ID: {party.taxId}</Text> : null}
    </div>
  );
}

/**
 * The printable invoice sheet (decision 209): number, dates and status, seller and buyer, lines,
 * tax, totals, what was paid, how to pay and the PDF.
 */
export function InvoiceSheet({
  invoice,
  pdfUrl,
  creditNotePdfUrlOf,
  showFailedCreditNotes = false,
}: {
  invoice: TInvoiceView;
  pdfUrl: string;
  /** The portal's path to a credit note's PDF (decision 215). */
  creditNotePdfUrlOf: (id: string) => string;
  showFailedCreditNotes?: boolean;
}) {
  const money = (minor: number) => invoiceMoney(minor, invoice.currency);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={styles.sheet} data-invoice-sheet>
      <Stack gap="lg">
        <div className={styles.sheetHeader}>
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Invoice {invoice.number}
            </Title>
            <Badge color={INVOICE_STATUS_COLORS[invoice.status]} variant="light" radius="sm" mt="xs">
              {invoiceStatusLabel(invoice.status)}
            </Badge>
          </div>
          <FactList
            facts={[
              { label: 'Invoice number', value: invoice.number },
              { label: 'Invoice date', value: formatDate(invoice.issuedAt) },
              { label: 'Due date', value: formatDate(invoice.dueAt) },
              invoice.period
                ? { label: 'Month', value: periodLabel(invoice.period) }
                : { label: 'Order', value: invoiceSubject(invoice) },
            ]}
          />
        </div>

        {invoice.period ? (
          <section aria-label="Orders on this invoice">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Orders on this invoice
            </Text>
            {invoice.orders.map((order) => (
              <Text size="sm" key={order.id}>
                {order.title}
              </Text>
            ))}
          </section>
        ) : null}

        <div className={styles.parties}>
          <PartyBlock heading="From" party={invoice.seller} />
          <PartyBlock heading="Bill to" party={invoice.buyer} />
        </div>

        <Table aria-label="Invoice lines" verticalSpacing="sm" withTableBorder={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th className={styles.amount}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the lines never reorder.
              <Table.Tr key={index}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td className={styles.amount}>{money(line.amountMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td>Subtotal</Table.Td>
              <Table.Td className={styles.amount}>{money(invoice.subtotalMinor)}</Table.Td>
            </Table.Tr>
            {invoice.taxLines.map((line) => (
              <Table.Tr key={line.label}>
                <Table.Td>
                  {line.label} {ratePercent(line.rateBasisPoints)}
                </Table.Td>
                <Table.Td className={styles.amount}>{money(line.amountMinor)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th>Total ({invoice.currency})</Table.Th>
              <Table.Th className={styles.amount} data-testid="invoice-total">
                {money(invoice.totalMinor)}
              </Table.Th>
            </Table.Tr>
            {invoice.paidMinor > 0 ? (
              <Table.Tr>
                <Table.Td>Paid</Table.Td>
                <Table.Td className={styles.amount}>{money(invoice.paidMinor)}</Table.Td>
              </Table.Tr>
            ) : null}
            {invoice.refundedMinor > 0 ? (
              <Table.Tr>
                <Table.Td>Refunded (credit notes)</Table.Td>
                <Table.Td className={styles.amount} data-testid="invoice-refunded">
                  {money(invoice.refundedMinor)}
                </Table.Td>
              </Table.Tr>
            ) : null}
            {invoice.status !== 'void' ? (
              <Table.Tr>
                <Table.Th>Still to pay</Table.Th>
                <Table.Th className={styles.amount} data-testid="invoice-open">
                  {money(invoice.openMinor)}
                </Table.Th>
              </Table.Tr>
            ) : null}
          </Table.Tfoot>
        </Table>

        {invoice.reverseCharge ? (
          <Text size="sm">Reverse charge: the buyer accounts for the tax on this supply.</Text>
        ) : null}
        {invoice.status === 'void' ? <Text size="sm">This invoice is void: {invoice.voidReason}</Text> : null}

        <CreditNotes
          notes={invoice.creditNotes}
          invoiceNumber={invoice.number}
          pdfUrlOf={creditNotePdfUrlOf}
          showFailed={showFailedCreditNotes}
        />

        {invoice.instructions ? (
          <section aria-label="How to pay">
            <Title order={2} fz="lg" mb="xs">
              How to pay
            </Title>
            {invoice.instructions.lines.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </section>
        ) : null}

        <Group className={styles.noPrint}>
          <Button component="a" href={pdfUrl} variant="light" download>
            Download PDF
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /customer/quotes?invoice=<quoteId>, or ?invoiceId=<id> for a monthly invoice: the invoice with
 * Back and Print. Printing shows the sheet alone (see invoice.module.css).
 */
export function InvoiceView({ quoteId, invoiceId }: { quoteId?: string; invoiceId?: string }) {
  // Back from Stripe's card page: ?card=paid until the webhook lands, ?card=cancelled if not paid.
  const card = useQueryParams().get('card');
  const invoice = useInvoice(quoteId ? { quoteId } : { invoiceId: invoiceId ?? '' }, { untilPaid: card === 'paid' });
  const checkout = useMutation({
    mutationFn: startCardCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Stack gap="lg" maw={820}>
      <Group justify="space-between" className={styles.noPrint}>
        <Button component={AppLink} to={PORTAL_PATHS.customer.quotes} variant="default">
          Back to quotes
        </Button>
        <Button onClick={() => window.print()} disabled={!invoice.isSuccess}>
          Print
        </Button>
      </Group>
      {invoice.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the invoice" />
        </Center>
      ) : invoice.isError ? (
        <QueryError error={invoice.error} what="the invoice" />
      ) : (
        <>
          {card === 'paid' ? (
            <Paper withBorder radius="md" p="md" role="status" className={styles.noPrint}>
              <Text fw={600}>
                {invoice.data.status === 'paid'
                  ? 'Paid by card. Thank you.'
                  : 'Your card payment is being confirmed. This page updates when it is.'}
              </Text>
            </Paper>
          ) : card === 'cancelled' && invoice.data.status !== 'paid' ? (
            <Paper withBorder radius="md" p="md" role="status" className={styles.noPrint}>
              <Text>The card payment was not completed. Nothing was charged.</Text>
            </Paper>
          ) : null}
          {invoice.data.payByCard && card !== 'paid' ? (
            <Stack gap="xs" className={styles.noPrint}>
              <Group>
                <Button onClick={() => checkout.mutate(invoice.data.id)} loading={checkout.isPending}>
                  Pay by card
                </Button>
              </Group>
              {checkout.isError ? (
                <Text size="sm" role="alert" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))">
                  {checkout.error instanceof Error ? checkout.error.message : 'The card payment could not be started.'}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <InvoiceSheet
            invoice={invoice.data}
            pdfUrl={`/api/customer/invoices/${invoice.data.id}/pdf`}
            creditNotePdfUrlOf={(id) => `/api/customer/credit-notes/${encodeURIComponent(id)}/pdf`}
          />
        </>
      )}
    </Stack>
  );
}
