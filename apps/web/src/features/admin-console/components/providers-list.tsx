import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { formatDate } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { SearchBox } from '../../../components/portal/search-box.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useListParams, withParams } from '../../../lib/list-params.ts';
import { useProviders } from '../api/get-organizations.ts';
import { formatRate, regionsOf } from '../utils/format.ts';
import { readOrganizationFilters } from '../utils/list-filters.ts';
import { ConsoleStatusBadge } from './console-status-badge.tsx';

/** Provider organisations, newest first, searchable by name (spec 001 §2 /admin/providers). */
export function ProvidersList() {
  const { params, update } = useListParams();
  const filters = readOrganizationFilters(params);
  const providers = useProviders(filters);
  const items = providers.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={2} fz={20}>
            Provider organizations
          </Title>
          <SearchBox
            label="Search providers"
            placeholder="Organization name"
            value={filters.q}
            onSearch={(q) => update({ q }, { replace: true })}
          />
        </Group>
        <ListState
          query={providers}
          count={items.length}
          what="providers"
          empty={filters.q ? 'No providers match this search.' : ADMIN_CONSOLE_MESSAGES.empty.providers}
        >
          <DataTable
            label="Providers"
            minWidth={980}
            verticalSpacing="sm"
            highlightOnHover
            columns={[
              'Name',
              'Status',
              'Members',
              'Devices',
              'Certifications',
              'Regions',
              'Offers',
              'Acceptance',
              'Created',
            ]}
          >
            {items.map((provider) => {
              const pending = provider.certifications.filter((certification) => certification.status === 'pending');
              return (
                <Table.Tr key={provider.id}>
                  <Table.Td>
                    <Anchor
                      component={AppLink}
                      to={`${PORTAL_PATHS.admin.providers}${withParams(params, { provider: provider.id })}`}
                    >
                      {provider.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <ConsoleStatusBadge status={provider.status} />
                  </Table.Td>
                  <Table.Td>{provider.membersCount}</Table.Td>
                  <Table.Td>{provider.devices.map((device) => device.model).join(', ') || '—'}</Table.Td>
                  <Table.Td>
                    {provider.certifications.length}
                    {pending.length > 0 ? (
                      <Text span size="xs" c="yellow.9" ml={6}>
                        ({pending.length} pending)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{regionsOf(provider).join(', ') || 'n/a'}</Table.Td>
                  <Table.Td>{provider.offers.offers}</Table.Td>
                  <Table.Td>{formatRate(provider.offers.acceptanceRate)}</Table.Td>
                  <Table.Td>{formatDate(provider.createdAt)}</Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        </ListState>
        <LoadMore query={providers} />
      </Stack>
    </Paper>
  );
}
