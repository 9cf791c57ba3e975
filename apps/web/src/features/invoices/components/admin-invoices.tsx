import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  BILLING_SETTINGS_TOASTS,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type TInvoiceView,
} from '@spacecapture/shared/contracts/invoices';
import { formatDate } from '@spacecapture/shared/format';
import { fromMinorUnits } from '@spacecapture/shared/money';
import { type FormEvent, useState } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useAdminInvoices,
  useIssueMonthlyInvoices,
  useRecordPayment,
  useRefundInvoice,
  useVoidInvoice,
} from '../api/admin-invoices.ts';
import { INVOICE_STATUS_COLORS, invoiceMoney, invoiceStatusLabel, invoiceSubject } from '../lib/invoice-format.ts';
import { InvoiceSheet } from './invoice-view.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
];

function today() {
  return new Date().toISOString().slice(0, 10);
}

/** Record a bank transfer that arrived (decision 212): partial payments allowed, in the invoice's currency. */
function RecordPaymentForm({ invoice }: { invoice: TInvoiceView }) {
  const record = useRecordPayment();
  const [amount, setAmount] = useState(String(fromMinorUnits(invoice.openMinor, invoice.currency)));
  const [receivedOn, setReceivedOn] = useState(today);
  const [reference, setReference] = useState('');
  // One key per form: a double submit or a retry records the payment once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  function submit(event: FormEvent) {
    event.preventDefault();
    record.mutate(
      { id: invoice.id, request: { amount, currency: invoice.currency, receivedOn, reference }, idempotencyKey },
      { onSuccess: () => setIdempotencyKey(crypto.randomUUID()) },
    );
  }
  return (
    <form onSubmit={submit} aria-label="Record payment">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Record payment
        </Title>
        <Group align="end" wrap="wrap">
          <TextInput
            label={`Amount (${invoice.currency})`}
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            inputMode="decimal"
            required
          />
          <TextInput
            label="Received on"
            type="date"
            value={receivedOn}
            onChange={(event) => setReceivedOn(event.currentTarget.value)}
            required
          />
          <TextInput
            label="Bank reference"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            maxLength={200}
          />
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
        {record.isError ? (
          <Alert color="red" title="Payment not recorded">
            {record.error.message}
          </Alert>
        ) : null}
        {record.isSuccess ? (
          <Text role="status" size="sm">
            Payment recorded: {invoiceMoney(record.data.paidMinor, record.data.currency)} paid,{' '}
            {invoiceMoney(record.data.openMinor, record.data.currency)} still open.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * Refund part or all of what was paid (decision 215): an amount, a reason and whether the
 * provider's share is reversed, then a confirmation naming the amount. One key per confirmed form,
 * so a retry refunds once.
 */
function RefundForm({ invoice }: { invoice: TInvoiceView }) {
  const refund = useRefundInvoice();
  const [amount, setAmount] = useState(String(fromMinorUnits(invoice.refundableMinor, invoice.currency)));
  const [reason, setReason] = useState('');
  const [reverseProviderShare, setReverseProviderShare] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  function confirm() {
    refund.mutate(
      { id: invoice.id, request: { amount, reason, reverseProviderShare }, idempotencyKey },
      {
        onSuccess: () => setIdempotencyKey(crypto.randomUUID()),
        onSettled: () => setConfirming(false),
      },
    );
  }
  return (
    <form
      aria-label="Refund"
      onSubmit={(event) => {
        event.preventDefault();
        refund.reset();
        setConfirming(true);
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          Refund
        </Title>
        <Text size="sm" c="dimmed">
          Up to {invoiceMoney(invoice.refundableMinor, invoice.currency)} can be refunded. A card payment is refunded
          through Stripe; a bank transfer is sent back by hand. The customer receives a credit note.
        </Text>
        <Group align="end" wrap="wrap">
          <TextInput
            label={`Refund amount (${invoice.currency})`}
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setConfirming(false);
            }}
            inputMode="decimal"
            required
          />
          <TextInput
            label="Refund reason"
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setConfirming(false);
            }}
            maxLength={200}
            required
          />
        </Group>
        <Checkbox
          label="Reverse the provider's share"
          description={
            invoice.period
              ? INVOICE_MESSAGES.monthlyNoShareReversal
              : 'The provider is owed less, in proportion to the refund. Not possible once the share was paid out.'
          }
          disabled={invoice.period !== null}
          checked={reverseProviderShare}
          onChange={(event) => {
            setReverseProviderShare(event.currentTarget.checked);
            setConfirming(false);
          }}
        />
        {confirming ? (
          <Alert color="orange" title="Confirm the refund">
            <Stack gap="xs">
              <Text size="sm">
                Refund {amount} {invoice.currency} of invoice {invoice.number} to {invoice.customerOrg.name}
                {reverseProviderShare ? ", reversing the provider's share" : ''}?
              </Text>
              <Group>
                <Button color="orange" onClick={confirm} loading={refund.isPending}>
                  Confirm refund
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={refund.isPending}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group>
            <Button type="submit" color="orange" variant="light">
              Refund
            </Button>
          </Group>
        )}
        {refund.isError ? (
          <Alert color="red" title="Not refunded">
            {refund.error.message}
          </Alert>
        ) : null}
        {refund.isSuccess ? (
          <Text role="status" size="sm">
            Refunded: {invoiceMoney(refund.data.refundedMinor, refund.data.currency)} given back on this invoice in all.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

function VoidForm({ invoice }: { invoice: TInvoiceView }) {
  const voiding = useVoidInvoice();
  const [reason, setReason] = useState('');
  return (
    <form
      aria-label="Void invoice"
      onSubmit={(event) => {
        event.preventDefault();
        voiding.mutate({ id: invoice.id, reason });
      }}
    >
      <Group align="end" wrap="wrap">
        <TextInput
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={200}
          required
        />
        <Button type="submit" color="red" variant="light" loading={voiding.isPending}>
          Void invoice
        </Button>
      </Group>
      {voiding.isError ? (
        <Alert color="red" title="Not voided" mt="sm">
          {voiding.error.message}
        </Alert>
      ) : null}
    </form>
  );
}

/**
 * /admin/invoices (decision 209): every invoice by status; one opened with its payments, record
 * payment and void, and a refund with its credit notes (decision 215).
 */
export function AdminInvoices() {
  const [status, setStatus] = useState('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const invoices = useAdminInvoices(status);
  const monthlyRun = useIssueMonthlyInvoices();
  const open = invoices.data?.items.find((invoice) => invoice.id === openId) ?? null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end" wrap="wrap">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(value ?? 'all')}
          allowDeselect={false}
          maw={240}
        />
        {/* The worker issues them early each month; this issues them at once (decision 242). */}
        <Button
          variant="light"
          loading={monthlyRun.isPending}
          onClick={() =>
            monthlyRun.mutate(undefined, {
              onSuccess: ({ issued }) => notifySuccess(BILLING_SETTINGS_TOASTS.monthlyRun(issued.length)),
              onError: (error) => notifyError({ ...BILLING_SETTINGS_TOASTS.failed, message: error.message }),
            })
          }
        >
          Issue monthly invoices now
        </Button>
      </Group>
      {invoices.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading invoices" />
        </Center>
      ) : invoices.isError ? (
        <QueryError error={invoices.error} what="the invoices" />
      ) : invoices.data.items.length === 0 ? (
        <Text c="dimmed">No invoices.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Invoices" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                {/* Beside the number, so it stays in view on a phone while the rest scrolls. */}
                <Table.Th>Status</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Open</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(invoice.id)}>
                      {invoice.number}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={INVOICE_STATUS_COLORS[invoice.status]} variant="light" radius="sm">
                      {invoiceStatusLabel(invoice.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{invoice.customerOrg.name}</Table.Td>
                  <Table.Td>{invoiceSubject(invoice)}</Table.Td>
                  <Table.Td>{formatDate(invoice.dueAt)}</Table.Td>
                  <Table.Td>{invoiceMoney(invoice.totalMinor, invoice.currency)}</Table.Td>
                  <Table.Td>{invoiceMoney(invoice.openMinor, invoice.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open ? (
        <Stack gap="md" component="section" aria-label={`Invoice ${open.number}`}>
          <InvoiceSheet
            invoice={open}
            pdfUrl={`/api/admin/invoices/${open.id}/pdf`}
            creditNotePdfUrlOf={(id) => `/api/admin/credit-notes/${encodeURIComponent(id)}/pdf`}
            showFailedCreditNotes
          />
          {open.payments.length > 0 ? (
            <Table aria-label="Payments" maw={820}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received on</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{payment.receivedOn}</Table.Td>
                    <Table.Td>{payment.reference ?? ''}</Table.Td>
                    <Table.Td>{invoiceMoney(payment.amountMinor, open.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {open.status === 'open' || open.status === 'overdue' ? (
            <>
              <RecordPaymentForm key={`${open.id}-${open.paidMinor}`} invoice={open} />
              {open.paidMinor === 0 ? <VoidForm invoice={open} /> : null}
            </>
          ) : null}
          {open.refundableMinor > 0 ? <RefundForm key={`${open.id}-${open.refundedMinor}`} invoice={open} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
