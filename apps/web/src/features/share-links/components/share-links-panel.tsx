import { Badge, Button, Group, List, Modal, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  DEFAULT_SHARE_LINK_EXPIRY_DAYS,
  SHARE_LINK_EXPIRY_DAYS,
  SHARE_LINK_MESSAGES,
  SHARE_LINK_PRESENTATION_LABELS,
  SHARE_LINK_PRESENTATIONS,
  type TShareLink,
  type TShareLinkExpiryDays,
  type TShareLinkPresentation,
} from '@spacecapture/shared/contracts/share-links';
import { formatDateTime } from '@spacecapture/shared/format';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { ConfirmRevokeDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ShownOnceSecret } from '../../../components/ui/shown-once-secret.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateShareLink } from '../api/create-share-link.ts';
import { useShareLinks } from '../api/get-share-links.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';
import type { TShareSubject } from '../api/share-link-keys.ts';
import { useUpdateShareLink, useUpdateShareLinkPresentation } from '../api/update-share-link.ts';

const STATUS_COLOURS = { active: 'green', expired: 'gray', revoked: 'red' } as const;
const EXPIRY_CHOICES = SHARE_LINK_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));
const PRESENTATION_SHORT: Record<TShareLinkPresentation, string> = { unbranded: 'Unbranded', branded: 'Branded' };
const PRESENTATION_CHOICES = SHARE_LINK_PRESENTATIONS.map((value) => ({
  value,
  label: SHARE_LINK_PRESENTATION_LABELS[value],
}));

function failed(error: unknown) {
  notifyError({ title: SHARE_LINK_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
}

/** The iframe a site pastes to show a link's embed page (decision 224). */
export function embedCodeOf(shareUrl: string) {
  const src = shareUrl.replace('/share/', '/embed/');
  return `<iframe src="${src}" width="100%" height="640" style="border:0" allow="fullscreen" loading="lazy"></iframe>`;
}

/** The sites a link's embed may be framed on, one per line (decision 224). */
function EmbedSitesForm({ subject, link, onDone }: { subject: TShareSubject; link: TShareLink; onDone: () => void }) {
  const update = useUpdateShareLink(subject);
  const [text, setText] = useState(link.embedOrigins.join('\n'));
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const embedOrigins = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    update.mutate(
      { id: link.id, change: { embedOrigins } },
      {
        onSuccess: () => {
          notifySuccess({ title: 'Embed sites saved', message: 'The embed now shows on these sites only.' });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, NETWORK_FALLBACK)),
      },
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Embed sites">
      <Stack gap="sm">
        <Text size="sm">
          The embed shows only on these sites; every other site is refused. Its code is shown with the link when the
          link is created; it is the link with /share/ turned into /embed/ in an iframe.
        </Text>
        <Textarea
          label="Sites, one per line"
          description="As https://example.com, with no path"
          autosize
          minRows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save sites
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the panel says of its subject: an order's files, or a property's (decision 237). */
const WORDING = {
  order: {
    intro:
      "A read-only link to this order's files for people without an account. It shows the order's title and files;",
    table: 'Share links of this order',
  },
  property: {
    intro:
      'A read-only link to the files of every order at this address for people without an account, grouped by order. Files of an order whose invoice waits for payment are held back until it is paid. It shows the town, never the address, and the files;',
    table: 'Share links of this property',
  },
} as const;

/**
 * The share links of an order (decision 137) or of a property (decision 237), for the
 * organisation's admins: create one with an expiry (the link is shown once), see each link's views,
 * daily visitors (decision 222), last view and opens per file, and revoke it.
 */
export function ShareLinksPanel({ subject }: { subject: TShareSubject }) {
  const wording = WORDING['orderId' in subject ? 'order' : 'property'];
  const links = useShareLinks(subject);
  const [expiry, setExpiry] = useState<TShareLinkExpiryDays>(DEFAULT_SHARE_LINK_EXPIRY_DAYS);
  const [presentation, setPresentation] = useState<TShareLinkPresentation>('unbranded');
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TShareLink | null>(null);
  const [embedding, setEmbedding] = useState<TShareLink | null>(null);
  const create = useCreateShareLink(subject, {
    onSuccess: (created) => {
      notifySuccess({ title: SHARE_LINK_MESSAGES.createdTitle, message: SHARE_LINK_MESSAGES.created });
      setCreatedUrl(created.url);
    },
  });
  const revoke = useRevokeShareLink(subject, {
    onSuccess: () => notifySuccess({ title: SHARE_LINK_MESSAGES.revokedTitle, message: SHARE_LINK_MESSAGES.revoked }),
  });
  const present = useUpdateShareLinkPresentation(subject);
  const items = links.data?.items ?? [];

  return (
    <Stack gap="sm" component="section" aria-label="Share links">
      <Title order={3} fz={18}>
        Share links
      </Title>
      <Text size="sm" c="dimmed">
        {wording.intro} a branded page adds your organization's logo, colour and contact (set on the Organization page),
        an unbranded page shows no name, logo or contact, as listing services require.
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
      {createdUrl ? (
        <Textarea
          readOnly
          label="Embed code"
          description="For a site listed under Embed sites: the embed is refused on every other site."
          value={embedCodeOf(createdUrl)}
          autosize
          onFocus={(event) => event.currentTarget.select()}
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
        <Select
          label="Page"
          data={PRESENTATION_CHOICES}
          value={presentation}
          onChange={(value) => value && setPresentation(value as TShareLinkPresentation)}
          allowDeselect={false}
          w={280}
        />
        <Button
          loading={create.isPending}
          onClick={() => create.mutate({ expiresInDays: expiry, presentation }, { onError: (error) => failed(error) })}
        >
          Create share link
        </Button>
      </Group>
      <ListState query={links} count={items.length} what="share links" empty={SHARE_LINK_MESSAGES.empty}>
        <DataTable
          label={wording.table}
          minWidth={1000}
          verticalSpacing="xs"
          columns={[
            'Created',
            'Expires',
            'Views',
            'Visitors',
            'Last view',
            'Opens per file',
            'Status',
            { hidden: 'Actions' },
          ]}
        >
          {items.map((link) => (
            <Table.Tr key={link.id}>
              <Table.Td>{formatDateTime(link.createdAt)}</Table.Td>
              <Table.Td>{formatDateTime(link.expiresAt)}</Table.Td>
              <Table.Td>{link.viewCount}</Table.Td>
              <Table.Td>{link.visitorCount}</Table.Td>
              <Table.Td>{link.lastViewedAt ? formatDateTime(link.lastViewedAt) : 'Never'}</Table.Td>
              <Table.Td>
                {link.fileOpens.length === 0 ? (
                  'None'
                ) : (
                  <List size="sm" listStyleType="none" aria-label="Opens per file">
                    {link.fileOpens.map((open) => (
                      <List.Item key={open.fileId}>
                        {open.fileName}: {open.opens}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
              <Table.Td>
                {link.status === 'active' ? (
                  <Select
                    aria-label="Page of this link"
                    size="xs"
                    w={150}
                    data={SHARE_LINK_PRESENTATIONS.map((value) => ({ value, label: PRESENTATION_SHORT[value] }))}
                    value={link.presentation}
                    allowDeselect={false}
                    disabled={present.isPending}
                    onChange={(value) =>
                      value &&
                      present.mutate(
                        { id: link.id, presentation: value as TShareLinkPresentation },
                        { onError: (error) => failed(error) },
                      )
                    }
                  />
                ) : (
                  PRESENTATION_SHORT[link.presentation]
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[link.status]} variant="light">
                  {link.status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {link.status === 'active' ? (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEmbedding(link)}>
                      Embed sites ({link.embedOrigins.length})
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setConfirming(link)}>
                      Revoke
                    </Button>
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
      <Modal
        opened={embedding !== null}
        onClose={() => setEmbedding(null)}
        title="Sites that may embed this link"
        size="lg"
        centered
      >
        {embedding ? (
          <EmbedSitesForm key={embedding.id} subject={subject} link={embedding} onDone={() => setEmbedding(null)} />
        ) : null}
      </Modal>
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
