import { Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { TChosenFile } from '../lib/file-system-access.ts';
import type { TQueuedUpload } from '../lib/use-upload-queue.ts';

const STATUS_TEXT: Record<TQueuedUpload['status'], string> = {
  preparing: 'Preparing…',
  uploading: 'Uploading',
  retrying: 'Connection lost, retrying…',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
  'needs-permission': 'Interrupted: allow the browser to read the file again to continue',
  'needs-file': 'Interrupted: choose the same file again to continue',
};

/** Red text that keeps its contrast in both colour schemes. */
const ERROR_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';

type TUploadQueueProps = {
  items: TQueuedUpload[];
  onPause: (id: string) => void;
  onResume: (id: string) => void;
  onRemove: (item: TQueuedUpload) => Promise<void>;
  onGrant: (id: string) => void;
  onProvide: (id: string, chosen: TChosenFile) => void;
};

/**
 * Each file being uploaded: its progress, its state, Pause/Resume and Remove; and the uploads an
 * earlier visit left unfinished, with what continues them (decision 219).
 */
export function UploadQueue({ items, onPause, onResume, onRemove, onGrant, onProvide }: TUploadQueueProps) {
  const [removing, setRemoving] = useState<TQueuedUpload | null>(null);
  const [busy, setBusy] = useState(false);
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="Uploads in progress" role="list">
      {items.map((item) => {
        const percent = item.bytesTotal > 0 ? Math.floor((item.bytesSent / item.bytesTotal) * 100) : 0;
        const canPause = item.status === 'uploading' || item.status === 'retrying';
        const unfinished = item.status !== 'done' && item.status !== 'failed';
        return (
          <Paper key={item.id} withBorder radius="md" p="sm" role="listitem" aria-label={item.fileName}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                  {item.fileName}
                </Text>
                <Text
                  size="xs"
                  c={item.status === 'failed' ? undefined : 'dimmed'}
                  style={item.status === 'failed' ? { color: ERROR_COLOR } : undefined}
                  data-testid="upload-status"
                >
                  {STATUS_TEXT[item.status]}
                  {item.status === 'failed' && item.error ? `: ${item.error}` : ''}
                  {item.status !== 'failed'
                    ? ` · ${formatFileSize(item.bytesSent)} of ${formatFileSize(item.bytesTotal)}`
                    : ''}
                  {item.resumedFrom > 0 ? ` · resumed from ${formatFileSize(item.resumedFrom)}` : ''}
                </Text>
                {item.status !== 'failed' && item.error ? (
                  <Text size="xs" style={{ color: ERROR_COLOR }} role="status">
                    {item.error}
                  </Text>
                ) : null}
              </div>
              <Group gap="xs" wrap="wrap">
                {canPause ? (
                  <Button size="xs" variant="light" onClick={() => onPause(item.id)}>
                    Pause
                  </Button>
                ) : null}
                {item.status === 'paused' ? (
                  <Button size="xs" variant="light" onClick={() => onResume(item.id)}>
                    Resume
                  </Button>
                ) : null}
                {item.status === 'needs-permission' ? (
                  <Button size="xs" variant="light" onClick={() => onGrant(item.id)}>
                    Continue
                  </Button>
                ) : null}
                {item.status === 'needs-file' ? (
                  <FileButton onChange={(file) => file && onProvide(item.id, { file, handle: null })}>
                    {(props) => (
                      <Button size="xs" variant="light" {...props} aria-label={`Choose ${item.fileName} again`}>
                        Choose file
                      </Button>
                    )}
                  </FileButton>
                ) : null}
                {unfinished ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(item)}
                    aria-label={`Remove ${item.fileName}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Group>
            </Group>
            <Progress
              mt="xs"
              value={percent}
              color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : 'brand'}
              aria-label={`${item.fileName} progress`}
              aria-valuenow={percent}
              animated={item.status === 'uploading'}
            />
          </Paper>
        );
      })}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this upload?"
        confirmLabel="Remove upload"
        loading={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          setBusy(true);
          void onRemove(removing).finally(() => {
            setBusy(false);
            setRemoving(null);
          });
        }}
      >
        {removing
          ? `The part of ${removing.fileName} already sent is deleted from the server; to add the file later, upload it again.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
