import { UPLOAD_TOASTS } from '@spacecapture/shared/contracts/provider-uploads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { startResumableUpload, type TResumableUpload } from './resumable-upload.ts';

type TQueuedUploadStatus = 'preparing' | 'uploading' | 'retrying' | 'paused' | 'done' | 'failed';

export type TQueuedUpload = {
  id: string;
  orderId: string;
  fileName: string;
  bytesSent: number;
  bytesTotal: number;
  resumedFrom: number;
  status: TQueuedUploadStatus;
  error: string | null;
};

let nextId = 0;

/**
 * The files being uploaded on this page, each with its progress and Pause/Resume. Uploads run
 * side by side; each reports success or failure with the spec's toasts.
 */
export function useUploadQueue(options: { onUploaded: (orderId: string) => void }) {
  const [items, setItems] = useState<TQueuedUpload[]>([]);
  const handles = useRef(new Map<string, TResumableUpload>());
  const onUploaded = useRef(options.onUploaded);
  onUploaded.current = options.onUploaded;

  const update = useCallback((id: string, change: Partial<TQueuedUpload>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (orderId: string, files: readonly File[]) => {
      for (const file of files) {
        nextId += 1;
        const id = `upload-${nextId}`;
        setItems((current) => [
          ...current,
          {
            id,
            orderId,
            fileName: file.name,
            bytesSent: 0,
            bytesTotal: file.size,
            resumedFrom: 0,
            status: 'preparing',
            error: null,
          },
        ]);
        startResumableUpload(orderId, file, {
          onProgress: (bytesSent, bytesTotal) => update(id, { bytesSent, bytesTotal, status: 'uploading' }),
          onRetrying: () => update(id, { status: 'retrying' }),
          onSuccess: () => {
            handles.current.delete(id);
            update(id, { status: 'done', bytesSent: file.size });
            notifySuccess(UPLOAD_TOASTS.uploaded);
            onUploaded.current(orderId);
          },
          onError: (message) => {
            handles.current.delete(id);
            update(id, { status: 'failed', error: message ?? UPLOAD_TOASTS.uploadFallback });
            notifyError({ title: UPLOAD_TOASTS.uploadFailed.title, message: message ?? UPLOAD_TOASTS.uploadFallback });
          },
        })
          .then((handle) => {
            handles.current.set(id, handle);
            update(id, { resumedFrom: handle.resumedFrom, status: 'uploading' });
          })
          .catch(() => {
            update(id, { status: 'failed', error: UPLOAD_TOASTS.uploadFallback });
            notifyError({ title: UPLOAD_TOASTS.uploadFailed.title, message: UPLOAD_TOASTS.uploadFallback });
          });
      }
    },
    [update],
  );

  const pause = useCallback(
    (id: string) => {
      const handle = handles.current.get(id);
      if (!handle) return;
      update(id, { status: 'paused' });
      void handle.pause();
    },
    [update],
  );

  const resume = useCallback(
    (id: string) => {
      const handle = handles.current.get(id);
      if (!handle) return;
      update(id, { status: 'uploading' });
      handle.resume();
    },
    [update],
  );

  // Leaving the page stops the transfers; their URLs stay stored, so they can be resumed later.
  useEffect(() => {
    const current = handles.current;
    return () => {
      for (const handle of current.values()) void handle.pause();
    };
  }, []);

  return { items, add, pause, resume };
}
