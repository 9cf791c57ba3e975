import type { TAssignmentQueueItem } from '@spacecapture/shared/contracts/admin-workflow';
import { quoteCurrencyMismatch } from '@spacecapture/shared/contracts/admin-workflow';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buttonNamed, clickAndSettle, renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { CreateQuoteForm } from './create-quote-form.tsx';

const ORDER_ID = '0d5b2b6e-8a51-4c34-9a64-3f7d6f1f2a10';

const ITEM: TAssignmentQueueItem = {
  order: {
    id: ORDER_ID,
    title: 'Virtual Tour — Commercial, Leeds',
    status: 'triage',
    location: 'Leeds',
    captureType: 'virtual-tour',
    preferredDates: null,
    customerOrg: { id: '44444444-4444-4444-8444-444444444444', name: 'Thames Estates' },
    currency: 'GBP',
    leadId: null,
    request: null,
    scheduledStart: null,
    scheduledEnd: null,
    place: null,
    preferredWindows: [],
    accessNotes: null,
    createdAt: '2026-05-01T08:00:00.000Z',
  },
  latestAssignment: null,
  latestProposal: null,
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

// The JSON box grows with its text and listens for web fonts, which jsdom does not have.
beforeAll(() => Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() }));
afterAll(() => Reflect.deleteProperty(document, 'fonts'));

function control(label: string) {
  const element = [...(view?.container.querySelectorAll('label') ?? [])].find((item) =>
    item.textContent?.startsWith(label),
  );
  return view?.container.querySelector<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>(
    `#${element?.htmlFor}`,
  );
}

function renderForm() {
  view = renderInPortal(<CreateQuoteForm />, (call) => {
    if (call.url.startsWith('/api/admin/assignments/queue')) {
      return { status: 200, body: { items: [ITEM], nextCursor: null } };
    }
    return { status: 500, body: {} };
  });
  return view;
}

async function chooseOrder() {
  await waitFor(() => expect(control('Order')?.options.length).toBe(2));
  act(() => {
    const select = control('Order')!;
    select.value = ORDER_ID;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the quote form’s currency', () => {
  it('is the chosen order’s, read-only, and the total is shown in it', async () => {
    renderForm();
    await chooseOrder();
    const currency = control('Currency')!;
    expect(currency.value).toBe('GBP');
    expect(currency.readOnly).toBe(true);
    expect(view?.container.textContent).toContain('Total: £1,500.00');
  });

  it('starts the pasted JSON in the order’s currency and refuses another before sending', async () => {
    renderForm();
    await chooseOrder();
    const toggle = control('Paste JSON')!;
    await act(async () => toggle.click());
    const json = control('Price breakdown (JSON)')!;
    expect(JSON.parse(json.value).currency).toBe('GBP');
    typeInto(json, JSON.stringify({ items: [{ label: 'Capture', amount: 900 }], currency: 'USD' }));
    await clickAndSettle(buttonNamed('Create Quote'));
    await waitFor(() => expect(view?.container.textContent).toContain(quoteCurrencyMismatch('GBP', 'USD')));
    expect(view?.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
