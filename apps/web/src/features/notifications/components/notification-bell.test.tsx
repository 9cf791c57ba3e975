import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { NotificationBell } from './notification-bell.tsx';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const NOTIFICATION = {
  id: '8f6d2c1e-4b7a-4e2f-9c3d-1a2b3c4d5e6f',
  eventType: 'quote_sent',
  title: 'A quote is waiting',
  body: 'Your quote for 12 Market Street is ready.',
  link: '/customer/quotes',
  createdAt: '2026-12-01T09:00:00.000Z',
  readAt: null,
};

function renderBell() {
  view = renderInPortal(<NotificationBell />, (call) => {
    if (call.url === '/api/notifications/unread-count') return { status: 200, body: { unreadCount: 3 } };
    if (call.url.startsWith('/api/notifications?')) {
      return { status: 200, body: { items: [NOTIFICATION], nextCursor: null, unreadCount: 3 } };
    }
    return { status: 404, body: {} };
  });
}

const bell = () => document.querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]');

describe('the notification bell', () => {
  it('puts the popup’s state on its button only, never on the count around it', async () => {
    renderBell();
    await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(document.body.textContent).toContain('3');
    const withPopupState = () => [...document.querySelectorAll('[aria-expanded], [aria-haspopup]')];
    expect(withPopupState()).toEqual([bell()]);
    expect(bell()?.getAttribute('aria-expanded')).toBe('false');

    await act(async () => bell()?.click());
    await waitFor(() => expect(document.body.textContent).toContain('A quote is waiting'));
    expect(bell()?.getAttribute('aria-expanded')).toBe('true');
    expect(withPopupState()).toEqual([bell()]);
    const markRead = document.querySelector<HTMLButtonElement>('button[aria-label="Mark read: A quote is waiting"]');
    // The label is never squeezed to "Mark" by a long title beside it.
    expect(markRead?.style.flexShrink).toBe('0');
  });
});
