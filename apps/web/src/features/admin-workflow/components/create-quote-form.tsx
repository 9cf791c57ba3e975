import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DEFAULT_PRICE_BREAKDOWN,
  DEFAULT_QUOTE_SLA,
  parsePriceBreakdownJson,
  priceTotal,
  WORKFLOW_TOASTS,
  WORKFLOW_VALIDATION,
  ZPriceBreakdown,
} from '@spacecapture/shared/contracts/admin-workflow';
import { formatMoney } from '@spacecapture/shared/format';
import { type FormEvent, useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useQueryParams } from '../../../lib/navigation.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useCreateQuote } from '../api/create-quote.ts';
import { useAssignmentQueue } from '../api/get-assignment-queue.ts';
import { CustomerRequestSummary } from './customer-request-summary.tsx';

type TRow = { key: number; label: string; amount: number | string };

let nextRowKey = 0;
function newRow(label = '', amount: number | string = 0): TRow {
  nextRowKey += 1;
  return { key: nextRowKey, label, amount };
}
function defaultRows(): TRow[] {
  return DEFAULT_PRICE_BREAKDOWN.items.map((item) => newRow(item.label, item.amount));
}

/** The create form of /admin/quotes (spec 001 §2, §5, §9): order, line items or pasted JSON, SLA, validity. */
export function CreateQuoteForm() {
  const queue = useAssignmentQueue();
  const createQuote = useCreateQuote();
  const idempotencyKey = useIdempotencyKey();
  // An order's page links here with ?order=<id> (its next step): the form starts on that order.
  const [orderId, setOrderId] = useState(useQueryParams().get('order') ?? '');
  const [rows, setRows] = useState<TRow[]>(defaultRows);
  const [currency, setCurrency] = useState(DEFAULT_PRICE_BREAKDOWN.currency);
  const [useJson, setUseJson] = useState(false);
  const [json, setJson] = useState(() => JSON.stringify(DEFAULT_PRICE_BREAKDOWN, null, 2));
  const [sla, setSla] = useState(DEFAULT_QUOTE_SLA);
  const [validityUntil, setValidityUntil] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);

  const selectedOrder = queue.data?.items.find(({ order }) => order.id === orderId)?.order;
  const orders = (queue.data?.items ?? []).map(({ order }) => ({
    value: order.id,
    label: `${order.title} — ${order.customerOrg.name} (${order.status})`,
  }));

  function edited() {
    idempotencyKey.reset();
    setPriceError(null);
  }

  function breakdown() {
    if (useJson) return parsePriceBreakdownJson(json);
    const parsed = ZPriceBreakdown.safeParse({
      items: rows.map((row) => ({
        label: row.label,
        amount: typeof row.amount === 'number' ? row.amount : Number.NaN,
      })),
      currency,
    });
    return parsed.success
      ? ({ ok: true, value: parsed.data } as const)
      : ({ ok: false, message: parsed.error.issues[0]?.message ?? WORKFLOW_VALIDATION.invalidPriceJson } as const);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!orderId) {
      notifyError(WORKFLOW_VALIDATION.selectOrder);
      return;
    }
    const price = breakdown();
    if (!price.ok) {
      setPriceError(price.message);
      return;
    }
    createQuote.mutate(
      {
        request: { orderId, priceBreakdown: price.value, sla, validityUntil: validityUntil || null },
        idempotencyKey: idempotencyKey.current(),
      },
      {
        onSuccess: () => idempotencyKey.reset(),
        onError: (error) =>
          notifyError({
            title: WORKFLOW_TOASTS.quoteCreateFailed.title,
            message: errorMessage(error, NETWORK_FALLBACK),
          }),
      },
    );
  }

  const rowsTotal = priceTotal(rows.map((row) => ({ label: row.label, amount: Number(row.amount) || 0 })));

  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} fz={20}>
          Create quote
        </Title>
        <NativeSelect
          label="Order"
          value={orderId}
          onChange={(event) => {
            setOrderId(event.currentTarget.value);
            edited();
          }}
          data={[{ value: '', label: 'Select an order' }, ...orders]}
        />
        {selectedOrder?.request ? <CustomerRequestSummary request={selectedOrder.request} /> : null}
        <Switch
          label="Paste JSON"
          checked={useJson}
          onChange={(event) => {
            setUseJson(event.currentTarget.checked);
            edited();
          }}
        />
        {useJson ? (
          <Textarea
            label="Price breakdown (JSON)"
            autosize
            minRows={6}
            value={json}
            onChange={(event) => {
              setJson(event.currentTarget.value);
              edited();
            }}
            error={priceError}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
        ) : (
          <Stack gap="xs">
            {rows.map((row, index) => (
              <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 2 }}
                  label={index === 0 ? 'Item' : undefined}
                  aria-label={`Item ${index + 1} label`}
                  value={row.label}
                  onChange={(event) => {
                    const label = event.currentTarget.value;
                    setRows((current) => current.map((r) => (r.key === row.key ? { ...r, label } : r)));
                    edited();
                  }}
                />
                <NumberInput
                  style={{ flex: 1 }}
                  label={index === 0 ? 'Amount' : undefined}
                  aria-label={`Item ${index + 1} amount`}
                  min={0}
                  decimalScale={2}
                  value={row.amount}
                  onChange={(amount) => {
                    setRows((current) => current.map((r) => (r.key === row.key ? { ...r, amount } : r)));
                    edited();
                  }}
                />
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  aria-label={`Remove item ${index + 1}`}
                  disabled={rows.length <= 1}
                  onClick={() => {
                    setRows((current) => current.filter((r) => r.key !== row.key));
                    edited();
                  }}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setRows((current) => [...current, newRow()]);
                  edited();
                }}
              >
                Add item
              </Button>
              <Text size="sm">Total: {formatMoney(rowsTotal, currency)}</Text>
            </Group>
            <TextInput
              label="Currency"
              maxLength={3}
              w={120}
              value={currency}
              onChange={(event) => {
                setCurrency(event.currentTarget.value.toUpperCase());
                edited();
              }}
            />
            {priceError ? (
              <Text c="red" size="sm" role="alert">
                {priceError}
              </Text>
            ) : null}
          </Stack>
        )}
        <TextInput
          label="SLA"
          value={sla}
          onChange={(event) => {
            setSla(event.currentTarget.value);
            edited();
          }}
        />
        <TextInput
          type="date"
          label="Valid until (optional)"
          w={220}
          value={validityUntil}
          onChange={(event) => {
            setValidityUntil(event.currentTarget.value);
            edited();
          }}
        />
        <Group>
          <Button type="submit" loading={createQuote.isPending}>
            Create Quote
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
