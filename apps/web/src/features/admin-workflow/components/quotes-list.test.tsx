import type { TQuote } from '@spacecapture/shared/contracts/admin-workflow';
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, clickAndSettle, pageText, renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { QuotesList } from './quotes-list.tsx';

const ORDER_ID = '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10';
const QUOTE_ID = '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11';
const ORG = { id: '9c1f0b6a-3c1d-4e3f-8d0e-4a4b6f1c2c55', name: 'Acme Holdings' };

const DRAFT: TQuote = {
  id: QUOTE_ID,
  orderId: ORDER_ID,
  order: { id: ORDER_ID, title: 'Virtual Tour — Leeds', status: 'triage', customerOrg: ORG },
  priceBreakdown: { items: [{ label: 'Capture', amount: 2000 }], currency: 'USD' },
  total: 2000,
  currency: 'USD',
  sla: null,
  validityUntil: null,
  status: 'draft',
  sentAt: null,
  respondedAt: null,
  createdAt: '2026-03-12T10:00:00.000Z',
};

const PREVIEW = {
  recipients: ['cara@acme.test', 'dan@acme.test'],
  subject: 'Quote sent: Virtual Tour — Leeds',
  intro: 'A quote is ready for your order. Sign in to the customer portal to accept or decline it.',
  rows: [
    { label: 'Capture', value: '$2,000.00' },
    { label: 'Total', value: '$2,000.00' },
  ],
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function server() {
  let current = DRAFT;
  return (call: { url: string; method: string }) => {
    if (call.url.endsWith('/preview')) return { status: 200, body: PREVIEW };
    if (call.url.endsWith('/send')) {
      current = { ...current, status: 'sent', sentAt: '2026-03-12T11:00:00.000Z' };
      return { status: 200, body: current };
    }
    return { status: 200, body: { items: [current], nextCursor: null } };
  };
}

const sends = () => view?.calls.filter((call) => call.method === 'POST') ?? [];

describe('QuotesList', () => {
  it('previews what Send will e-mail and to whom; Cancel sends nothing, Send quote sends it', async () => {
    view = renderInPortal(<QuotesList />, server());
    await waitFor(() => expect(pageText()).toContain('Virtual Tour — Leeds'));
    await clickAndSettle(buttonNamed('Send'));
    await waitFor(() => expect(pageText()).toContain('cara@acme.test, dan@acme.test'));
    expect(pageText()).toContain('Quote sent: Virtual Tour — Leeds');
    expect(pageText()).toContain('A copy goes to the company address.');
    await clickAndSettle(buttonNamed('Cancel'));
    expect(sends()).toEqual([]);

    await clickAndSettle(buttonNamed('Send'));
    await waitFor(() => expect(buttonNamed('Send quote')).toBeDefined());
    await clickAndSettle(buttonNamed('Send quote'));
    await waitFor(() => expect(pageText()).toContain('Customer can now accept or decline.'));
    expect(sends()).toEqual([{ url: `/api/admin/quotes/${QUOTE_ID}/send`, method: 'POST', body: {} }]);
    await waitFor(() => expect(buttonNamed('Edit')).toBeUndefined());
  });
});
