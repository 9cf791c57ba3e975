import { MantineProvider } from '@mantine/core';
import type { TInvoice } from '@spacecapture/shared/contracts/customer-portal';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { InvoiceView } from './invoice-view.tsx';

const QUOTE_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const INVOICE: TInvoice = {
  number: 'INV-2026-7D1E2F3A',
  date: '2026-06-12T10:00:00.000Z',
  quoteId: QUOTE_ID,
  order: {
    id: '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c',
    title: 'Floor plan — 4 Mill Lane',
    location: '4 Mill Lane, Leeds',
  },
  customerOrg: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Northwind Estates' },
  lineItems: [
    { label: 'Capture', amount: 1200 },
    { label: 'Floor plan drafting', amount: 345.5 },
    { label: 'Capture', amount: 99.99 },
  ],
  total: 1645.49,
  currency: 'EUR',
};

let status: number;
let body: unknown;
let requested: string[];

beforeEach(() => {
  status = 200;
  body = INVOICE;
  requested = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mount.root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/customer/quotes?invoice=${QUOTE_ID}`]}>
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
  it('shows the number, date, bill-to organisation, every line (repeats included) and the total', async () => {
    await render();
    expect(requested).toEqual([`/api/customer/quotes/${QUOTE_ID}/invoice`]);
    const text = mount.container.textContent ?? '';
    expect(text).toContain('Invoice INV-2026-7D1E2F3A');
    expect(text).toMatch(/Invoice date.*2026/);
    expect(text).toContain('Northwind Estates');
    expect(text).toContain('Floor plan — 4 Mill Lane');
    expect(rows()).toEqual([
      ['Description', 'Amount'],
      ['Capture', '€1,200.00'],
      ['Floor plan drafting', '€345.50'],
      ['Capture', '€99.99'],
      ['Total (EUR)', '€1,645.49'],
    ]);
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

  it("shows the server's refusal for a quote that is not accepted, and nothing to print", async () => {
    status = 409;
    body = { error: { code: 'conflict', message: 'An invoice exists only for an accepted quote.' } };
    await render();
    expect(mount.container.textContent).toContain('Could not load the invoice');
    expect(mount.container.textContent).toContain('An invoice exists only for an accepted quote.');
    const printButton = [...mount.container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Print',
    );
    expect(printButton?.disabled).toBe(true);
    expect(mount.container.querySelector('table')).toBeNull();
  });
});
