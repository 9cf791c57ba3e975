import { Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  DEFAULT_SHARE_LINK_EXPIRY_DAYS,
  SHARE_LINK_EXPIRY_DAYS,
  SHARE_LINK_MESSAGES,
  type TShareLink,
  type TShareLinkExpiryDays,
} from '@spacecapture/shared/contracts/share-links';
import { formatDateTime } from '@spacecapture/shared/format';
import { useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { ConfirmRevokeDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ShownOnceSecret } from '../../../components/ui/shown-once-secret.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateShareLink } from '../api/create-share-link.ts';
import { useShareLinks } from '../api/get-share-links.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';

const STATUS_COLOURS = { active: 'green', expired: 'gray', revoked: 'red' } as const;
const EXPIRY_CHOICES = SHARE_LINK_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

function failed(error: unknown) {
  notifyError({ title: SHARE_LINK_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
}

/**
 * An order's share links (decision 137), for the organisation's admins: create one with an expiry
 * (the link is shown once), see each link's views and last view, and revoke it.
 */
export function ShareLinksPanel({ orderId }: { orderId: string }) {
  const links = useShareLinks(orderId);
  const [expiry, setExpiry] = useState<TShareLinkExpiryDays>(DEFAULT_SHARE_LINK_EXPIRY_DAYS);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TShareLink | null>(null);
  const create = useCreateShareLink(orderId, {
    onSuccess: (created) => {
      notifySuccess({ title: SHARE_LINK_MESSAGES.createdTitle, message: SHARE_LINK_MESSAGES.created });
      setCreatedUrl(created.url);
    },
  });
  const revoke = useRevokeShareLink(orderId, {
    onSuccess: () => notifySuccess({ title: SHARE_LINK_MESSAGES.revokedTitle, message: SHARE_LINK_MESSAGES.revoked }),
  });
  const items = links.data?.items ?? [];

  return (
    <Stack gap="sm" component="section" aria-label="Share links">
      <Title order={3} fz={18}>
        Share links
      </Title>
      <Text size="sm" c="dimmed">
        A read-only link to this order's files for people without an account. It shows the order's title and files,
        nothing else.
      </Text>
      {createdUrl ? (
        <ShownOnceSecret
          title="Your new share link"
          message={SHARE_LINK_MESSAGES.created}
          value={createdUrl}
          label="New share link"
          copyLabel="Copy link"
          doneLabel="Done"
          onDone={() => setCreatedUrl(null)}
        />
      ) : null}
      <Group gap="sm" align="flex-end">
        <Select
          label="Expires after"
          data={EXPIRY_CHOICES}
          value={String(expiry)}
          onChange={(value) => value && setExpiry(Number(value) as TShareLinkExpiryDays)}
          allowDeselect={false}
          w={160}
        />
        <Button
          loading={create.isPending}
          onClick={() => create.mutate({ expiresInDays: expiry }, { onError: (error) => failed(error) })}
        >
          Create share link
        </Button>
      </Group>
      <ListState query={links} count={items.length} what="share links" empty={SHARE_LINK_MESSAGES.empty}>
        <DataTable
          label="Share links of this order"
          minWidth={640}
          verticalSpacing="xs"
          columns={['Created', 'Expires', 'Views', 'Last view', 'Status', { hidden: 'Actions' }]}
        >
          {items.map((link) => (
            <Table.Tr key={link.id}>
              <Table.Td>{formatDateTime(link.createdAt)}</Table.Td>
              <Table.Td>{formatDateTime(link.expiresAt)}</Table.Td>
              <Table.Td>{link.viewCount}</Table.Td>
              <Table.Td>{link.lastViewedAt ? formatDateTime(link.lastViewedAt) : 'Never'}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[link.status]} variant="light">
                  {link.status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {link.status === 'active' ? (
                  <Button size="xs" variant="light" color="red" onClick={() => setConfirming(link)}>
                    Revoke
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
      <ConfirmRevokeDialog
        item={confirming}
        title="Revoke share link"
        confirmLabel="Revoke link"
        describe={() => SHARE_LINK_MESSAGES.confirmRevoke}
        revoke={revoke}
        onError={failed}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
