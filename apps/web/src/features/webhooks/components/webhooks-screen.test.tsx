import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { WebhooksScreen } from './webhooks-screen.tsx';

const ENDPOINT = {
  id: '00000000-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/in',
  description: null,
  events: ['order.created'],
  disabledAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** The whole screen renders at each step: on a busy machine a step may take seconds. */
const SLOW = 10_000;

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const editForm = () => view?.container.querySelector<HTMLFormElement>(`form[aria-label="Edit ${ENDPOINT.url}"]`);
const buttonNamed = (name: string, within: ParentNode | null | undefined = view?.container) =>
  [...(within?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (button) => button.textContent?.trim() === name,
  );
const checkboxLabelled = (label: string) =>
  [...(editForm()?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])].find(
    (input) => input.labels?.[0]?.textContent?.trim() === label,
  );
const patches = () => view?.calls.filter((call) => call.method === 'PATCH') ?? [];

function renderScreen(answer: (body: unknown) => { status: number; body: unknown }) {
  view = renderInPortal(<WebhooksScreen />, (call) => {
    if (call.method === 'PATCH') return answer(call.body);
    if (call.url === '/api/customer/webhooks') return { status: 200, body: { items: [ENDPOINT] } };
    if (call.url.includes('/deliveries')) return { status: 200, body: { items: [], nextCursor: null } };
    return { status: 404, body: {} };
  });
}

async function openEditForm() {
  await waitFor(() => expect(buttonNamed('Edit')).toBeDefined(), SLOW);
  await act(async () => buttonNamed('Edit')?.click());
  await waitFor(() => expect(editForm()).toBeTruthy(), SLOW);
}

describe('editing a webhook endpoint', () => {
  it('checks the URL and events as when adding, then saves URL, events and state together', async () => {
    renderScreen((body) => ({
      status: 200,
      body: { ...ENDPOINT, ...(body as object), disabledAt: '2026-03-02T10:00:00.000Z' },
    }));
    await openEditForm();
    const url = editForm()?.querySelector<HTMLInputElement>('input:not([type="checkbox"])') as HTMLInputElement;
    typeInto(url, 'not a url');
    await act(async () => checkboxLabelled('Order created')?.click());
    await act(async () => buttonNamed('Save endpoint', editForm())?.click());
    await waitFor(() => expect(editForm()?.textContent).toContain('Enter a valid URL starting with https://.'), SLOW);
    expect(editForm()?.textContent).toContain('Choose at least one event.');
    expect(patches()).toEqual([]);

    typeInto(url, 'https://hooks.example.com/v2');
    await act(async () => checkboxLabelled('Quote sent')?.click());
    await act(async () => checkboxLabelled('Active')?.click());
    await act(async () => buttonNamed('Save endpoint', editForm())?.click());
    await waitFor(() => expect(document.body.textContent).toContain('Endpoint saved'), SLOW);
    expect(patches()).toEqual([
      {
        url: `/api/customer/webhooks/${ENDPOINT.id}`,
        method: 'PATCH',
        body: { url: 'https://hooks.example.com/v2', events: ['quote.sent'], disabled: true },
      },
    ]);
    await waitFor(() => expect(editForm()).toBeFalsy(), SLOW);
  }, 30_000);

  it('shows the server’s refusal of an address beside the URL and keeps the form open', async () => {
    renderScreen(() => ({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Webhook URLs must point to a public address.',
          fields: { url: 'That address is private or reserved.' },
        },
      },
    }));
    await openEditForm();
    const url = editForm()?.querySelector<HTMLInputElement>('input:not([type="checkbox"])') as HTMLInputElement;
    typeInto(url, 'https://10.1.2.3/in');
    await act(async () => buttonNamed('Save endpoint', editForm())?.click());
    await waitFor(() => expect(editForm()?.textContent).toContain('That address is private or reserved.'), SLOW);
    expect(patches()).toHaveLength(1);
  }, 30_000);
});
