import { Badge, Table } from '@mantine/core';
import type { TWebhookDelivery } from '@spacecapture/shared/contracts/webhooks';
import { formatDate } from '@spacecapture/shared/format';

const STATUS_COLOR: Record<TWebhookDelivery['status'], string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** The columns of a delivery log a customer's and an admin's views share. */
export const WEBHOOK_DELIVERY_COLUMNS = ['Event', 'Status', 'Attempts', 'Response', 'Queued'] as const;

/** One delivery's cells under `WEBHOOK_DELIVERY_COLUMNS`: event, status, attempts, last answer, when queued. */
export function WebhookDeliveryCells({ delivery }: { delivery: TWebhookDelivery }) {
  return (
    <>
      <Table.Td>{delivery.event}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[delivery.status]} variant="light">
          {delivery.status}
        </Badge>
      </Table.Td>
      <Table.Td>{delivery.attempts}</Table.Td>
      <Table.Td title={delivery.lastError ?? undefined}>
        {delivery.lastStatusCode ?? (delivery.lastError ? 'No answer' : '—')}
      </Table.Td>
      <Table.Td>{formatDate(delivery.createdAt)}</Table.Td>
    </>
  );
}
