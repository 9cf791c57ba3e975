import { Button, Group, NativeSelect, Table, TextInput } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { OUTBOX_STATUSES, type TOutboxStatus } from '@spacecapture/shared/contracts/admin-console/outbox';
import { formatDateTime } from '@spacecapture/shared/format';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { type TOutboxFilters, useOutbox } from '../api/get-outbox.ts';
import { useUrlParams } from '../lib/use-url-params.ts';
import { OutboxEmailDetail } from './outbox-email-detail.tsx';
import { OutboxStatusBadge } from './outbox-status-badge.tsx';

const STATUS_LABELS: Record<TOutboxStatus, string> = {
  pending: 'Pending or retrying',
  sent: 'Sent',
  kept: 'Kept (no mail server)',
  failed: 'Failed',
};

function isOutboxStatus(value: string | null): value is TOutboxStatus {
  return OUTBOX_STATUSES.includes(value as TOutboxStatus);
}

function OutboxSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(initial);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSearch(q.trim());
  }
  return (
    <form onSubmit={onSubmit} aria-label="Search e-mails">
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Subject or recipient"
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}

/** The outbox view: every e-mail sent, kept, retrying or given up on, newest first; one opens in place. */
export function OutboxList() {
  const [params, setParams] = useUrlParams();
  const statusParam = params.get('status');
  const filters: TOutboxFilters = {
    status: isOutboxStatus(statusParam) ? statusParam : undefined,
    q: params.get('q')?.trim() || undefined,
  };
  const openId = params.get('email');
  const outbox = useOutbox(filters);
  const items = outbox.data?.pages.flatMap((page) => page.items) ?? [];

  if (openId) {
    return <OutboxEmailDetail id={openId} onBack={() => setParams((current) => current.delete('email'))} />;
  }

  const body = (
    <ListState
      query={outbox}
      count={items.length}
      what="the outbox"
      empty={filters.status || filters.q ? 'No e-mails match these filters.' : ADMIN_CONSOLE_MESSAGES.empty.outbox}
    >
      <DataTable
        label="E-mails"
        minWidth={900}
        verticalSpacing="sm"
        highlightOnHover
        columns={['Created', 'Recipient', 'Subject', 'Status', 'Attempts', 'Last error', { hidden: 'Actions' }]}
      >
        {items.map((email) => (
          <Table.Tr key={email.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.createdAt)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{email.to.join(', ')}</Table.Td>
            <Table.Td>{email.subject}</Table.Td>
            <Table.Td>
              <OutboxStatusBadge email={email} />
            </Table.Td>
            <Table.Td>{email.attempts}</Table.Td>
            <Table.Td c={email.lastError ? 'red' : 'dimmed'} fz="sm" style={{ wordBreak: 'break-word' }}>
              {email.lastError ?? '—'}
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                aria-label={`View e-mail ${email.subject} to ${email.to.join(', ')}`}
                onClick={() => setParams((current) => current.set('email', email.id))}
              >
                View
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </ListState>
  );

  return (
    <PortalSection title="E-mails">
      <Group gap="md" align="flex-end">
        <NativeSelect
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setParams((current) => (value ? current.set('status', value) : current.delete('status')));
          }}
          data={[
            { value: '', label: 'All' },
            ...OUTBOX_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
          ]}
        />
        <OutboxSearch
          key={filters.q ?? ''}
          initial={filters.q ?? ''}
          onSearch={(q) => setParams((current) => (q ? current.set('q', q) : current.delete('q')))}
        />
      </Group>
      {body}
      {outbox.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={() => outbox.fetchNextPage()} loading={outbox.isFetchingNextPage}>
            Show older e-mails
          </Button>
        </Group>
      ) : null}
    </PortalSection>
  );
}
