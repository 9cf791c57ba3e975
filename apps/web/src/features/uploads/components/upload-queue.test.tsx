import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldRetryUpload } from '../lib/resumable-upload.ts';
import type { TQueuedUpload } from '../lib/use-upload-queue.ts';
import { UploadQueue } from './upload-queue.tsx';

const base: TQueuedUpload = {
  id: 'upload-1',
  key: 'spacecapture-upload:0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10:level-2.e57:4294967296:1',
  orderId: '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10',
  fileName: 'level-2.e57',
  bytesSent: 0,
  bytesTotal: 4 * 1024 ** 3,
  resumedFrom: 0,
  status: 'uploading',
  error: null,
};

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

function render(
  items: TQueuedUpload[],
  handlers = {
    onPause: vi.fn(),
    onResume: vi.fn(),
    onRemove: vi.fn(async () => undefined),
    onGrant: vi.fn(),
    onProvide: vi.fn(),
  },
) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <MantineProvider>
        <UploadQueue items={items} {...handlers} />
      </MantineProvider>,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);
  return { container, button, handlers };
}

describe('UploadQueue', () => {
  it('shows each file’s progress and offers Pause while it uploads', () => {
    const view = render([{ ...base, bytesSent: 1024 ** 3, resumedFrom: 250 * 1024 ** 2 }]);
    const status = view.container.querySelector('[data-testid="upload-status"]');
    expect(status?.textContent).toBe('Uploading · 1 GB of 4 GB · resumed from 250 MB');
    expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    act(() => view.button('Pause')?.click());
    expect(view.handlers.onPause).toHaveBeenCalledWith('upload-1');
    expect(view.button('Resume')).toBeUndefined();
    expect(view.button('Remove')).toBeDefined();
  });

  it('offers Continue for an upload whose file the browser must be allowed to read again', () => {
    const view = render([{ ...base, status: 'needs-permission' }]);
    expect(view.container.textContent).toContain('allow the browser to read the file again');
    act(() => view.button('Continue')?.click());
    expect(view.handlers.onGrant).toHaveBeenCalledWith('upload-1');
  });

  it('asks for the same file again when no handle was kept', () => {
    const view = render([{ ...base, status: 'needs-file' }]);
    expect(view.container.textContent).toContain('choose the same file again');
    expect(view.button('Choose file')?.getAttribute('aria-label')).toBe('Choose level-2.e57 again');
    expect(view.button('Pause')).toBeUndefined();
  });

  it('offers Resume once paused, and shows why a file failed without buttons', () => {
    const view = render([
      { ...base, status: 'paused', bytesSent: 2_000_000_000 },
      { ...base, id: 'upload-2', fileName: 'plan.pdf', status: 'failed', error: 'Order not found.' },
    ]);
    act(() => view.button('Resume')?.click());
    expect(view.handlers.onResume).toHaveBeenCalledWith('upload-1');
    expect(view.container.textContent).toContain('Failed: Order not found.');
    // Resume and Remove for the paused upload; nothing for the failed one.
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Resume', 'Remove']);
  });
});

describe('shouldRetryUpload', () => {
  const failure = (status: number | null, method = 'PATCH') =>
    ({
      originalRequest: { getMethod: () => method },
      originalResponse: status === null ? null : { getStatus: () => status },
    }) as unknown as Parameters<typeof shouldRetryUpload>[0];

  it('retries a lost connection, a busy or failing server, and a PATCH at a stale offset', () => {
    expect(shouldRetryUpload(failure(null))).toBe(true);
    expect(shouldRetryUpload(failure(503))).toBe(true);
    expect(shouldRetryUpload(failure(429))).toBe(true);
    expect(shouldRetryUpload(failure(409))).toBe(true);
    expect(shouldRetryUpload(failure(423))).toBe(true);
  });

  it('gives up on refusals: no right to the order, too large, wrong checksum, an order that cannot take files', () => {
    expect(shouldRetryUpload(failure(404))).toBe(false);
    expect(shouldRetryUpload(failure(403))).toBe(false);
    expect(shouldRetryUpload(failure(413, 'POST'))).toBe(false);
    expect(shouldRetryUpload(failure(460))).toBe(false);
    expect(shouldRetryUpload(failure(409, 'POST'))).toBe(false);
  });
});
