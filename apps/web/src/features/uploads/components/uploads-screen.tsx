import { Alert, Button, Group, Input, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { REVIEW_TOASTS } from '@spacecapture/shared/contracts/order-review';
import { type TUploadTarget, UPLOAD_TOASTS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUploadTargets } from '../api/get-upload-targets.ts';
import { useUploadedFiles } from '../api/get-uploaded-files.ts';
import { useMarkDelivered } from '../api/mark-delivered.ts';
import { uploadKeys } from '../api/upload-keys.ts';
import { unfinishedUploadsOf } from '../lib/resumable-upload.ts';
import { useUploadQueue } from '../lib/use-upload-queue.ts';
import { FilesList } from './files-list.tsx';
import { UploadQueue } from './upload-queue.tsx';

/**
 * Whether files may be added to the order now. The server says so in `uploadable`; a scheduled
 * order whose window starts while the page is open opens then too (decision 109).
 */
function isOpen(target: TUploadTarget, now: number) {
  if (target.uploadable) return true;
  return target.status === 'scheduled' && target.windowStart !== null && new Date(target.windowStart).getTime() <= now;
}

/** A scheduled order whose uploads open later, at its window's start. */
function opensLater(target: TUploadTarget, now: number) {
  return target.status === 'scheduled' && target.windowStart !== null && !isOpen(target, now);
}

function targetLabel(target: TUploadTarget, now: number) {
  const files = target.fileCount === 1 ? '1 file' : `${target.fileCount} files`;
  const opens = opensLater(target, now) ? ` · uploads open ${formatDateTime(target.windowStart as string)}` : '';
  return `${target.title} (${target.status}, ${files})${opens}`;
}

/**
 * Uploads (spec 001 /provider/uploads): choose an accepted assignment (?order= preselects it) and
 * files, upload them resumably with progress and Pause/Resume, then see the order's files and the
 * recent uploads; "Mark delivered" tells the customer the order is complete, and "Mark
 * re-delivered" that revised files answer their change request (decision 133). `orderExtras` is
 * what the page adds under the chosen order; `onOrderFilesChanged` hears of each finished upload
 * and delivery, for what it shows there.
 */
export function UploadsScreen({
  orderExtras,
  onOrderFilesChanged,
}: {
  orderExtras?: (orderId: string) => ReactNode;
  onOrderFilesChanged?: (orderId: string) => void;
} = {}) {
  const params = useQueryParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = params.get('order');
  const targets = useUploadTargets();
  const orderFiles = useUploadedFiles(orderId, { enabled: Boolean(orderId) });
  const recent = useUploadedFiles(null);
  // Which toast the success shows: set when the button is pressed (the order's status moves on).
  const redelivering = useRef(false);
  const markDelivered = useMarkDelivered({
    onSuccess: (_answer, deliveredId) => {
      notifySuccess(redelivering.current ? REVIEW_TOASTS.redelivered : UPLOAD_TOASTS.delivered);
      onOrderFilesChanged?.(deliveredId);
    },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [unfinished, setUnfinished] = useState<{ fileName: string; size: number }[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const queue = useUploadQueue({
    onUploaded: (uploadedTo) => {
      void queryClient.invalidateQueries({ queryKey: uploadKeys.all });
      onOrderFilesChanged?.(uploadedTo);
    },
  });

  const now = useNow();
  const items = targets.data?.items ?? [];
  const selected = items.find((target) => target.orderId === orderId) ?? null;
  const selectedOpen = selected ? isOpen(selected, now) : false;
  const pendingHere = queue.items.some(
    (item) => item.orderId === orderId && item.status !== 'done' && item.status !== 'failed',
  );

  const finishedCount = queue.items.filter((item) => item.status === 'done').length;
  const activeNames = new Set(
    queue.items.filter((item) => item.status !== 'done' && item.status !== 'failed').map((item) => item.fileName),
  );
  const leftBehind = unfinished.filter((entry) => !activeNames.has(entry.fileName));
  const transferring = queue.items.some((item) => item.status === 'uploading' || item.status === 'retrying');

  // Uploads of earlier visits to this order, read again whenever one here finishes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: finishedCount is the signal to read again
  useEffect(() => {
    let live = true;
    if (orderId) void unfinishedUploadsOf(orderId).then((found) => live && setUnfinished(found));
    else setUnfinished([]);
    return () => {
      live = false;
    };
  }, [orderId, finishedCount]);

  // Closing the tab mid-transfer loses nothing (it resumes), but the browser asks first.
  useEffect(() => {
    if (!transferring) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [transferring]);

  function chooseOrder(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set('order', value);
    else next.delete('order');
    const query = next.toString();
    navigate(`${PORTAL_PATHS.provider.uploads}${query ? `?${query}` : ''}`, { replace: true });
  }

  function startUploads() {
    if (!selected || !selectedOpen || files.length === 0) {
      notifyError(UPLOAD_TOASTS.selectOrderAndFile);
      return;
    }
    queue.add(selected.orderId, files);
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
  }

  function onMarkDelivered() {
    if (!selected) return;
    redelivering.current = selected.status === 'changes_requested';
    markDelivered.mutate(selected.orderId, {
      onError: (error) =>
        notifyError({ title: UPLOAD_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
    });
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {targets.isError ? (
            <QueryError error={targets.error} onRetry={() => targets.refetch()} what="your accepted assignments" />
          ) : (
            <NativeSelect
              label="Accepted assignment"
              description="Files can be added once the capture window has started."
              value={selected ? selected.orderId : ''}
              onChange={(event) => chooseOrder(event.currentTarget.value)}
              disabled={targets.isPending}
              data={[
                { value: '', label: targets.isPending ? 'Loading…' : 'Select an order' },
                ...items.map((target) => ({
                  value: target.orderId,
                  label: targetLabel(target, now),
                  // An order opening later can be chosen, to see when.
                  disabled: !isOpen(target, now) && !opensLater(target, now),
                })),
              ]}
            />
          )}
          {orderId && targets.isSuccess && !selected ? (
            <Alert color="yellow" title="Order not available">
              This order is not one of your accepted assignments.
            </Alert>
          ) : null}
          {selected && opensLater(selected, now) ? (
            <Alert color="yellow" title="Uploads not open yet">
              Files for this order can be uploaded, and the order marked delivered, once the capture window starts:{' '}
              {formatDateTime(selected.windowStart as string)}. If the capture happens earlier, ask the SpaceCapture
              team to open uploads.
            </Alert>
          ) : null}
          {selected?.openedEarly ? (
            <Alert color="blue" title="Uploads opened early">
              The SpaceCapture team opened uploads before the capture window on{' '}
              {formatDateTime(selected.openedEarly.at)}: {selected.openedEarly.reason}
            </Alert>
          ) : null}
          <Input.Wrapper label="Files" id={fileInputId} description="Point clouds, meshes, plans: any size.">
            <input
              id={fileInputId}
              ref={fileInput}
              type="file"
              multiple
              onChange={(event) => setFiles([...(event.currentTarget.files ?? [])])}
              style={{ display: 'block', marginTop: 6 }}
            />
          </Input.Wrapper>
          {leftBehind.length > 0 ? (
            <Alert color="blue" title="Unfinished uploads">
              <Text size="sm">
                {leftBehind.map((entry) => `${entry.fileName} (${formatFileSize(entry.size)})`).join(', ')}. Choose the
                same file again to continue where it stopped.
              </Text>
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={startUploads} disabled={Boolean(selected) && !selectedOpen}>
              Upload
            </Button>
            {selected ? (
              <Button
                variant="light"
                color="teal"
                onClick={onMarkDelivered}
                loading={markDelivered.isPending}
                disabled={
                  !selectedOpen ||
                  (selected.status !== 'captured' && selected.status !== 'changes_requested') ||
                  selected.fileCount === 0 ||
                  pendingHere
                }
              >
                {selected.status === 'changes_requested' ? 'Mark re-delivered' : 'Mark delivered'}
              </Button>
            ) : null}
          </Group>
          {selected?.status === 'delivered' ? (
            <Text size="sm" c="dimmed">
              This order is delivered. Files added now are still shared with the customer.
            </Text>
          ) : null}
          {selected?.status === 'changes_requested' ? (
            <Text size="sm" c="dimmed">
              The customer asked for changes. Upload the revised files, then mark the order re-delivered.
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <UploadQueue items={queue.items} onPause={queue.pause} onResume={queue.resume} />
      {orderId && selected && orderExtras ? orderExtras(orderId) : null}
      {orderId && selected ? (
        <FilesList
          title="Files of this order"
          query={orderFiles}
          empty="No files for this order yet."
          showOrder={false}
        />
      ) : null}
      <FilesList title="Recent uploads" query={recent} empty="No uploads yet." showOrder />
    </Stack>
  );
}
