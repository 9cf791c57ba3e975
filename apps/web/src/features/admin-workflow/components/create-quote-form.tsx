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
  quoteCurrencyMismatch,
  type TQuote,
  WORKFLOW_TOASTS,
  WORKFLOW_VALIDATION,
  ZPriceBreakdown,
} from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_TYPE_OPTIONS, labelOf, SPACE_SIZE_OPTIONS } from '@spacecapture/shared/enums';
import { formatMoney } from '@spacecapture/shared/format';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useListParams } from '../../../lib/list-params.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useCreateQuote } from '../api/create-quote.ts';
import { useAssignmentQueue } from '../api/get-assignment-queue.ts';
import { fetchQuotePrefill } from '../api/get-quote-prefill.ts';
import { useQuotes } from '../api/get-quotes.ts';
import { useUpdateQuote } from '../api/update-quote.ts';
import { CustomerRequestSummary } from './customer-request-summary.tsx';

type TRow = { key: number; label: string; amount: number | string };

let nextRowKey = 0;
function newRow(label = '', amount: number | string = 0): TRow {
  nextRowKey += 1;
  return { key: nextRowKey, label, amount };
}
function rowsOf(items: readonly { label: string; amount: number }[]): TRow[] {
  return items.map((item) => newRow(item.label, item.amount));
}
function defaultRows(): TRow[] {
  return rowsOf(DEFAULT_PRICE_BREAKDOWN.items);
}

const DEFAULT_JSON = JSON.stringify(DEFAULT_PRICE_BREAKDOWN, null, 2);

/** The date part of a validity instant, as the date field holds it. */
function dateOf(validityUntil: string | null) {
  return validityUntil ? validityUntil.slice(0, 10) : '';
}

/** The query parameter naming the draft the form edits (the list's Edit sets it). */
export const EDIT_QUOTE_PARAM = 'edit';

/**
 * The quote form of /admin/quotes (spec 001 §2, §5, §9): order, line items or pasted JSON, SLA,
 * validity. It creates a draft, or edits one when the URL names it (?edit=<id>, decision 205), and
 * starts empty again after a save. A new quote's items come from the price book when it has a price
 * for the order's capture type and size in the quote's currency.
 */
export function CreateQuoteForm() {
  const queue = useAssignmentQueue();
  const quotes = useQuotes();
  const { params, update } = useListParams();
  const editId = params.get(EDIT_QUOTE_PARAM);
  const editing = editId
    ? (quotes.data?.items.find((quote) => quote.id === editId && quote.status === 'draft') ?? null)
    : null;
  const idempotencyKey = useIdempotencyKey();
  // An order's page links here with ?order=<id> (its next step): the form starts on that order.
  const [orderId, setOrderId] = useState(params.get('order') ?? '');
  const [rows, setRows] = useState<TRow[]>(defaultRows);
  const [useJson, setUseJson] = useState(false);
  const [json, setJson] = useState(DEFAULT_JSON);
  const [sla, setSla] = useState<string>(DEFAULT_QUOTE_SLA);
  const [validityUntil, setValidityUntil] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [prefillNote, setPrefillNote] = useState<string | null>(null);
  const loadedEdit = useRef<string | null>(null);
  // Counts the admin's edits: a price book answer that arrives after one leaves the items alone.
  const edits = useRef(0);

  /** Back to an empty form for the next quote (after a save, or when editing is cancelled). */
  function resetForm() {
    setOrderId('');
    setRows(defaultRows());
    setUseJson(false);
    setJson(DEFAULT_JSON);
    setSla(DEFAULT_QUOTE_SLA);
    setValidityUntil('');
    setPriceError(null);
    setPrefillNote(null);
    idempotencyKey.reset();
    loadedEdit.current = null;
    if (params.has(EDIT_QUOTE_PARAM) || params.has('order')) update({ [EDIT_QUOTE_PARAM]: null, order: null });
  }

  const createQuote = useCreateQuote({ onSuccess: resetForm });
  const updateQuote = useUpdateQuote({ onSuccess: resetForm });

  // The draft named in the URL fills the form once it is loaded.
  useEffect(() => {
    if (!editing || loadedEdit.current === editing.id) return;
    loadedEdit.current = editing.id;
    fillFrom(editing);
  });

  function fillFrom(quote: TQuote) {
    setOrderId(quote.orderId);
    setRows(rowsOf(quote.priceBreakdown.items));
    setUseJson(false);
    setJson(JSON.stringify(quote.priceBreakdown, null, 2));
    setSla(quote.sla ?? '');
    setValidityUntil(dateOf(quote.validityUntil));
    setPriceError(null);
    setPrefillNote(null);
  }

  const orderOf = (id: string) => queue.data?.items.find(({ order }) => order.id === id)?.order;
  const selectedOrder = orderOf(orderId);
  // One currency per order (decision 203): the quote is in the order's, never one typed here.
  const currency = selectedOrder?.currency ?? editing?.currency ?? DEFAULT_PRICE_BREAKDOWN.currency;
  const orders = (queue.data?.items ?? []).map(({ order }) => ({
    value: order.id,
    label: `${order.title} — ${order.customerOrg.name} (${order.status})`,
  }));
  if (editing && !orders.some((order) => order.value === editing.orderId)) {
    orders.push({ value: editing.orderId, label: `${editing.order.title} — ${editing.order.customerOrg.name}` });
  }

  /** A newly chosen order starts from the price book's items for its capture type and size. */
  async function prefillFor(chosen: string) {
    setPrefillNote(null);
    if (!chosen) return;
    const asked = edits.current;
    // The chosen order's own currency: the state still holds the previous order's.
    const orderCurrency = orderOf(chosen)?.currency ?? DEFAULT_PRICE_BREAKDOWN.currency;
    try {
      const prefill = await fetchQuotePrefill(chosen, orderCurrency);
      if (edits.current !== asked) return;
      const what = [
        labelOf(CAPTURE_TYPE_OPTIONS, prefill.captureType),
        prefill.spaceSize ? labelOf(SPACE_SIZE_OPTIONS, prefill.spaceSize) : null,
      ]
        .filter(Boolean)
        .join(', ');
      if (prefill.items) {
        setRows(rowsOf(prefill.items));
        setPrefillNote(`Prices from the price book for ${what}, in ${orderCurrency}.`);
      } else {
        setPrefillNote(`The price book has no price in ${orderCurrency} for ${what}; the items are the defaults.`);
      }
    } catch {
      // Without a prefill the form keeps its items; the admin prices the quote by hand.
    }
  }

  function edited() {
    edits.current += 1;
    idempotencyKey.reset();
    setPriceError(null);
  }

  function breakdown() {
    if (useJson) {
      const parsed = parsePriceBreakdownJson(json);
      if (parsed.ok && selectedOrder && parsed.value.currency !== selectedOrder.currency) {
        return { ok: false, message: quoteCurrencyMismatch(selectedOrder.currency, parsed.value.currency) } as const;
      }
      return parsed;
    }
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
    const onError = (error: Error) =>
      notifyError({
        title: WORKFLOW_TOASTS.quoteCreateFailed.title,
        message: errorMessage(error, NETWORK_FALLBACK),
      });
    if (editing) {
      updateQuote.mutate(
        { id: editing.id, request: { priceBreakdown: price.value, sla, validityUntil: validityUntil || null } },
        { onError },
      );
      return;
    }
    createQuote.mutate(
      {
        request: { orderId, priceBreakdown: price.value, sla, validityUntil: validityUntil || null },
        idempotencyKey: idempotencyKey.current(),
      },
      { onError },
    );
  }

  const rowsTotal = priceTotal(rows.map((row) => ({ label: row.label, amount: Number(row.amount) || 0 })));

  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} fz={20}>
          {editing ? 'Edit draft quote' : 'Create quote'}
        </Title>
        <NativeSelect
          label="Order"
          value={orderId}
          disabled={Boolean(editing)}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            setOrderId(chosen);
            edited();
            void prefillFor(chosen);
          }}
          data={[{ value: '', label: 'Select an order' }, ...orders]}
        />
        {prefillNote ? (
          <Text size="sm" c="dimmed" role="status">
            {prefillNote}
          </Text>
        ) : null}
        {selectedOrder?.request ? (
          <CustomerRequestSummary request={selectedOrder.request} currency={selectedOrder.currency} />
        ) : null}
        <Switch
          label="Paste JSON"
          checked={useJson}
          onChange={(event) => {
            setUseJson(event.currentTarget.checked);
            // The untouched example starts in the order's currency; pasted text is kept as it is.
            setJson((current) =>
              current === DEFAULT_JSON ? JSON.stringify({ ...DEFAULT_PRICE_BREAKDOWN, currency }, null, 2) : current,
            );
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
              readOnly
              w={320}
              value={selectedOrder || editing ? currency : ''}
              placeholder="The order's"
              description="The order's currency, from its customer organization"
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
          <Button type="submit" loading={createQuote.isPending || updateQuote.isPending}>
            {editing ? 'Save changes' : 'Create Quote'}
          </Button>
          {editing ? (
            <Button variant="default" onClick={resetForm}>
              Cancel editing
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
