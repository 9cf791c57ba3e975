import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@spacecapture/shared/file-size';
import type { TQueuedUpload } from '../lib/use-upload-queue.ts';

const STATUS_TEXT: Record<TQueuedUpload['status'], string> = {
  preparing: 'Preparing…',
  uploading: 'Uploading',
  retrying: 'Connection lost, retrying…',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
};

type TUploadQueueProps = {
  items: TQueuedUpload[];
  onPause: (id: string) => void;
  onResume: (id: string) => void;
};

/** Each file being uploaded: its progress, its state and Pause/Resume. */
export function UploadQueue({ items, onPause, onResume }: TUploadQueueProps) {
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="Uploads in progress" role="list">
      {items.map((item) => {
        const percent = item.bytesTotal > 0 ? Math.floor((item.bytesSent / item.bytesTotal) * 100) : 0;
        const canPause = item.status === 'uploading' || item.status === 'retrying';
        return (
          <Paper key={item.id} withBorder radius="md" p="sm" role="listitem" aria-label={item.fileName}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                  {item.fileName}
                </Text>
                <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} data-testid="upload-status">
                  {STATUS_TEXT[item.status]}
                  {item.status === 'failed' && item.error ? `: ${item.error}` : ''}
                  {item.status !== 'failed'
                    ? ` · ${formatFileSize(item.bytesSent)} of ${formatFileSize(item.bytesTotal)}`
                    : ''}
                  {item.resumedFrom > 0 ? ` · resumed from ${formatFileSize(item.resumedFrom)}` : ''}
                </Text>
              </div>
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
    </Stack>
  );
}
