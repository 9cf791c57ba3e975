/**
 * The parts of the File System Access API the upload queue uses (Chromium only; the DOM types do
 * not declare them yet). Every use checks that the browser has them.
 */

type TPermissionHandle = FileSystemFileHandle & {
  queryPermission?: (descriptor: { mode: 'read' }) => Promise<PermissionState>;
  requestPermission?: (descriptor: { mode: 'read' }) => Promise<PermissionState>;
};

type TPickerWindow = Window & {
  showOpenFilePicker?: (options: { multiple: boolean }) => Promise<FileSystemFileHandle[]>;
};

/** A file with the handle it came from, when the browser gave one. */
export type TChosenFile = { file: File; handle: FileSystemFileHandle | null };

export function hasFilePicker() {
  return typeof window !== 'undefined' && typeof (window as TPickerWindow).showOpenFilePicker === 'function';
}

/** The browser's file picker with handles; null when the visitor closed it without choosing. */
export async function pickFiles(): Promise<TChosenFile[] | null> {
  try {
    const handles = await (
      (window as TPickerWindow).showOpenFilePicker as NonNullable<TPickerWindow['showOpenFilePicker']>
    )({
      multiple: true,
    });
    return Promise.all(handles.map(async (handle) => ({ file: await handle.getFile(), handle })));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}

/**
 * The files of a drop, with their handles where the browser gives them. Every item's handle is
 * asked for before the first wait: the drop's data is readable only during the event.
 */
export async function droppedFiles(transfer: DataTransfer): Promise<TChosenFile[]> {
  const items = Array.from(transfer.items).filter((item) => item.kind === 'file');
  const pending = items.map((item) => {
    const withHandle = item as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
    const file = item.getAsFile();
    const handle = withHandle.getAsFileSystemHandle?.().catch(() => null) ?? Promise.resolve(null);
    return { file, handle };
  });
  const chosen: TChosenFile[] = [];
  for (const { file, handle } of pending) {
    const found = await handle;
    // A dropped folder has a directory handle and no file: it is left out.
    if (found && found.kind === 'file') {
      chosen.push({
        file: file ?? (await (found as FileSystemFileHandle).getFile()),
        handle: found as FileSystemFileHandle,
      });
    } else if (file && !found) chosen.push({ file, handle: null });
  }
  return chosen;
}

/** Whether the page may read the handle's file now, may ask (needs a click), or may not. */
export async function permissionOf(handle: FileSystemFileHandle): Promise<PermissionState> {
  const query = (handle as TPermissionHandle).queryPermission;
  return query ? query.call(handle, { mode: 'read' }) : 'granted';
}

/** Asks the visitor again for the handle's file (only from a click). */
export async function requestPermissionOf(handle: FileSystemFileHandle): Promise<PermissionState> {
  const request = (handle as TPermissionHandle).requestPermission;
  return request ? request.call(handle, { mode: 'read' }) : 'granted';
}
