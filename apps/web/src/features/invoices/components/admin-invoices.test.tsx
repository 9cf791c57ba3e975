import { MantineProvider } from '@mantine/core';
import type { TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { AdminInvoices } from './admin-invoices.tsx';

const INVOICE: TInvoiceView = {
  id: '2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d',
  number: 'INV-000007',
  kind: 'full',
  status: 'open',
  quoteId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  order: { id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c', title: 'Tour — 4 Mill Lane' },
  orders: [
    {
      id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c',
      title: 'Tour — 4 Mill Lane',
      quoteId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    },
  ],
  period: null,
  customerOrg: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Northwind Estates' },
  currency: 'GBP',
  seller: { legalName: 'Space Capture Ltd', address: '1 Dock Road', country: 'GB', taxId: null },
  buyer: { legalName: 'Northwind Estates', address: '', country: null, taxId: null },
  lines: [{ label: 'Capture', amountMinor: 150_000 }],
  taxLines: [],
  reverseCharge: false,
  subtotalMinor: 150_000,
  taxMinor: 0,
  totalMinor: 150_000,
  paidMinor: 0,
  openMinor: 150_000,
  refundedMinor: 0,
  refundableMinor: 0,
  creditNotes: [],
  issuedAt: '2026-06-12T10:00:00.000Z',
  dueAt: '2026-06-26T10:00:00.000Z',
  paidAt: null,
  voidedAt: null,
  voidReason: null,
  payments: [],
  instructions: null,
  payByCard: false,
};

let requests: { url: string; method: string; body: unknown; key: string | null }[];
let paymentAnswer: { status: number; body: unknown };
let listed: TInvoiceView;

const PAID: TInvoiceView = {
  ...INVOICE,
  status: 'paid',
  paidMinor: 150_000,
  openMinor: 0,
  refundableMinor: 150_000,
  paidAt: '2026-06-20T10:00:00.000Z',
};
const NOTE_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

/** A monthly invoice (decision 242): two orders of March, no order or quote of its own. */
const MONTHLY: TInvoiceView = {
  ...PAID,
  id: '3c4d5e6f-7081-4b9c-8d0e-2f3a4b5c6d7e',
  number: 'INV-000008',
  kind: 'monthly',
  quoteId: null,
  order: null,
  period: '2026-03',
  orders: [
    {
      id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c',
      title: 'Tour — 4 Mill Lane',
      quoteId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    },
    {
      id: '1d7b4b63-2c8f-4b9e-8a3d-4e5f6a7b8c9d',
      title: 'Floor plan — 9 Quay',
      quoteId: '8e2f3a4b-5c6d-4e7f-9071-92a3b4c5d6e7',
    },
  ],
  lines: [
    { label: 'Order 0C6A3A52: Tour — 4 Mill Lane (Capture)', amountMinor: 75_000 },
    { label: 'Order 1D7B4B63: Floor plan — 9 Quay (Capture)', amountMinor: 75_000 },
  ],
};

beforeEach(() => {
  requests = [];
  listed = INVOICE;
  paymentAnswer = { status: 201, body: { ...INVOICE, paidMinor: 50_000, openMinor: 100_000 } };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    requests.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : null,
      key: headers.get('Idempotency-Key'),
    });
    const answer = url.endsWith('/monthly-run')
      ? { status: 200, body: { issued: [] } }
      : url.includes('/payments')
        ? paymentAnswer
        : url.includes('/refunds')
          ? {
              status: 201,
              body: {
                ...PAID,
                status: 'partly_refunded',
                refundedMinor: 40_000,
                refundableMinor: 110_000,
                creditNotes: [
                  {
                    id: NOTE_ID,
                    number: 'CN-000003',
                    status: 'issued',
                    source: 'admin',
                    currency: 'GBP',
                    subtotalMinor: 40_000,
                    taxMinor: 0,
                    totalMinor: 40_000,
                    reason: 'Two rooms missed',
                    reverseProviderShare: true,
                    providerShareMinor: 13_333,
                    methods: ['bank_transfer'],
                    failure: null,
                    createdAt: '2026-06-21T10:00:00.000Z',
                    issuedAt: '2026-06-21T10:00:00.000Z',
                  },
                ],
              },
            }
          : { status: 200, body: { items: [listed], nextCursor: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

async function settle() {
  for (let tries = 0; tries < 50; tries += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mount.root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/admin/invoices']}>
            <AdminInvoices />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
}

function button(name: string) {
  return [...mount.container.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
}

function setInput(label: string, value: string) {
  const input = [...mount.container.querySelectorAll('label')]
    .find((candidate) => candidate.textContent?.startsWith(label))
    ?.parentElement?.querySelector('input') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('AdminInvoices', () => {
  it('refunds part of a paid invoice after a confirmation naming the amount, and lists the credit note', async () => {
    listed = PAID;
    await render();
    act(() => button('INV-000007')?.click());
    expect(mount.container.querySelector('form[aria-label="Record payment"]')).toBeNull();
    setInput('Refund amount', '400');
    setInput('Refund reason', 'Two rooms missed');
    act(() => mount.container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    await act(async () => {
      mount.container.querySelector<HTMLFormElement>('form[aria-label="Refund"]')?.requestSubmit();
    });
    expect(mount.container.textContent).toContain(
      "Refund 400 GBP of invoice INV-000007 to Northwind Estates, reversing the provider's share?",
    );
    expect(requests.some((request) => request.url.includes('/refunds'))).toBe(false);
    await act(async () => button('Confirm refund')?.click());
    await settle();
    const refund = requests.find((request) => request.url.endsWith(`/api/admin/invoices/${INVOICE.id}/refunds`));
    expect(refund).toMatchObject({
      method: 'POST',
      body: { amount: '400', reason: 'Two rooms missed', reverseProviderShare: true },
    });
    expect(refund?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(mount.container.querySelector('[role="status"]')?.textContent).toContain('£400.00 given back');
  });

  it('lists invoices, opens one, and records a part payment in its currency with an idempotency key', async () => {
    await render();
    expect(requests[0]?.url).toBe('/api/admin/invoices?limit=100');
    const text = mount.container.textContent ?? '';
    expect(text).toContain('Northwind Estates');
    expect(text).toContain('£1,500.00');
    act(() => button('INV-000007')?.click());
    expect(mount.container.textContent).toContain('Invoice INV-000007');
    setInput('Amount', '500');
    setInput('Bank reference', 'NW-REF-1');
    await act(async () => {
      mount.container.querySelector<HTMLFormElement>('form[aria-label="Record payment"]')?.requestSubmit();
    });
    await settle();
    const payment = requests.find((request) => request.url.endsWith(`/api/admin/invoices/${INVOICE.id}/payments`));
    expect(payment).toMatchObject({
      method: 'POST',
      body: { amount: '500', currency: 'GBP', reference: 'NW-REF-1' },
    });
    expect(payment?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(mount.container.querySelector('[role="status"]')?.textContent).toContain(
      '£500.00 paid, £1,000.00 still open',
    );
  });

  it("shows the server's refusal of a payment", async () => {
    paymentAnswer = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'The amount is more than what is still open on this invoice (£1,500.00).',
        },
      },
    };
    await render();
    act(() => button('INV-000007')?.click());
    setInput('Amount', '2000');
    await act(async () => {
      mount.container.querySelector<HTMLFormElement>('form[aria-label="Record payment"]')?.requestSubmit();
    });
    await settle();
    expect(mount.container.querySelector('[role="alert"]')?.textContent).toContain(
      'The amount is more than what is still open on this invoice (£1,500.00).',
    );
  });

  it('issues monthly invoices now, and shows a monthly invoice with its month and orders', async () => {
    listed = MONTHLY;
    await render();
    expect(mount.container.textContent).toContain('March 2026: 2 orders');
    await act(async () => button('Issue monthly invoices now')?.click());
    await settle();
    expect(requests.find((request) => request.url === '/api/admin/invoices/monthly-run')).toMatchObject({
      method: 'POST',
    });
    // The list is asked again after the run.
    expect(requests.filter((request) => request.url === '/api/admin/invoices?limit=100').length).toBeGreaterThan(1);

    act(() => button('INV-000008')?.click());
    const sheet = mount.container.querySelector('[aria-label="Orders on this invoice"]');
    expect(sheet?.textContent).toContain('Tour — 4 Mill Lane');
    expect(sheet?.textContent).toContain('Floor plan — 9 Quay');
    expect(mount.container.textContent).toMatch(/Month\s*March 2026/);
    // Which provider's share a refund of several orders reverses is not known: the box is off.
    const share = mount.container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(share?.disabled).toBe(true);
    expect(mount.container.textContent).toContain('A monthly invoice covers several orders');
  });
});
