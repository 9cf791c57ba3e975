import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formatDate } from '@spacecapture/shared/format';
import { CUSTOMER_DISPLAY_STATUSES } from '@spacecapture/shared/state-machines';
import { type FormEvent, useEffect, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import {
  DISPLAY_STATUS_LABELS,
  OrderStatusBadge,
  type TCustomerDisplayStatus,
} from '../../../components/portal/order-status-badge.tsx';
import { useCustomerOrders } from '../api/get-customer-orders.ts';
import { SEARCH_MAX_LENGTH, type TCustomerOrderFilters } from '../lib/order-filters.ts';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...CUSTOMER_DISPLAY_STATUSES.map((status) => ({ value: status, label: DISPLAY_STATUS_LABELS[status] })),
];

type TFiltersProps = { filters: TCustomerOrderFilters; onChange: (filters: TCustomerOrderFilters) => void };

/** Search (title or location) on submit, status at once; both live in the address. */
function OrderFilters({ filters, onChange }: TFiltersProps) {
  const [q, setQ] = useState(filters.q);
  // The address is the truth: Back/Forward or a link may change it under the field.
  useEffect(() => setQ(filters.q), [filters.q]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onChange({ ...filters, q: q.trim() });
  }

  return (
    <Group component="form" role="search" align="flex-end" gap="sm" onSubmit={onSubmit}>
      <TextInput
        label="Search orders"
        placeholder="Title or location"
        type="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="light">
        Search
      </Button>
      <NativeSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) =>
          onChange({ ...filters, q: q.trim(), status: event.currentTarget.value as TCustomerDisplayStatus | '' })
        }
        w={180}
      />
    </Group>
  );
}

type TOrdersListProps = {
  filters: TCustomerOrderFilters;
  /** Shows the search and status filter; without it the list shows every order. */
  onFiltersChange?: (filters: TCustomerOrderFilters) => void;
  onOpen: (orderId: string) => void;
};

/** The organisation's orders, newest first, a page at a time ("Load more"). */
export function OrdersList({ filters, onFiltersChange, onOpen }: TOrdersListProps) {
  const orders = useCustomerOrders(filters);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.q || filters.status);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {onFiltersChange ? <OrderFilters filters={filters} onChange={onFiltersChange} /> : null}
        <ListState
          query={orders}
          count={items.length}
          what="orders"
          empty={filtered ? 'No orders match your search.' : 'No orders yet.'}
        >
          <DataTable
            label="Orders"
            minWidth={720}
            verticalSpacing="sm"
            highlightOnHover
            columns={['Order', 'Location', 'Status', 'Progress', 'Ordered']}
          >
            {items.map((order) => (
              <Table.Tr
                key={order.id}
                data-order-id={order.id}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(order.id)}
              >
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    ta="left"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(order.id);
                    }}
                  >
                    {order.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.location}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <OrderStatusBadge status={order.displayStatus} />
                    {order.windowsToPick > 0 ? (
                      <Badge color="yellow" variant="light" radius="sm">
                        Pick a window
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td miw={120}>
                  <Progress
                    value={order.progress.percent}
                    size="sm"
                    radius="xl"
                    aria-label={`Progress of ${order.title}`}
                  />
                </Table.Td>
                <Table.Td>{formatDate(order.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {orders.hasNextPage ? (
            <Center>
              <Button variant="default" loading={orders.isFetchingNextPage} onClick={() => orders.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          ) : null}
          {orders.isFetchNextPageError ? (
            <Text c="red" size="sm" role="alert" ta="center">
              Could not load more orders. Please try again.
            </Text>
          ) : null}
        </ListState>
      </Stack>
    </Paper>
  );
}
