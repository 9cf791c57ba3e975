import { Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { adminConversation } from '../api/conversation-keys.ts';
import { type TInboxFilter, useAssignToMe, useInbox } from '../api/inbox.ts';
import { MessagesPanel } from './messages-panel.tsx';

const KIND_LABELS = { order_customer: 'Customer', assignment_provider: 'Provider' } as const;

/** /admin/inbox: every conversation with unread counts, filtered mine / unassigned / all. */
export function AdminInbox() {
  const [filter, setFilter] = useState<TInboxFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useInbox(filter);
  const assign = useAssignToMe();
  const profile = useProfile();
  const items = inbox.data?.items ?? [];
  return (
    <Stack>
      <SegmentedControl
        aria-label="Show conversations"
        value={filter}
        onChange={(value) => setFilter(value as TInboxFilter)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'mine', label: 'Mine' },
          { value: 'unassigned', label: 'Unassigned' },
        ]}
        w="fit-content"
      />
      {inbox.isPending ? null : items.length === 0 ? (
        <Text c="dimmed">No conversations.</Text>
      ) : (
        // The shared table: a card per conversation on a phone, never a page that scrolls sideways.
        <DataTable
          label="Conversations"
          minWidth={720}
          striped
          highlightOnHover
          columns={['Order', 'With', 'Assigned', 'Unread', { hidden: 'Actions' }]}
        >
          {items.map((item) => (
            <Table.Tr key={item.id} aria-label={`${item.orderTitle} (${KIND_LABELS[item.kind]})`}>
              <Table.Td>{item.orderTitle}</Table.Td>
              <Table.Td>
                {KIND_LABELS[item.kind]}: {item.organizationName}
              </Table.Td>
              <Table.Td>{item.assignedAdminName ?? 'Unassigned'}</Table.Td>
              <Table.Td>{item.unreadCount > 0 ? <Badge color="red">{item.unreadCount}</Badge> : '0'}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {item.assignedAdminId !== profile.user.id ? (
                    <Button
                      size="xs"
                      variant="light"
                      loading={assign.isPending && assign.variables === item.id}
                      onClick={() => assign.mutate(item.id)}
                    >
                      Assign to me
                    </Button>
                  ) : null}
                  <Button size="xs" onClick={() => setOpenId(openId === item.id ? null : item.id)}>
                    {openId === item.id ? 'Close' : 'Open'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {openId ? <MessagesPanel endpoint={adminConversation(openId)} /> : null}
    </Stack>
  );
}
