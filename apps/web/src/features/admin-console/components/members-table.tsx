import { Table, Text } from '@mantine/core';
import type { TAdminMember } from '@spacecapture/shared/contracts/admin-console/organizations';
import { formatDate } from '@spacecapture/shared/format';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { humanize } from '../utils/format.ts';

/** An organisation's members: name, e-mail, role and when they joined. */
export function MembersTable({ members }: { members: readonly TAdminMember[] }) {
  if (members.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No members yet.
      </Text>
    );
  }
  return (
    <DataTable label="Members" minWidth={560} verticalSpacing="xs" columns={['Name', 'Email', 'Role', 'Joined']}>
      {members.map((member) => (
        <Table.Tr key={member.userId}>
          <Table.Td>{member.name ?? '—'}</Table.Td>
          <Table.Td>{member.email}</Table.Td>
          <Table.Td>{humanize(member.role)}</Table.Td>
          <Table.Td>{formatDate(member.joinedAt)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
