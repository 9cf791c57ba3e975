import type { TOrder, TQuote } from '@spacecapture/shared/contracts/admin-workflow';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { CreateQuoteForm } from './create-quote-form.tsx';

const ORDER_ID = '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10';
const QUOTE_ID = '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11';
const ORG = { id: '9c1f0b6a-3c1d-4e3f-8d0e-4a4b6f1c2c55', name: 'Acme Holdings' };

const ORDER: TOrder = {
  id: ORDER_ID,
  title: 'Virtual Tour — Leeds',
  status: 'triage',
  location: 'Leeds',
  captureType: 'virtual-tour',
  preferredDates: null,
  customerOrg: ORG,
  leadId: null,
  request: null,
  scheduledStart: null,
  scheduledEnd: null,
  place: null,
  preferredWindows: [],
  accessNotes: null,
  currency: 'USD',
  createdAt: '2026-03-12T10:00:00.000Z',
};

const DRAFT: TQuote = {
  id: QUOTE_ID,
  orderId: ORDER_ID,
  order: { id: ORDER_ID, title: ORDER.title, status: 'triage', customerOrg: ORG },
  priceBreakdown: { items: [{ label: 'Capture', amount: 2000 }], currency: 'USD' },
  total: 2000,
  currency: 'USD',
  sla: 'Priority SLA',
  validityUntil: '2099-01-31T23:59:59.999Z',
  status: 'draft',
  sentAt: null,
  respondedAt: null,
  createdAt: '2026-03-12T10:00:00.000Z',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function server(prefillItems: { label: string; amount: number }[] | null) {
  return (call: { url: string; method: string }) => {
    if (call.url.startsWith('/api/admin/assignments/queue')) {
      return {
        status: 200,
        body: { items: [{ order: ORDER, latestAssignment: null, latestProposal: null }], nextCursor: null },
      };
    }
    if (call.url.startsWith('/api/admin/quotes/prefill')) {
      return { status: 200, body: { captureType: 'virtual-tour', spaceSize: 'medium', items: prefillItems } };
    }
    if (call.url.startsWith('/api/admin/quotes?')) return { status: 200, body: { items: [DRAFT], nextCursor: null } };
    if (call.method === 'POST') return { status: 201, body: { ...DRAFT, currency: 'USD' } };
    if (call.method === 'PATCH') return { status: 200, body: DRAFT };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  };
}

const input = (name: string) => {
  const found = document.querySelector<HTMLInputElement>(`[aria-label="${name}"]`);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const orderSelect = () => document.querySelector('select') as HTMLSelectElement;
function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const mutations = () => view?.calls.filter((call) => call.method !== 'GET') ?? [];

describe('CreateQuoteForm', () => {
  it("starts a new quote from the price book's items for the order, and is empty again after it is created", async () => {
    view = renderInPortal(
      <CreateQuoteForm />,
      server([
        { label: 'Capture', amount: 1800 },
        { label: 'Processing', amount: 650 },
      ]),
    );
    await waitFor(() => expect(orderSelect().options.length).toBe(2));
    choose(orderSelect(), ORDER_ID);
    await waitFor(() =>
      expect(pageText()).toContain('Prices from the price book for Virtual Tour, Medium (1,000-5,000 sq ft), in USD.'),
    );
    expect(view.calls.some((call) => call.url === `/api/admin/quotes/prefill?orderId=${ORDER_ID}&currency=USD`)).toBe(
      true,
    );
    expect(input('Item 1 amount').value).toBe('1800');
    expect(input('Item 2 amount').value).toBe('650');

    await clickAndSettle(buttonNamed('Create Quote'));
    await waitFor(() => expect(pageText()).toContain('Draft quote has been created.'));
    expect(mutations()[0]).toMatchObject({
      url: '/api/admin/quotes',
      body: {
        orderId: ORDER_ID,
        priceBreakdown: {
          items: [
            { label: 'Capture', amount: 1800 },
            { label: 'Processing', amount: 650 },
          ],
          currency: 'USD',
        },
      },
    });
    // Ready for the next quote: no order, the default items.
    await waitFor(() => expect(orderSelect().value).toBe(''));
    expect(input('Item 1 amount').value).toBe('1000');
    expect(input('Item 2 amount').value).toBe('500');
    expect(pageText()).not.toContain('Prices from the price book');
  });

  it('keeps the default items when the book has no price, and says so', async () => {
    view = renderInPortal(<CreateQuoteForm />, server(null));
    await waitFor(() => expect(orderSelect().options.length).toBe(2));
    choose(orderSelect(), ORDER_ID);
    await waitFor(() =>
      expect(pageText()).toContain(
        'The price book has no price in USD for Virtual Tour, Medium (1,000-5,000 sq ft); the items are the defaults.',
      ),
    );
    expect(input('Item 1 amount').value).toBe('1000');
  });

  it('edits the draft the address names and saves it with PATCH, then starts empty', async () => {
    view = renderInPortal(<CreateQuoteForm />, server(null), `/admin/quotes?edit=${QUOTE_ID}`);
    await waitFor(() => expect(pageText()).toContain('Edit draft quote'));
    await waitFor(() => expect(input('Item 1 amount').value).toBe('2000'));
    expect(orderSelect().disabled).toBe(true);
    typeInto(input('Item 1 label'), 'Capture and tour');
    await clickAndSettle(buttonNamed('Save changes'));
    await waitFor(() => expect(pageText()).toContain('The draft quote was saved.'));
    expect(mutations()).toEqual([
      {
        url: `/api/admin/quotes/${QUOTE_ID}`,
        method: 'PATCH',
        body: {
          priceBreakdown: { items: [{ label: 'Capture and tour', amount: 2000 }], currency: 'USD' },
          sla: 'Priority SLA',
          validityUntil: '2099-01-31',
        },
      },
    ]);
    await waitFor(() => expect(pageText()).toContain('Create quote'));
    expect(input('Item 1 label').value).toBe('Capture');
  });
});
