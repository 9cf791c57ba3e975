import { API_KEY_MESSAGES } from '@spacecapture/shared/contracts/api-keys';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { ApiKeysPanel } from './api-keys-panel.tsx';

const BASE = '/api/customer/api-keys';
const KEY = {
  id: '0b7c5a3e-2f4d-4e6a-9b8c-1d2e3f4a5b6c',
  name: 'Warehouse sync',
  prefix: 'sck_ab12cd34_',
  scopes: ['orders:read'],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'active',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function button(name: string) {
  return [...document.body.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
}

describe('ApiKeysPanel', () => {
  it('asks before revoking a key, names it, then revokes that key by its id', async () => {
    let revoked = false;
    view = renderInPortal(<ApiKeysPanel basePath={BASE} />, (call) => {
      if (call.method === 'POST' && call.url === `${BASE}/${KEY.id}/revoke`) {
        revoked = true;
        return { status: 200, body: { ...KEY, status: 'revoked', revokedAt: '2026-11-28T10:00:00.000Z' } };
      }
      return { status: 200, body: { items: [revoked ? { ...KEY, status: 'revoked' } : KEY] } };
    });
    await waitFor(() => expect(button(`Revoke ${KEY.name}`)).toBeDefined());
    act(() => button(`Revoke ${KEY.name}`)?.click());
    await waitFor(() => expect(document.body.textContent).toContain(API_KEY_MESSAGES.confirmRevoke(KEY.name)));
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
    act(() => button('Revoke key')?.click());
    await waitFor(() => expect(revoked).toBe(true));
    // The dialog closes and the list, read again, no longer offers to revoke the key.
    await waitFor(() => expect(button(`Revoke ${KEY.name}`)).toBeUndefined());
    await waitFor(() => expect(document.body.textContent).not.toContain(API_KEY_MESSAGES.confirmRevoke(KEY.name)));
  });
});
