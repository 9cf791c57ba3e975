import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryQueueStorage, queueAction, setQueueStorage } from '../../../lib/offline/offline-queue.ts';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { OfflineActionsPanel } from './offline-actions-panel.tsx';

const USER = 'user-1';

describe('OfflineActionsPanel', () => {
  let online = false;
  beforeEach(async () => {
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    setQueueStorage(memoryQueueStorage());
    await queueAction({
      id: 'a',
      userId: USER,
      kind: 'accept',
      targetId: 'job-1',
      body: {},
      label: 'Accept: Office scan',
      queuedAt: '2026-12-06T10:00:00Z',
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists what waits for signal, then says what the server refused once the signal returns', async () => {
    const view = renderInPortal(<OfflineActionsPanel userId={USER} />, (call) =>
      call.url.endsWith('/accept')
        ? { status: 409, body: { error: { code: 'conflict', message: 'This offer has expired.' } } }
        : { status: 200, body: [] },
    );
    await waitFor(() => {
      expect(view.container.textContent).toContain('You are offline.');
      expect(view.container.querySelector('[aria-label="Waiting for signal"]')?.textContent).toContain(
        'Accept: Office scan',
      );
    });
    expect(view.calls).toEqual([]);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => {
      expect(view.container.querySelector('[aria-label="Not sent"]')?.textContent).toContain(
        'Accept: Office scan: This offer has expired.',
      );
    });
    expect(view.container.querySelector('[aria-label="Waiting for signal"]')).toBeNull();
    expect(view.container.textContent).not.toContain('You are offline.');
    view.unmount();
  });

  it('shows nothing when online with nothing waiting', async () => {
    online = true;
    setQueueStorage(memoryQueueStorage());
    const view = renderInPortal(<OfflineActionsPanel userId={USER} />, () => ({ status: 200, body: {} }));
    await act(async () => {});
    expect(view.container.querySelector('[role="region"], [role="status"]')).toBeNull();
    expect(view.container.textContent).not.toContain('offline');
    view.unmount();
  });
});
