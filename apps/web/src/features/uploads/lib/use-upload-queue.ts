import { UPLOAD_TOASTS } from '@spacecapture/shared/contracts/provider-uploads';
import { pieceBytesFor } from '@spacecapture/shared/upload-pieces';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { createFileHasher } from './file-hasher.ts';
import { permissionOf, requestPermissionOf, type TChosenFile } from './file-system-access.ts';
import { abandonEarlierUpload, startResumableUpload, type TResumableUpload } from './resumable-upload.ts';
import {
  removeStoredUpload,
  saveStoredUpload,
  storedUploads,
  type TStoredUpload,
  updateStoredUpload,
  uploadKeyOf,
} from './upload-store.ts';

type TQueuedUploadStatus =
  | 'preparing'
  | 'uploading'
  | 'retrying'
  | 'paused'
  | 'done'
  | 'failed'
  /** Left by an earlier visit; the browser asks before the page reads its file again. */
  | 'needs-permission'
  /** Left by an earlier visit without a handle: the provider chooses the file again. */
  | 'needs-file';

export type TQueuedUpload = {
  id: string;
  /** The upload's fingerprint: its entry in the stored queue and tus's key for its URL. */
  key: string;
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
 * The files being uploaded, each with its progress, Pause/Resume and Remove. Uploads run side by
 * side; each reports success or failure with the spec's toasts. The queue is kept in IndexedDB
 * (decision 219): opening the page again continues what was left, by the file's handle where the
 * browser keeps one, else once the provider chooses the same file.
 */
export function useUploadQueue(options: { onUploaded: (orderId: string) => void }) {
  const [items, setItems] = useState<TQueuedUpload[]>([]);
  const handles = useRef(new Map<string, TResumableUpload>());
  /** Stored entries waiting for a permission or a file, by item id. */
  const waiting = useRef(new Map<string, TStoredUpload>());
  /** Items paused by the provider: a piece read before the pause reports no progress after it. */
  const paused = useRef(new Set<string>());
  /** Fingerprints in the queue now, so an entry read back from storage is shown once. */
  const queued = useRef(new Set<string>());
  const onUploaded = useRef(options.onUploaded);
  onUploaded.current = options.onUploaded;

  const update = useCallback((id: string, change: Partial<TQueuedUpload>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  /** Sends the file (continuing what the server holds of it) under the item `id`. */
  const begin = useCallback(
    (id: string, entry: TStoredUpload, file: File) => {
      update(id, { status: 'preparing', error: null });
      startResumableUpload(
        entry.orderId,
        file,
        {
          onProgress: (bytesSent, bytesTotal) => {
            if (!paused.current.has(id)) update(id, { bytesSent, bytesTotal, status: 'uploading' });
          },
          onRetrying: () => {
            if (!paused.current.has(id)) update(id, { status: 'retrying' });
          },
          onFirstPiece: (sha256) => void updateStoredUpload(entry.key, { firstPieceSha256: sha256 }),
          onSuccess: () => {
            handles.current.delete(id);
            void removeStoredUpload(entry.key);
            update(id, { status: 'done', bytesSent: file.size });
            notifySuccess(UPLOAD_TOASTS.uploaded);
            onUploaded.current(entry.orderId);
          },
          onError: (message) => {
            handles.current.delete(id);
            // Refused for good (order closed, file damaged): nothing is left to resume.
            void removeStoredUpload(entry.key);
            update(id, { status: 'failed', error: message ?? UPLOAD_TOASTS.uploadFallback });
            notifyError({ title: UPLOAD_TOASTS.uploadFailed.title, message: message ?? UPLOAD_TOASTS.uploadFallback });
          },
        },
        { replaces: entry.replaces },
      )
        .then((handle) => {
          handles.current.set(id, handle);
          update(id, { resumedFrom: handle.resumedFrom, status: 'uploading' });
        })
        .catch(() => {
          update(id, { status: 'failed', error: UPLOAD_TOASTS.uploadFallback });
          notifyError({ title: UPLOAD_TOASTS.uploadFailed.title, message: UPLOAD_TOASTS.uploadFallback });
        });
    },
    [update],
  );

  const add = useCallback(
    (orderId: string, files: readonly TChosenFile[], addOptions: { replaces?: string } = {}) => {
      for (const { file, handle } of files) {
        nextId += 1;
        const id = `upload-${nextId}`;
        const entry: TStoredUpload = {
          key: uploadKeyOf(orderId, file),
          orderId,
          fileName: file.name,
          size: file.size,
          lastModified: file.lastModified,
          handle,
          replaces: addOptions.replaces ?? null,
          firstPieceSha256: null,
        };
        queued.current.add(entry.key);
        setItems((current) => [
          // The same file chosen again takes over its waiting entry.
          ...current.filter((item) => !(item.key === entry.key && isWaiting(item.status))),
          {
            id,
            key: entry.key,
            orderId,
            fileName: file.name,
            bytesSent: 0,
            bytesTotal: file.size,
            resumedFrom: 0,
            status: 'preparing',
            error: null,
          },
        ]);
        void saveStoredUpload(entry).then(() => begin(id, entry, file));
      }
    },
    [begin],
  );

  const pause = useCallback(
    (id: string) => {
      const handle = handles.current.get(id);
      if (!handle) return;
      paused.current.add(id);
      update(id, { status: 'paused' });
      void handle.pause();
    },
    [update],
  );

  const resume = useCallback(
    (id: string) => {
      const handle = handles.current.get(id);
      if (!handle) return;
      paused.current.delete(id);
      update(id, { status: 'uploading' });
      handle.resume();
    },
    [update],
  );

  /** Gives up an unfinished upload: the server's bytes, the stored entry and the item go. */
  const remove = useCallback(async (item: TQueuedUpload) => {
    const handle = handles.current.get(item.id);
    handles.current.delete(item.id);
    waiting.current.delete(item.id);
    if (handle) await handle.abandon();
    await abandonEarlierUpload(item.key);
    await removeStoredUpload(item.key);
    queued.current.delete(item.key);
    setItems((current) => current.filter((each) => each.id !== item.id));
  }, []);

  /** A waiting upload whose handle needs the browser's permission again: asked on a click. */
  const grant = useCallback(
    async (id: string) => {
      const entry = waiting.current.get(id);
      if (!entry?.handle) return;
      if ((await requestPermissionOf(entry.handle).catch(() => 'denied')) !== 'granted') {
        update(id, { status: 'needs-file' });
        return;
      }
      const file = await fileOfHandle(entry);
      if (!file) {
        update(id, { status: 'needs-file', error: 'The file has changed since; choose it again.' });
        return;
      }
      waiting.current.delete(id);
      begin(id, entry, file);
    },
    [begin, update],
  );

  /** A waiting upload's file chosen again: continued when it is the same file, else refused. */
  const provide = useCallback(
    async (id: string, chosen: TChosenFile) => {
      const entry = waiting.current.get(id);
      if (!entry) return;
      if (!(await isSameFile(entry, chosen.file))) {
        update(id, {
          error: `That is not ${entry.fileName} as it was (${entry.size} bytes); choose the same file.`,
        });
        return;
      }
      waiting.current.delete(id);
      const next = { ...entry, handle: chosen.handle ?? entry.handle };
      await saveStoredUpload(next);
      begin(id, next, chosen.file);
    },
    [begin, update],
  );

  // The queue left by an earlier visit: what the page may read again continues at once.
  useEffect(() => {
    let live = true;
    void storedUploads().then(async (entries) => {
      for (const entry of entries) {
        if (!live) return;
        nextId += 1;
        const id = `upload-${nextId}`;
        const permission = entry.handle ? await permissionOf(entry.handle).catch(() => 'denied' as const) : 'denied';
        const file = permission === 'granted' ? await fileOfHandle(entry) : null;
        if (!live || queued.current.has(entry.key)) continue;
        queued.current.add(entry.key);
        setItems((current) => [
          ...current,
          {
            id,
            key: entry.key,
            orderId: entry.orderId,
            fileName: entry.fileName,
            bytesSent: 0,
            bytesTotal: entry.size,
            resumedFrom: 0,
            status: file ? 'preparing' : permission === 'prompt' ? 'needs-permission' : 'needs-file',
            error: null,
          },
        ]);
        if (file) begin(id, entry, file);
        else waiting.current.set(id, entry);
      }
    });
    return () => {
      live = false;
    };
  }, [begin]);

  // Leaving the page stops the transfers; the queue stays stored, so they continue later.
  useEffect(() => {
    const current = handles.current;
    return () => {
      for (const handle of current.values()) void handle.pause();
    };
  }, []);

  return { items, add, pause, resume, remove, grant, provide };
}

export function isWaiting(status: TQueuedUploadStatus) {
  return status === 'needs-permission' || status === 'needs-file';
}

/** The handle's file when it is still the one the upload started with; else null. */
async function fileOfHandle(entry: TStoredUpload) {
  const file = await entry.handle?.getFile().catch(() => null);
  return file && file.size === entry.size && file.lastModified === entry.lastModified ? file : null;
}

/** Same name, size and last change, and (when it was read) the same first piece. */
async function isSameFile(entry: TStoredUpload, file: File) {
  if (file.name !== entry.fileName || file.size !== entry.size || file.lastModified !== entry.lastModified)
    return false;
  if (!entry.firstPieceSha256) return true;
  const hasher = createFileHasher(file);
  try {
    const first = await hasher.piece(0, Math.min(file.size, pieceBytesFor(file.size)));
    return first.piece === entry.firstPieceSha256;
  } finally {
    hasher.close();
  }
}
