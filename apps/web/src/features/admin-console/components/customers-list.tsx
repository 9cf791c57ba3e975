import { Anchor, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { formatDate } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { SearchBox } from '../../../components/portal/search-box.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useListParams, withParams } from '../../../lib/list-params.ts';
import { useCustomers } from '../api/get-organizations.ts';
import { readOrganizationFilters } from '../utils/list-filters.ts';
import { ConsoleStatusBadge } from './console-status-badge.tsx';

/** Customer organisations, newest first, searchable by name (spec 001 §2 /admin/customers). */
export function CustomersList() {
  const { params, update } = useListParams();
  const filters = readOrganizationFilters(params);
  const customers = useCustomers(filters);
  const items = customers.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={2} fz={20}>
            Customer organizations
          </Title>
          <SearchBox
            label="Search customers"
            placeholder="Organization name"
            value={filters.q}
            onSearch={(q) => update({ q }, { replace: true })}
          />
        </Group>
        <ListState
          query={customers}
          count={items.length}
          what="customers"
          empty={filters.q ? 'No customers match this search.' : ADMIN_CONSOLE_MESSAGES.empty.customers}
        >
          <DataTable
            label="Customers"
            minWidth={760}
            verticalSpacing="sm"
            highlightOnHover
            columns={['Name', 'Status', 'Members', 'Orders', 'Last order', 'Created']}
          >
            {items.map((customer) => (
              <Table.Tr key={customer.id}>
                <Table.Td>
                  <Anchor
                    component={AppLink}
                    to={`${PORTAL_PATHS.admin.customers}${withParams(params, { customer: customer.id })}`}
                  >
                    {customer.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <ConsoleStatusBadge status={customer.status} />
                </Table.Td>
                <Table.Td>{customer.membersCount}</Table.Td>
                <Table.Td>{customer.ordersCount}</Table.Td>
                <Table.Td>{customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'}</Table.Td>
                <Table.Td>{formatDate(customer.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListState>
        <LoadMore query={customers} />
      </Stack>
    </Paper>
  );
}
