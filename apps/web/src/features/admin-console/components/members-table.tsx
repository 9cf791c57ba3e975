import { Table, Text } from '@mantine/core';
import type { TAdminMember } from '@spacecapture/shared/contracts/admin-console';
import { formatDate } from '../../../lib/format-date.ts';
import { humanize } from '../utils/format.ts';

/** An organisation's members: name, e-mail, role and when they joined. */
export function MembersTable({ members }: { members: readonly TAdminMember[] }) {
  if (members.length === 0) {
    return (
      <Text c="gray.7" size="sm">
        No members yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.userId}>
              <Table.Td>{member.name ?? '—'}</Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{humanize(member.role)}</Table.Td>
              <Table.Td>{formatDate(member.joinedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
