import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { CustomerWebhooks } from './customer-webhooks.tsx';

const ORG = '00000000-0000-4000-8000-0000000000aa';
const ENDPOINT = {
  id: '00000000-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/in',
  description: null,
  events: ['order.created'],
  disabledAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const DELIVERY = {
  id: '00000000-0000-4000-8000-000000000002',
  endpointId: ENDPOINT.id,
  event: 'order.created',
  status: 'failed',
  attempts: 8,
  nextAttemptAt: null,
  lastStatusCode: 503,
  lastError: 'Service unavailable',
  createdAt: '2026-03-01T11:00:00.000Z',
  deliveredAt: null,
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

describe('a customer’s webhooks in the admin console', () => {
  it('lists the endpoints and shows a delivery log on demand, with nothing to change', async () => {
    view = renderInPortal(<CustomerWebhooks customerOrgId={ORG} />, (call) => {
      if (call.url === `/api/admin/customers/${ORG}/webhooks`) return { status: 200, body: { items: [ENDPOINT] } };
      if (call.url.startsWith(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`)) {
        return { status: 200, body: { items: [DELIVERY], nextCursor: null } };
      }
      return { status: 404, body: {} };
    });
    await waitFor(() => expect(view?.container.textContent).toContain(ENDPOINT.url));
    const show = [...(view?.container.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === 'Show deliveries',
    );
    await act(async () => show?.click());
    await waitFor(() => expect(view?.container.textContent).toContain('503'));
    expect(view?.container.textContent).toContain('failed');
    expect([...(view?.container.querySelectorAll('button') ?? [])].map((button) => button.textContent)).toEqual([
      'Hide deliveries',
    ]);
    expect(view?.calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
