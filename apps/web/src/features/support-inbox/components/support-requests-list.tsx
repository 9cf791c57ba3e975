import { Anchor, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { SUPPORT_STATUS_LABELS } from '@spacecapture/shared/contracts/admin-console/support-requests';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useListParams, withParams } from '../../../lib/list-params.ts';
import { useSupportAssignees } from '../api/get-support-assignees.ts';
import { useSupportRequests } from '../api/get-support-requests.ts';
import { readSupportFilters } from './support-filters.ts';
import { SupportStatusBadge } from './support-status-badge.tsx';

/** Select options need a value of their own: "any" stands for no filter. */
const ANY = 'any';

const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...Object.entries(SUPPORT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** The support inbox: requests newest first, filtered by status and assignee (kept in the URL). */
export function SupportRequestsList() {
  const { params, update } = useListParams();
  const filters = readSupportFilters(params);
  const requests = useSupportRequests(filters);
  const assignees = useSupportAssignees();
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const assigneeOptions = [
    { value: ANY, label: 'Anyone' },
    { value: 'me', label: 'Assigned to me' },
    { value: 'none', label: 'Unassigned' },
    ...(assignees.data?.items ?? []).map((admin) => ({ value: admin.userId, label: admin.name || admin.email || '' })),
  ];
  const filtered = filters.status !== '' || filters.assignee !== '';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={2} fz={20}>
            Support requests
          </Title>
          <Group gap="sm" align="flex-end">
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={filters.status || ANY}
              allowDeselect={false}
              onChange={(value) => update({ status: value === ANY ? null : value }, { replace: true })}
              w={160}
            />
            <Select
              label="Assignee"
              data={assigneeOptions}
              value={filters.assignee || ANY}
              allowDeselect={false}
              onChange={(value) => update({ assignee: value === ANY ? null : value }, { replace: true })}
              w={200}
            />
          </Group>
        </Group>
        <ListState
          query={requests}
          count={items.length}
          what="support requests"
          empty={filtered ? 'No support requests match these filters.' : ADMIN_CONSOLE_MESSAGES.empty.supportRequests}
        >
          <DataTable
            label="Support requests"
            minWidth={860}
            verticalSpacing="sm"
            highlightOnHover
            columns={['Subject', 'Customer', 'Order', 'Status', 'Assignee', 'Replies', 'Received']}
          >
            {items.map((request) => (
              <Table.Tr key={request.id}>
                <Table.Td>
                  <Anchor
                    component={AppLink}
                    to={`${PORTAL_PATHS.admin.support}${withParams(params, { request: request.id })}`}
                  >
                    {request.subject}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {request.organization?.name ?? '—'}
                  {request.user?.email ? (
                    <Text size="xs" c="dimmed">
                      {request.user.email}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{request.order?.title ?? '—'}</Table.Td>
                <Table.Td>
                  <SupportStatusBadge status={request.status} />
                </Table.Td>
                <Table.Td>{request.assignee ? request.assignee.name || request.assignee.email : 'Unassigned'}</Table.Td>
                <Table.Td>{request.replyCount}</Table.Td>
                <Table.Td>{formatDateTime(request.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListState>
        <LoadMore query={requests} />
      </Stack>
    </Paper>
  );
}
