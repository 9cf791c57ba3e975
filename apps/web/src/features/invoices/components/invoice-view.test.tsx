import { MantineProvider } from '@mantine/core';
import type { TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { InvoiceView } from './invoice-view.tsx';

const QUOTE_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const INVOICE_ID = '2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d';
const INVOICE: TInvoiceView = {
  id: INVOICE_ID,
  number: 'INV-000042',
  kind: 'full',
  status: 'open',
  quoteId: QUOTE_ID,
  order: { id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c', title: 'Floor plan — 4 Mill Lane' },
  orders: [{ id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c', title: 'Floor plan — 4 Mill Lane', quoteId: QUOTE_ID }],
  period: null,
  customerOrg: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Northwind Estates' },
  currency: 'EUR',
  seller: { legalName: 'Space Capture Ltd', address: '1 Dock Road\nLondon', country: 'GB', taxId: 'GB111' },
  buyer: { legalName: 'Northwind Estates BV', address: 'Keizersgracht 1', country: 'NL', taxId: null },
  lines: [
    { label: 'Capture', amountMinor: 120_000 },
    { label: 'Floor plan drafting', amountMinor: 34_550 },
    { label: 'Capture', amountMinor: 9_999 },
  ],
  taxLines: [{ label: 'BTW', rateBasisPoints: 2100, baseMinor: 164_549, amountMinor: 34_555 }],
  reverseCharge: false,
  subtotalMinor: 164_549,
  taxMinor: 34_555,
  totalMinor: 199_104,
  paidMinor: 50_000,
  openMinor: 149_104,
  refundedMinor: 0,
  refundableMinor: 50_000,
  creditNotes: [],
  issuedAt: '2026-06-12T10:00:00.000Z',
  dueAt: '2026-06-26T10:00:00.000Z',
  paidAt: null,
  voidedAt: null,
  voidReason: null,
  payments: [],
  instructions: {
    method: 'bank_transfer',
    reference: 'INV-000042',
    lines: [
      'Pay by bank transfer to Space Capture Ltd, Harbour Bank.',
      'IBAN: GB33BUKB20201555555555',
      'Reference: INV-000042',
    ],
  },
  payByCard: false,
};

let status: number;
let body: unknown;
let requested: string[];
let posted: string[];

beforeEach(() => {
  status = 200;
  body = INVOICE;
  requested = [];
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push(url);
      return new Response(JSON.stringify({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    requested.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

async function render(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mount.root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/customer/quotes?invoice=${QUOTE_ID}${search}`]}>
            <InvoiceView quoteId={QUOTE_ID} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  // Until the answer is shown: the loader gives way to the sheet or the error.
  for (let tries = 0; tries < 100 && mount.container.querySelector('[aria-label="Loading the invoice"]'); tries += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

function rows() {
  return [...mount.container.querySelectorAll('table tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );
}

describe('InvoiceView', () => {
  it('shows the number, dates, seller and buyer, every line (repeats included), tax, totals, how to pay and the PDF', async () => {
    await render();
    expect(requested).toEqual([`/api/customer/quotes/${QUOTE_ID}/invoice`]);
    const text = mount.container.textContent ?? '';
    expect(text).toContain('Invoice INV-000042');
    expect(text).toMatch(/Invoice date.*2026/);
    expect(text).toMatch(/Due date.*2026/);
    expect(text).toContain('Open');
    expect(text).toContain('Space Capture Ltd');
    expect(text).toContain('Tax ID: GB111');
    expect(text).toContain('Northwind Estates BV');
    expect(text).toContain('Floor plan — 4 Mill Lane');
    expect(rows()).toEqual([
      ['Description', 'Amount'],
      ['Capture', '€1,200.00'],
      ['Floor plan drafting', '€345.50'],
      ['Capture', '€99.99'],
      ['Subtotal', '€1,645.49'],
      ['BTW 21%', '€345.55'],
      ['Total (EUR)', '€1,991.04'],
      ['Paid', '€500.00'],
      ['Still to pay', '€1,491.04'],
    ]);
    expect(mount.container.querySelector('[aria-label="How to pay"]')?.textContent).toContain(
      'IBAN: GB33BUKB20201555555555',
    );
    const pdf = [...mount.container.querySelectorAll('a')].find((link) => link.textContent === 'Download PDF');
    expect(pdf?.getAttribute('href')).toBe(`/api/customer/invoices/${INVOICE_ID}/pdf`);
  });

  it('offers no card payment when the server does not', async () => {
    await render();
    expect([...mount.container.querySelectorAll('button')].map((button) => button.textContent)).not.toContain(
      'Pay by card',
    );
  });

  it('prints with the Print button and goes back to the list without the parameter', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await render();
    const printButton = [...mount.container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Print',
    );
    expect(printButton?.disabled).toBe(false);
    act(() => printButton?.click());
    expect(print).toHaveBeenCalledTimes(1);
    const back = [...mount.container.querySelectorAll('a')].find((link) => link.textContent === 'Back to quotes');
    expect(back?.getAttribute('href')).toBe('/customer/quotes');
  });

  it("shows the server's refusal for a quote with no invoice yet, and nothing to print", async () => {
    status = 409;
    body = { error: { code: 'conflict', message: 'No invoice has been issued for this quote yet.' } };
    await render();
    expect(mount.container.textContent).toContain('Could not load the invoice');
    expect(mount.container.textContent).toContain('No invoice has been issued for this quote yet.');
    const printButton = [...mount.container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Print',
    );
    expect(printButton?.disabled).toBe(true);
    expect(mount.container.querySelector('table')).toBeNull();
  });

  it('offers Pay by card when the server does, and sends the customer to the Checkout page', async () => {
    body = { ...INVOICE, payByCard: true };
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await render();
    const pay = [...mount.container.querySelectorAll('button')].find((button) => button.textContent === 'Pay by card');
    expect(pay).toBeDefined();
    await act(async () => {
      pay?.click();
    });
    for (let tries = 0; tries < 50 && assign.mock.calls.length === 0; tries += 1) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    expect(posted).toEqual([`/api/customer/invoices/${INVOICE_ID}/card-checkout`]);
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1');
    assign.mockRestore();
  });

  it('back from the card page, says the payment is being confirmed until the invoice is paid', async () => {
    body = { ...INVOICE, payByCard: true };
    await render('&card=paid');
    const status = () => mount.container.querySelector('[role="status"]')?.textContent;
    expect(status()).toBe('Your card payment is being confirmed. This page updates when it is.');
    expect([...mount.container.querySelectorAll('button')].map((button) => button.textContent)).not.toContain(
      'Pay by card',
    );

    // The webhook lands: the page asks again on its own and shows the invoice paid.
    body = { ...INVOICE, status: 'paid', paidMinor: INVOICE.totalMinor, openMinor: 0, payByCard: false };
    for (let tries = 0; tries < 250 && status() !== 'Paid by card. Thank you.'; tries += 1) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    expect(status()).toBe('Paid by card. Thank you.');
  });
});
