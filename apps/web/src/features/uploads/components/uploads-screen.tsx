import { Alert, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { REVIEW_TOASTS } from '@spacecapture/shared/contracts/order-review';
import { type TUploadedFile, type TUploadTarget, UPLOAD_TOASTS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUploadTargets } from '../api/get-upload-targets.ts';
import { useUploadedFiles } from '../api/get-uploaded-files.ts';
import { useMarkDelivered } from '../api/mark-delivered.ts';
import { useRemoveFile } from '../api/remove-file.ts';
import { uploadKeys } from '../api/upload-keys.ts';
import type { TChosenFile } from '../lib/file-system-access.ts';
import { isWaiting, useUploadQueue } from '../lib/use-upload-queue.ts';
import { FileDropZone } from './file-drop-zone.tsx';
import { FilesList } from './files-list.tsx';
import { TourLinkForm } from './tour-link-form.tsx';
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
  const [files, setFiles] = useState<TChosenFile[]>([]);
  const [removing, setRemoving] = useState<TUploadedFile | null>(null);
  const [replacing, setReplacing] = useState<{ file: TUploadedFile; replacement: File } | null>(null);
  const removeFile = useRemoveFile({
    onSuccess: (removed) => {
      notifySuccess({ title: 'File removed', message: 'The file and its stored bytes are deleted.' });
      onOrderFilesChanged?.(removed.orderId);
    },
  });
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
  const waitingHere = queue.items.some((item) => item.orderId === orderId && isWaiting(item.status));
  const transferring = queue.items.some((item) => item.status === 'uploading' || item.status === 'retrying');

  // A file chosen in the served page before its script ran is the one to upload.
  useEffect(() => {
    const chosen = [...(fileInput.current?.files ?? [])];
    if (chosen.length > 0) setFiles(chosen.map((file) => ({ file, handle: null })));
  }, []);

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
          <FileDropZone
            id={fileInputId}
            ref={fileInput}
            label="Files"
            description="Point clouds, meshes, plans: any size."
            chosen={files.map((chosen) => chosen.file.name)}
            onChoose={setFiles}
          />
          {waitingHere ? (
            <Text size="sm" role="status">
              Unfinished uploads of this order are listed below: continue them, or choose the same file again.
            </Text>
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
          {selected ? (
            <TourLinkForm
              orderId={selected.orderId}
              disabled={!selectedOpen}
              onDelivered={() => onOrderFilesChanged?.(selected.orderId)}
            />
          ) : null}
        </Stack>
      </Paper>
      <UploadQueue
        items={queue.items}
        onPause={queue.pause}
        onResume={queue.resume}
        onRemove={queue.remove}
        onGrant={(id) => void queue.grant(id)}
        onProvide={(id, chosen) => void queue.provide(id, chosen)}
      />
      {orderId && selected && orderExtras ? orderExtras(orderId) : null}
      {orderId && selected ? (
        <FilesList
          title="Files of this order"
          query={orderFiles}
          empty="No files for this order yet."
          showOrder={false}
          onRemove={setRemoving}
          onReplace={(file, replacement) => setReplacing({ file, replacement })}
        />
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this file?"
        confirmLabel="Remove file"
        loading={removeFile.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          removeFile.mutate(removing.id, {
            onSettled: () => setRemoving(null),
            onError: (error) =>
              notifyError({ title: UPLOAD_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
          });
        }}
      >
        {removing
          ? `${removing.fileName} is deleted for good, before the customer has it delivered. This cannot be undone.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        opened={replacing !== null}
        title="Replace this file?"
        confirmLabel="Replace file"
        onCancel={() => setReplacing(null)}
        onConfirm={() => {
          if (!replacing || !selected) return;
          queue.add(selected.orderId, [{ file: replacing.replacement, handle: null }], {
            replaces: replacing.file.id,
          });
          setReplacing(null);
        }}
      >
        {replacing
          ? `${replacing.replacement.name} is uploaded in place of ${replacing.file.fileName}, which is deleted once the new file has arrived.`
          : ''}
      </ConfirmDialog>
      <FilesList title="Recent uploads" query={recent} empty="No uploads yet." showOrder />
    </Stack>
  );
}
