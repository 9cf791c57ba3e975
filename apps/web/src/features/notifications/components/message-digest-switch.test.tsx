import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const digestSwitch = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
    input.labels?.[0]?.textContent?.includes('digest of new messages'),
  );

function renderCard(saved: { status: number; body: unknown }) {
  view = renderInPortal(<NotificationPreferencesCard />, (call) => {
    if (call.url === '/api/notifications/preferences') return { status: 200, body: { items: [] } };
    if (call.url === '/api/account/message-preferences') {
      return call.method === 'PUT' ? saved : { status: 200, body: { emailDigests: true } };
    }
    return { status: 404, body: {} };
  });
}

describe('the message digest switch on the account page', () => {
  it('shows the saved choice, turns digests off for this person, and says so', async () => {
    renderCard({ status: 200, body: { emailDigests: false } });
    await waitFor(() => expect(digestSwitch()?.checked).toBe(true));
    await act(async () => digestSwitch()?.click());
    await waitFor(() => expect(document.body.textContent).toContain('New messages will no longer be e-mailed to you.'));
    expect(view?.calls.find((call) => call.method === 'PUT')).toEqual({
      url: '/api/account/message-preferences',
      method: 'PUT',
      body: { emailDigests: false },
    });
    expect(digestSwitch()?.checked).toBe(false);
  });

  it('keeps the saved choice and shows the error when saving fails', async () => {
    renderCard({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } });
    await waitFor(() => expect(digestSwitch()?.checked).toBe(true));
    await act(async () => digestSwitch()?.click());
    await waitFor(() => expect(document.body.textContent).toContain('Failed'));
    await waitFor(() => expect(digestSwitch()?.checked).toBe(true));
  });
});
