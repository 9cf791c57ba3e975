import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/**
 * A container in the document and a React root for each test of the file: made before the test,
 * unmounted (inside act, after `beforeUnmount`) and removed after it. Called after the file's own
 * hooks, it mounts after their set-up and unmounts before their clean-up. Tests read
 * `mount.container` and `mount.root`.
 */
export function mountPerTest(options: { beforeUnmount?: () => void } = {}) {
  const mount = {} as { container: HTMLDivElement; root: Root };
  beforeEach(() => {
    mount.container = document.createElement('div');
    document.body.append(mount.container);
    mount.root = createRoot(mount.container);
  });
  afterEach(() => {
    act(() => {
      options.beforeUnmount?.();
      mount.root.unmount();
    });
    mount.container.remove();
  });
  return mount;
}
