import { notifications } from '@mantine/notifications';
import type { TCustomerQuote } from '@spacecapture/shared/contracts/customer-portal';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { json, renderAt } from '../../../test/render-at.tsx';
import { QuoteCard } from './quote-card.tsx';

const NOW = new Date('2026-06-15T12:00:00Z');
const QUOTE_ID = '5b0f3c1e-8d2a-4f6b-9c3d-2e1f0a9b8c7d';

function quoteOf(overrides: Partial<TCustomerQuote> = {}): TCustomerQuote {
  return {
    id: QUOTE_ID,
    order: { id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c', title: 'Virtual tour — 12 Dock Road', status: 'quoted' },
    priceBreakdown: {
      items: [
        { label: 'Capture', amount: 1000 },
        { label: 'Processing', amount: 500.5 },
      ],
      currency: 'USD',
    },
    total: 1500.5,
    currency: 'USD',
    sla: 'Standard SLA: 5 business days after capture',
    validityUntil: '2026-06-30T23:59:59Z',
    status: 'sent',
    canRespond: true,
    sentAt: '2026-06-10T09:00:00Z',
    respondedAt: null,
    ...overrides,
  };
}

let requests: { method: string; url: string }[];
let answer: () => Response;

function render(quote: TCustomerQuote, now = NOW) {
  renderAt(mount.root, '/', <QuoteCard quote={quote} now={now} />);
}

function button(name: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => element.textContent?.trim() === name,
  );
}

async function click(element: HTMLElement | undefined) {
  if (!element) throw new Error('no such element');
  await act(async () => {
    element.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

beforeEach(() => {
  requests = [];
  answer = () => json(200, quoteOf({ status: 'accepted', canRespond: false, respondedAt: NOW.toISOString() }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ method: String(init.method), url });
    return answer();
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest({ beforeUnmount: () => notifications.clean() });

describe('QuoteCard enabling rules', () => {
  it("says which month's invoice bills an accepted quote of a monthly account, then links to it once issued", () => {
    const accepted = { status: 'accepted' as const, canRespond: false, respondedAt: '2026-06-12T10:00:00Z' };
    render(quoteOf({ ...accepted, monthlyInvoice: { period: '2026-06', invoiceId: null, invoiceNumber: null } }));
    expect(mount.container.textContent).toContain('On the monthly invoice of June 2026');
    expect(mount.container.textContent).not.toContain('View invoice');

    render(
      quoteOf({
        ...accepted,
        monthlyInvoice: {
          period: '2026-06',
          invoiceId: '3c4d5e6f-7081-4b9c-8d0e-2f3a4b5c6d7e',
          invoiceNumber: 'INV-000031',
        },
      }),
    );
    const link = [...mount.container.querySelectorAll('a')].find(
      (element) => element.textContent === 'View monthly invoice INV-000031',
    );
    expect(link?.getAttribute('href')).toBe(`/customer/quotes?invoice=${QUOTE_ID}`);
  });

  it('offers Accept and Decline on a sent quote before its validity date', () => {
    render(quoteOf());
    expect(button('Accept')?.disabled).toBe(false);
    expect(button('Decline')?.disabled).toBe(false);
    expect(mount.container.textContent).not.toContain('View invoice');
    expect(mount.container.textContent).toContain('sent');
    const order = [...mount.container.querySelectorAll('a')].find((link) => link.textContent === 'View order');
    expect(order?.getAttribute('href')).toBe(`/customer/orders?order=${quoteOf().order.id}`);
  });

  it('disables both once the validity date has passed, even if the page was loaded before', () => {
    render(quoteOf(), new Date('2026-07-01T00:00:00Z'));
    expect(button('Accept')?.disabled).toBe(true);
    expect(button('Decline')?.disabled).toBe(true);
    expect(mount.container.textContent).toContain('expired');
    expect(mount.container.textContent).toMatch(/expired on .+ and can no longer be accepted or declined/);
  });

  it('offers no answer on an expired, declined or accepted quote, and says why; only the accepted one has an invoice', () => {
    for (const status of ['expired', 'declined', 'accepted'] as const) {
      render(quoteOf({ status, canRespond: false, respondedAt: status === 'expired' ? null : '2026-06-12T10:00:00Z' }));
      expect(button('Accept'), status).toBeUndefined();
      expect(button('Decline'), status).toBeUndefined();
      const invoice = [...mount.container.querySelectorAll('a')].find((link) => link.textContent === 'View invoice');
      if (status === 'accepted') {
        expect(invoice?.getAttribute('href')).toBe(`/customer/quotes?invoice=${QUOTE_ID}`);
        expect(mount.container.textContent).toMatch(/You accepted this quote on /);
      } else {
        expect(invoice).toBeUndefined();
      }
    }
  });

  it('trusts the server when it says a sent quote can no longer be answered', () => {
    render(quoteOf({ canRespond: false }));
    expect(button('Accept')?.disabled).toBe(true);
  });

  it('shows the breakdown, the total in the currency, the SLA and the validity date', () => {
    render(quoteOf());
    const text = mount.container.textContent ?? '';
    expect(text).toContain('Capture');
    expect(text).toContain('$1,000.00');
    expect(text).toContain('$500.50');
    expect(mount.container.querySelector('[data-testid="quote-total"]')?.textContent).toBe('$1,500.50');
    expect(text).toContain('Standard SLA: 5 business days after capture');
    expect(text).toMatch(/Valid until.*2026/);
  });
});

describe('QuoteCard answers', () => {
  it('asks before accepting with the total, then accepts and says "Quote accepted"', async () => {
    render(quoteOf());
    await click(button('Accept'));
    await settle();
    expect(requests).toEqual([]);
    expect(document.body.textContent).toContain('Accept this quote?');
    expect(document.body.textContent).toContain('at a total of $1,500.50');

    await click(button('Not now'));
    await settle();
    expect(requests).toEqual([]);

    await click(button('Accept'));
    await settle();
    await click(button('Accept quote'));
    await settle();
    expect(requests).toEqual([{ method: 'POST', url: `/api/customer/quotes/${QUOTE_ID}/accept` }]);
    expect(document.body.textContent).toContain('Quote accepted');
  });

  it('asks before declining, and declines only when confirmed', async () => {
    answer = () => json(200, quoteOf({ status: 'declined', canRespond: false }));
    render(quoteOf());
    await click(button('Decline'));
    await settle();
    expect(requests).toEqual([]);
    expect(document.body.textContent).toContain('Decline this quote?');

    await click(button('Keep quote'));
    await settle();
    expect(requests).toEqual([]);

    await click(button('Decline'));
    await settle();
    await click(button('Decline quote'));
    await settle();
    expect(requests).toEqual([{ method: 'POST', url: `/api/customer/quotes/${QUOTE_ID}/decline` }]);
    expect(document.body.textContent).toContain('Quote declined');
  });

  it("shows the server's refusal as a toast", async () => {
    answer = () =>
      json(409, {
        error: { code: 'conflict', message: 'This quote expired and can no longer be accepted or declined.' },
      });
    render(quoteOf());
    await click(button('Accept'));
    await settle();
    await click(button('Accept quote'));
    await settle();
    expect(document.body.textContent).toContain('Failed to accept');
    expect(document.body.textContent).toContain('This quote expired and can no longer be accepted or declined.');
  });
});
