import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDate } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { Fact } from '../../../components/portal/fact.tsx';
import { ListState, RecordState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { RecordFrame } from '../../../components/portal/record-frame.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { CUSTOMER_LATEST_ORDERS } from '../api/console-keys.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useCustomerOrders } from '../api/get-customer-orders.ts';
import { ConsoleStatusBadge } from './console-status-badge.tsx';
import { CustomerSettingsForm } from './customer-settings-form.tsx';
import { CustomerWebhooks } from './customer-webhooks.tsx';
import { MembersTable } from './members-table.tsx';

function LatestOrders({ customerOrgId, total }: { customerOrgId: string; total: number }) {
  const orders = useCustomerOrders(customerOrgId);
  const items = orders.data?.items ?? [];
  return (
    <Stack gap="sm">
      <ListState query={orders} count={items.length} what="orders" empty="No orders yet.">
        <DataTable
          label="Latest orders"
          minWidth={640}
          verticalSpacing="xs"
          columns={['Title', 'Capture type', 'Status', 'Created']}
        >
          {items.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <Anchor component={AppLink} to={`${PORTAL_PATHS.admin.orders}?order=${order.id}`}>
                  {order.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)}</Table.Td>
              <Table.Td>
                <ConsoleStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>{formatDate(order.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
      {total > CUSTOMER_LATEST_ORDERS ? (
        <Text size="sm" c="dimmed">
          Showing the latest {CUSTOMER_LATEST_ORDERS} of {total} orders.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The billing section, composed by the route from the invoices feature. */
export type TCustomerBillingSlot = (customerOrgId: string) => ReactNode;

/** One customer organisation (?customer=<id>): figures, billing, latest orders, members and webhooks. */
export function CustomerDetail({
  id,
  onBack,
  billing,
}: {
  id: string;
  onBack: () => void;
  billing?: TCustomerBillingSlot;
}) {
  const query = useCustomer(id);

  const body = (
    <RecordState query={query} what="the customer">
      {(data) => {
        const { customer, members } = data;
        return (
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Group gap="sm">
                  <Title order={2} fz={20}>
                    {customer.name}
                  </Title>
                  <ConsoleStatusBadge status={customer.status} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
                  <Fact label="Members">{customer.membersCount}</Fact>
                  <Fact label="Orders">{customer.ordersCount}</Fact>
                  <Fact label="Last order">{customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'}</Fact>
                  <Fact label="Created">{formatDate(customer.createdAt)}</Fact>
                </SimpleGrid>
              </Stack>
            </Paper>
            <PortalSection title="Currency and units">
              <CustomerSettingsForm key={`${customer.currency} ${customer.unitSystem}`} customer={customer} />
            </PortalSection>
            {billing ? <PortalSection title="Billing">{billing(customer.id)}</PortalSection> : null}
            <PortalSection title="Latest orders">
              <LatestOrders customerOrgId={customer.id} total={customer.ordersCount} />
            </PortalSection>
            <PortalSection title="Members">
              <MembersTable members={members} />
            </PortalSection>
            <CustomerWebhooks customerOrgId={customer.id} />
          </Stack>
        );
      }}
    </RecordState>
  );

  return <RecordFrame onBack={onBack}>{body}</RecordFrame>;
}
