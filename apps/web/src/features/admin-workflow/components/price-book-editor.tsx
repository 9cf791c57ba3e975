import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  DEFAULT_QUOTE_CURRENCY,
  DEFAULT_QUOTE_ITEMS,
  type TPriceBookEntry,
  ZPriceBook,
} from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_TYPE_OPTIONS, SPACE_SIZE_OPTIONS } from '@spacecapture/shared/enums';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { usePriceBook, useSavePriceBook } from '../api/price-book.ts';

type TEntryRow = {
  key: number;
  captureType: string;
  spaceSize: string;
  currency: string;
  capture: number | string;
  processing: number | string;
};

let nextKey = 0;
function rowOf(entry: Partial<TPriceBookEntry> = {}): TEntryRow {
  nextKey += 1;
  return {
    key: nextKey,
    captureType: entry.captureType ?? CAPTURE_TYPE_OPTIONS[0].value,
    spaceSize: entry.spaceSize ?? SPACE_SIZE_OPTIONS[0].value,
    currency: entry.currency ?? DEFAULT_QUOTE_CURRENCY,
    capture: entry.capture ?? DEFAULT_QUOTE_ITEMS[0].amount,
    processing: entry.processing ?? DEFAULT_QUOTE_ITEMS[1].amount,
  };
}

function Editor({ entries }: { entries: readonly TPriceBookEntry[] }) {
  const save = useSavePriceBook();
  const [rows, setRows] = useState<TEntryRow[]>(() => entries.map((entry) => rowOf(entry)));
  const [error, setError] = useState<string | null>(null);
  // The book as saved replaces the rows (the server upper-cases currencies and orders the entries).
  const shown = useRef(entries);
  useEffect(() => {
    if (shown.current === entries) return;
    shown.current = entries;
    setRows(entries.map((entry) => rowOf(entry)));
  }, [entries]);

  function change(key: number, values: Partial<TEntryRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...values } : row)));
    setError(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZPriceBook.safeParse({
      entries: rows.map((row) => ({
        captureType: row.captureType,
        spaceSize: row.spaceSize,
        currency: row.currency,
        capture: typeof row.capture === 'number' ? row.capture : Number.NaN,
        processing: typeof row.processing === 'number' ? row.processing : Number.NaN,
      })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = typeof issue?.path[1] === 'number' ? issue.path[1] + 1 : null;
      setError(`${index ? `Price ${index}: ` : ''}${issue?.message ?? 'Check the prices.'}`);
      return;
    }
    save.mutate(parsed.data, {
      onError: (failure) => notifyError({ title: 'Failed', message: errorMessage(failure, NETWORK_FALLBACK) }),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Price book">
      <Stack gap="sm">
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            No prices yet. New quotes start from the default items.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Capture type</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th>Capture</Table.Th>
                  <Table.Th>Processing</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`Price ${index + 1} capture type`}
                        data={CAPTURE_TYPE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
                        value={row.captureType}
                        onChange={(event) => change(row.key, { captureType: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`Price ${index + 1} size`}
                        data={SPACE_SIZE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
                        value={row.spaceSize}
                        onChange={(event) => change(row.key, { spaceSize: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Price ${index + 1} currency`}
                        maxLength={3}
                        w={80}
                        value={row.currency}
                        onChange={(event) => change(row.key, { currency: event.currentTarget.value.toUpperCase() })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Price ${index + 1} capture amount`}
                        min={0}
                        decimalScale={2}
                        value={row.capture}
                        onChange={(capture) => change(row.key, { capture })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Price ${index + 1} processing amount`}
                        min={0}
                        decimalScale={2}
                        value={row.processing}
                        onChange={(processing) => change(row.key, { processing })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        aria-label={`Remove price ${index + 1}`}
                        onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" onClick={() => setRows((current) => [...current, rowOf()])}>
            Add price
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save price book
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The price book in Settings (decision 205): a Capture and a Processing price per capture type and
 * size band, in a currency. A new quote for an order starts from its entry in the quote's currency.
 */
export function PriceBookEditor() {
  const book = usePriceBook();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="price-book">
      <Stack gap="md">
        <div>
          <Title order={2} fz={20} id="price-book">
            Price book
          </Title>
          <Text size="sm" c="dimmed">
            What a new quote's Capture and Processing items start at, by capture type and size, in each currency.
          </Text>
        </div>
        <RecordState query={book} what="the price book">
          {(data: { entries: TPriceBookEntry[] }) => <Editor entries={data.entries} />}
        </RecordState>
      </Stack>
    </Paper>
  );
}
