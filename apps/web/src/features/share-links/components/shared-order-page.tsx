import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CUSTOMER_TOASTS } from '@spacecapture/shared/contracts/customer-portal';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { SHARE_LINK_MESSAGES, type TSharedFile, type TSharedOrder } from '@spacecapture/shared/contracts/share-links';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDate, formatDateTime } from '@spacecapture/shared/format';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FileThumbnail } from '../../../components/ui/file-thumbnail.tsx';
import { TourLink } from '../../../components/ui/tour-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { startDownload } from '../../../lib/start-download.ts';
import { useCountTourOpen } from '../api/count-tour-open.ts';
import { useCreateSharedDownloadLink } from '../api/create-shared-download-link.ts';
import { useSharedOrder } from '../api/get-shared-order.ts';
import { useSharedTree } from '../api/get-shared-tree.ts';

/** What a viewer gets: the file and a signed same-origin URL to its bytes (valid 300 seconds). */
export type TSharedViewerProps = {
  file: { id: string; name: string; sizeBytes: number; contentType?: string };
  url: string;
  /** A point cloud's streaming tree (decision 245): the viewer streams it instead of the file once ready. */
  pointTree?: TPointTree | undefined;
};

const LINK_ERROR_FALLBACK = 'Could not create link';

/** A shared page must stay out of search engines: the server says so too (X-Robots-Tag). */
function useNoIndex(title: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    const previousTitle = document.title;
    document.title = title;
    return () => {
      meta.remove();
      document.title = previousTitle;
    };
  }, [title]);
}

function viewerFileOf(file: TSharedFile): TSharedViewerProps['file'] {
  return {
    id: file.id,
    name: file.name,
    sizeBytes: file.sizeBytes,
    ...(file.contentType ? { contentType: file.contentType } : {}),
  };
}

/** The viewer of one shared file, with its point cloud's tree read again while it is built. */
function SharedViewer({
  token,
  file,
  url,
  renderViewer,
}: {
  token: string;
  file: TSharedFile;
  url: string;
  renderViewer: (props: TSharedViewerProps) => ReactNode;
}) {
  const pointTree = useSharedTree(token, file.id, file.pointTree);
  return renderViewer({ file: viewerFileOf(file), url, pointTree });
}

const failLink = (error: unknown) =>
  notifyError({ title: CUSTOMER_TOASTS.linkError, message: errorMessage(error, LINK_ERROR_FALLBACK) });

function SharedFileRow({
  token,
  file,
  onView,
}: {
  token: string;
  file: TSharedFile;
  /** Shows the file in the page's viewer; absent when the page has none. */
  onView: ((file: TSharedFile) => void) | undefined;
}) {
  const createLink = useCreateSharedDownloadLink(token);
  const countOpen = useCountTourOpen(token);
  const fail = failLink;
  const { tour } = file;
  if (tour) {
    // A tour link (decision 233): framed or a new-tab link; nothing to download. Either counts an open.
    const opened = () => countOpen.mutate(file.id);
    return (
      <Paper withBorder radius="md" p="sm" role="listitem" aria-label={file.name}>
        <Stack gap="xs">
          <Stack gap={2}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed">
              Virtual tour
            </Text>
          </Stack>
          <TourLink title={file.name} tour={tour} onShown={opened} onOpen={opened} />
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={file.name}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <FileThumbnail fileName={file.name} thumbnailUrl={file.thumbnailUrl} size={64} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatFileSize(file.sizeBytes)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {onView ? (
            <Button size="xs" variant="default" aria-label={`View ${file.name}`} onClick={() => onView(file)}>
              View
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            aria-label={`Download ${file.name}`}
            loading={createLink.isPending}
            onClick={() =>
              createLink.mutate(file.id, { onSuccess: (link) => startDownload(link.url, file.name), onError: fail })
            }
          >
            Download
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function SharedFileList({
  token,
  label,
  files,
  onView,
}: {
  token: string;
  label: string;
  files: readonly TSharedFile[];
  onView: ((file: TSharedFile) => void) | undefined;
}) {
  return (
    <Stack gap="sm" role="list" aria-label={label}>
      {files.map((file) => (
        <SharedFileRow key={file.id} token={token} file={file} onView={onView} />
      ))}
    </Stack>
  );
}

type TBranding = NonNullable<TSharedOrder['branding']>;

/** A branded page's head: the organisation's colour as a band, its logo and name (decision 223). */
function BrandHeader({ branding }: { branding: TBranding }) {
  return (
    <Stack gap="sm" data-branding="branded">
      {branding.color ? <Box h={6} style={{ background: branding.color, borderRadius: 3 }} aria-hidden /> : null}
      <Group gap="sm" wrap="nowrap">
        {branding.logoUrl ? (
          <Image src={branding.logoUrl} alt={`${branding.organizationName} logo`} h={48} w="auto" fit="contain" />
        ) : null}
        <Text fw={700} size="lg">
          {branding.organizationName}
        </Text>
      </Group>
    </Stack>
  );
}

/** A branded page's contact, when the organisation gave one. */
function BrandContact({ branding }: { branding: TBranding }) {
  const { contactName, contactEmail, contactPhone } = branding;
  if (!contactName && !contactEmail && !contactPhone) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Contact">
      <Stack gap={4}>
        <Title order={2} fz={18}>
          Contact
        </Title>
        {contactName ? <Text>{contactName}</Text> : null}
        {contactEmail ? <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor> : null}
        {contactPhone ? <Anchor href={`tel:${contactPhone.replace(/[^+\d]/g, '')}`}>{contactPhone}</Anchor> : null}
      </Stack>
    </Paper>
  );
}

function Gone() {
  return (
    <Stack gap="sm" align="center" ta="center" py="xl" role="alert">
      <Title order={1} fz={26}>
        {SHARE_LINK_MESSAGES.gone}
      </Title>
      <Text c="dimmed">{SHARE_LINK_MESSAGES.goneDetail}</Text>
    </Stack>
  );
}

/**
 * The page a share link opens, without an account (decision 137): the order's title and its files
 * with thumbnails and Download (a property's link, decision 237: the address and its orders'
 * files under each order's title); on a branded link the organisation's colour, logo, name and
 * contact, on an unbranded one no name at all (decision 223). `renderViewer` adds a View action
 * per file that opens the viewer in the page, above the files, with a fresh signed URL; an embed
 * opens the first file at once (decision 224).
 */
export function SharedOrderPage({
  token,
  renderViewer,
  embedded = false,
}: {
  token: string;
  renderViewer?: (props: TSharedViewerProps) => ReactNode;
  /** The embed page (decision 224): the first file opens in the viewer at once. */
  embedded?: boolean;
}) {
  const shared = useSharedOrder(token);
  const viewLink = useCreateSharedDownloadLink(token);
  const [viewing, setViewing] = useState<{ file: TSharedFile; url: string } | null>(null);
  const view = (file: TSharedFile) =>
    viewLink.mutate(file.id, { onSuccess: (link) => setViewing({ file, url: link.url }), onError: failLink });
  // The embed opens the first file in the viewer; a tour link is framed in its own row instead.
  const first = shared.data?.files.find((file) => !file.tour);
  const autoOpened = useRef(false);
  useEffect(() => {
    if (!embedded || !renderViewer || !first || autoOpened.current) return;
    autoOpened.current = true;
    viewLink.mutate(first.id, { onSuccess: (link) => setViewing({ file: first, url: link.url }), onError: failLink });
  }, [embedded, renderViewer, first, viewLink]);
  const branding = shared.data?.branding ?? null;
  // An unbranded page names nobody, not even the platform, in its title either (decision 223).
  useNoIndex(
    shared.data
      ? branding
        ? `${shared.data.title} | ${branding.organizationName}`
        : shared.data.title
      : 'Shared files',
  );
  const gone = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 410);
  return (
    <Container size="md" py="xl" component="main">
      <Stack gap="lg">
        {branding ? <BrandHeader branding={branding} /> : null}
        {shared.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading the shared files" />
          </Center>
        ) : gone ? (
          <Gone />
        ) : shared.isError ? (
          <Alert color="red" title="The files could not be loaded">
            {errorMessage(shared.error, 'Please try again later.')}
          </Alert>
        ) : (
          <>
            <Group justify="space-between" align="flex-end" gap="sm">
              <Stack gap={4}>
                <Title order={1} fz={28}>
                  {shared.data.title}
                </Title>
                <Text size="sm" c="dimmed">
                  Shared read-only · available until {formatDateTime(shared.data.expiresAt)}
                </Text>
              </Stack>
              {shared.data.archiveUrl ? (
                // A plain link: the browser saves the zip itself, and can resume it by Range (decision 221).
                <Button component="a" href={shared.data.archiveUrl} download variant="filled">
                  {SHARE_LINK_MESSAGES.downloadAll}
                </Button>
              ) : null}
            </Group>
            {renderViewer && (viewing || viewLink.isPending) ? (
              <Paper
                withBorder
                radius="md"
                p="sm"
                component="section"
                aria-label={viewing ? `Viewing ${viewing.file.name}` : 'Viewer'}
              >
                {viewing ? (
                  <Stack gap="xs">
                    <Text fw={600} style={{ wordBreak: 'break-all' }}>
                      {viewing.file.name}
                    </Text>
                    {/* Keyed by file, so another file starts a fresh viewer. */}
                    <Box key={viewing.file.id}>
                      <SharedViewer token={token} file={viewing.file} url={viewing.url} renderViewer={renderViewer} />
                    </Box>
                  </Stack>
                ) : (
                  <Center py="xl">
                    <Loader aria-label="Opening the file" />
                  </Center>
                )}
              </Paper>
            ) : null}
            {shared.data.files.length === 0 ? (
              <Text c="dimmed">No files delivered yet.</Text>
            ) : shared.data.orders ? (
              // A property's link (decision 234): the files of each order under its title, newest order first.
              // Each group has a file (orders without one are left out): its first file names the group.
              shared.data.orders.map((group) => (
                <Stack
                  key={group.fileIds[0]}
                  gap="sm"
                  component="section"
                  aria-labelledby={`group-${group.fileIds[0]}`}
                >
                  <Stack gap={2}>
                    <Title order={2} fz={20} id={`group-${group.fileIds[0]}`}>
                      {group.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      Delivered {formatDate(group.deliveredAt)}
                    </Text>
                  </Stack>
                  <SharedFileList
                    token={token}
                    label={`Files of ${group.title}`}
                    files={group.fileIds.flatMap((id) => shared.data.files.filter((file) => file.id === id))}
                    onView={renderViewer ? view : undefined}
                  />
                </Stack>
              ))
            ) : (
              <SharedFileList
                token={token}
                label="Shared files"
                files={shared.data.files}
                onView={renderViewer ? view : undefined}
              />
            )}
            {branding ? <BrandContact branding={branding} /> : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
