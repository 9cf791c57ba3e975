import { Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TInvoice } from '@spacecapture/shared/contracts/customer-portal';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { FactList } from '../../../components/portal/fact-list.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useInvoice } from '../api/get-invoice.ts';
import styles from './invoice.module.css';

/** The printable invoice sheet of an accepted quote. */
export function InvoiceSheet({ invoice }: { invoice: TInvoice }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={styles.sheet} data-invoice-sheet>
      <Stack gap="lg">
        <div className={styles.sheetHeader}>
          <div>
            <Text fw={800} fz={20} c="var(--color-heading)">
              SpaceCapture
            </Text>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Invoice {invoice.number}
            </Title>
          </div>
          <FactList
            facts={[
              { label: 'Invoice number', value: invoice.number },
              { label: 'Invoice date', value: formatDate(invoice.date) },
            ]}
          />
        </div>

        <div className={styles.parties}>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Bill to
            </Text>
            <Text fw={600}>{invoice.customerOrg.name}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Order
            </Text>
            <Text fw={600}>{invoice.order.title}</Text>
            <Text size="sm">{invoice.order.location}</Text>
          </div>
        </div>

        <Table aria-label="Invoice lines" verticalSpacing="sm" withTableBorder={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th className={styles.amount}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lineItems.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the lines never reorder.
              <Table.Tr key={index}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td className={styles.amount}>{formatMoney(item.amount, invoice.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total ({invoice.currency})</Table.Th>
              <Table.Th className={styles.amount} data-testid="invoice-total">
                {formatMoney(invoice.total, invoice.currency)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>

        <Text size="xs" c="dimmed">
          Quote reference {invoice.quoteId}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /customer/quotes?invoice=<quoteId>: the invoice with Back and Print. Printing shows the sheet
 * alone (see invoice.module.css).
 */
export function InvoiceView({ quoteId }: { quoteId: string }) {
  const invoice = useInvoice(quoteId);
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
        <InvoiceSheet invoice={invoice.data} />
      )}
    </Stack>
  );
}
