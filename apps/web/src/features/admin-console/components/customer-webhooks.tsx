import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { type TWebhookEndpoint, WEBHOOK_MESSAGES } from '@spacecapture/shared/contracts/webhooks';
import { useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { WEBHOOK_DELIVERY_COLUMNS, WebhookDeliveryCells } from '../../../components/portal/webhook-delivery-cells.tsx';
import { useCustomerWebhooks, useEndpointDeliveries } from '../api/get-customer-webhooks.ts';

function Deliveries({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const query = useEndpointDeliveries(endpoint.id);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <ListState query={query} count={items.length} what="the delivery log" empty={WEBHOOK_MESSAGES.noDeliveries}>
        <DataTable
          label={`Deliveries to ${endpoint.url}`}
          minWidth={640}
          verticalSpacing="xs"
          columns={[...WEBHOOK_DELIVERY_COLUMNS]}
        >
          {items.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <WebhookDeliveryCells delivery={delivery} />
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
      <LoadMore query={query} />
    </Stack>
  );
}

function Endpoint({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const disabled = endpoint.disabledAt !== null;
  return (
    <Stack gap="xs" component="article" aria-label={endpoint.url}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <Text size="sm" c="dimmed">
            Events: {endpoint.events.join(', ')}
          </Text>
        </div>
        <Group gap="xs">
          <Badge color={disabled ? 'gray' : 'green'} variant="light">
            {disabled ? 'Disabled' : 'Active'}
          </Badge>
          <Button size="xs" variant="default" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
        </Group>
      </Group>
      {open ? <Deliveries endpoint={endpoint} /> : null}
    </Stack>
  );
}

/**
 * A customer's webhook endpoints and their delivery logs, read-only (decision 149): what an admin
 * needs to answer "our system missed an event"; changes stay with the customer's own admins.
 */
export function CustomerWebhooks({ customerOrgId }: { customerOrgId: string }) {
  const query = useCustomerWebhooks(customerOrgId);
  const items = query.data?.items ?? [];
  return (
    <PortalSection title="Webhooks">
      <ListState query={query} count={items.length} what="webhooks" empty={WEBHOOK_MESSAGES.empty}>
        <Stack gap="lg">
          {items.map((endpoint) => (
            <Endpoint key={endpoint.id} endpoint={endpoint} />
          ))}
        </Stack>
      </ListState>
    </PortalSection>
  );
}
