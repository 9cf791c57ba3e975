import { Alert, Button, Center, Container, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { CUSTOMER_TOASTS } from '@spacecapture/shared/contracts/customer-portal';
import { SHARE_LINK_MESSAGES, type TSharedFile } from '@spacecapture/shared/contracts/share-links';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '@spacecapture/shared/format';
import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import { type ReactNode, useEffect, useState } from 'react';
import { FileThumbnail } from '../../../components/ui/file-thumbnail.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { startDownload } from '../../../lib/start-download.ts';
import { useCreateSharedDownloadLink } from '../api/create-shared-download-link.ts';
import { useSharedOrder } from '../api/get-shared-order.ts';

/** What a viewer gets: the file and a signed same-origin URL to its bytes (valid 300 seconds). */
export type TSharedViewerProps = {
  file: { id: string; name: string; sizeBytes: number; contentType?: string };
  url: string;
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

function SharedFileRow({
  token,
  file,
  renderViewer,
}: {
  token: string;
  file: TSharedFile;
  renderViewer: ((props: TSharedViewerProps) => ReactNode) | undefined;
}) {
  const createLink = useCreateSharedDownloadLink(token);
  const [viewing, setViewing] = useState<string | null>(null);
  const fail = (error: unknown) =>
    notifyError({ title: CUSTOMER_TOASTS.linkError, message: errorMessage(error, LINK_ERROR_FALLBACK) });
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
          {renderViewer ? (
            <Button
              size="xs"
              variant="default"
              aria-label={`View ${file.name}`}
              loading={createLink.isPending && viewing === null}
              onClick={() => createLink.mutate(file.id, { onSuccess: (link) => setViewing(link.url), onError: fail })}
            >
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
      {renderViewer ? (
        <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={file.name} size="xl" centered>
          {viewing ? renderViewer({ file: viewerFileOf(file), url: viewing }) : null}
        </Modal>
      ) : null}
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
 * with thumbnails and Download. `renderViewer` adds a View action per file that opens the viewer
 * in a dialog with a fresh signed URL.
 */
export function SharedOrderPage({
  token,
  renderViewer,
}: {
  token: string;
  renderViewer?: (props: TSharedViewerProps) => ReactNode;
}) {
  const shared = useSharedOrder(token);
  useNoIndex(shared.data ? `${shared.data.title} | ${PRODUCT_NAME}` : `Shared files | ${PRODUCT_NAME}`);
  const gone = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 410);
  return (
    <Container size="md" py="xl" component="main">
      <Stack gap="lg">
        <Text fw={700} c="dimmed">
          {PRODUCT_NAME}
        </Text>
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
            <Stack gap={4}>
              <Title order={1} fz={28}>
                {shared.data.title}
              </Title>
              <Text size="sm" c="dimmed">
                Shared read-only · available until {formatDateTime(shared.data.expiresAt)}
              </Text>
            </Stack>
            {shared.data.files.length === 0 ? (
              <Text c="dimmed">No files delivered yet.</Text>
            ) : (
              <Stack gap="sm" role="list" aria-label="Shared files">
                {shared.data.files.map((file) => (
                  <SharedFileRow key={file.id} token={token} file={file} renderViewer={renderViewer} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
