import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TOrderMargin } from '@spacecapture/shared/contracts/payouts';
import { formatMoney } from '@spacecapture/shared/format';
import { type FormEvent, useState } from 'react';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdjustPayout } from '../api/adjust-payout.ts';
import { useOrderMargin } from '../api/get-order-margin.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** An admin's adjustment of a job closed without approval: an amount up to its compensation, and why. */
function AdjustmentForm({
  margin,
}: {
  margin: TOrderMargin & { adjustable: NonNullable<TOrderMargin['adjustable']> };
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useAdjustPayout(margin.adjustable.assignmentId);
  const error = adjust.error instanceof ApiError ? adjust.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    adjust.mutate({ amount: Number(amount), reason });
  }

  return (
    <form onSubmit={submit} aria-label="Adjustment">
      <Stack gap="sm">
        <Text size="sm">
          The order was completed without the customer's approval, so nothing is payable to the provider. Make up to{' '}
          {formatMoney(margin.adjustable.maxAmount, margin.currency)} payable, with the reason.
        </Text>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={`Amount (${margin.currency})`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={error?.fields.amount}
            w={{ base: '100%', sm: 160 }}
          />
          <TextInput
            label="Reason"
            value={reason}
            maxLength={200}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error?.fields.reason}
            style={{ flex: 1, minWidth: 200 }}
          />
        </Group>
        {error && Object.keys(error.fields).length === 0 ? (
          <Alert color="red" title="The adjustment was not made">
            {error.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={adjust.isPending}>
            Make payable
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The order's money on the admin order page (decision 213): price, compensation, fees, margin. */
export function OrderMargin({ orderId }: { orderId: string }) {
  const margin = useOrderMargin(orderId);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Margin">
      <Stack gap="sm">
        <Title order={3} fz={16}>
          Margin
        </Title>
        <RecordState query={margin} what="the margin">
          {(data: TOrderMargin) => (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
                <Figure label="Price" value={formatMoney(data.price, data.currency)} />
                <Figure label="Refunds" value={formatMoney(data.refunds, data.currency)} />
                <Figure label="Compensation" value={formatMoney(data.compensation, data.currency)} />
                <Figure label="Fees" value={formatMoney(data.fees, data.currency)} />
                <Figure label="Margin" value={formatMoney(data.margin, data.currency)} />
                <Figure label="Paid to the provider" value={formatMoney(data.paidOut, data.currency)} />
              </SimpleGrid>
              {data.adjustable ? <AdjustmentForm margin={{ ...data, adjustable: data.adjustable }} /> : null}
            </Stack>
          )}
        </RecordState>
      </Stack>
    </Paper>
  );
}
