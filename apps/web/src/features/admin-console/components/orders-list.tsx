import { Anchor, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { ORDER_STATUSES } from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDate } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { SearchBox } from '../../../components/portal/search-box.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useListParams, withParams } from '../../../lib/list-params.ts';
import { useOrders } from '../api/get-orders.ts';
import { humanize } from '../utils/format.ts';
import { readOrderFilters } from '../utils/list-filters.ts';
import { ConsoleStatusBadge } from './console-status-badge.tsx';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: humanize(status) })),
];

/** Every order with its customer organisation, newest first; search and status filter in the URL (spec 001 §2 /admin/orders). */
export function OrdersList() {
  const { params, update } = useListParams();
  const filters = readOrderFilters(params);
  const orders = useOrders(filters);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.q || filters.status);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={2} fz={20}>
            All orders
          </Title>
          <Group align="flex-end" gap="sm">
            <SearchBox
              label="Search orders"
              placeholder="Title, location or customer"
              value={filters.q}
              onSearch={(q) => update({ q }, { replace: true })}
            />
            <NativeSelect
              label="Status"
              data={STATUS_OPTIONS}
              value={filters.status}
              onChange={(event) => update({ status: event.currentTarget.value })}
            />
          </Group>
        </Group>
        <ListState
          query={orders}
          count={items.length}
          what="orders"
          empty={filtered ? 'No orders match these filters.' : ADMIN_CONSOLE_MESSAGES.empty.orders}
        >
          <DataTable
            label="Orders"
            minWidth={860}
            verticalSpacing="sm"
            highlightOnHover
            columns={['Title', 'Customer', 'Location', 'Capture type', 'Status', 'Created']}
          >
            {items.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  <Anchor
                    component={AppLink}
                    to={`${PORTAL_PATHS.admin.orders}${withParams(params, { order: order.id })}`}
                  >
                    {order.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.customerOrg.name}</Table.Td>
                <Table.Td>{order.location}</Table.Td>
                <Table.Td>{labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)}</Table.Td>
                <Table.Td>
                  <ConsoleStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>{formatDate(order.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {orders.isPlaceholderData ? (
            <Text size="xs" c="dimmed" role="status">
              Updating…
            </Text>
          ) : null}
        </ListState>
        <LoadMore query={orders} />
      </Stack>
    </Paper>
  );
}
