import { MantineProvider } from '@mantine/core';
import type { TDeliverablesByOrder } from '@spacecapture/shared/contracts/customer-portal';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { DeliverablesByOrder } from './deliverables-by-order.tsx';

const ORDER_ID = '0c6a3a52-1b7e-4a8d-9f2c-3d4e5f6a7b8c';
const QUOTE_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const MESSAGE = 'Downloads unlock once invoice INV-000009 is paid. The deliverables stay visible until then.';

function answer(locked: boolean): TDeliverablesByOrder {
  return {
    items: [
      {
        order: { id: ORDER_ID, title: 'Tour — 4 Mill Lane', displayStatus: 'completed' },
        files: [
          {
            id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
            orderId: ORDER_ID,
            type: 'floor_plan',
            fileName: 'plan.pdf',
            size: 2048,
            deliveredAt: '2026-06-12T10:00:00.000Z',
            thumbnailUrl: null,
            version: 1,
            superseded: false,
            pointTree: { state: 'none', percent: 0, url: null, error: null },
            tour: null,
          },
        ],
        paymentLock: locked
          ? {
              invoiceId: '2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d',
              quoteId: QUOTE_ID,
              number: 'INV-000009',
              message: MESSAGE,
            }
          : null,
      },
    ],
  };
}

let body: TDeliverablesByOrder;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
  );
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
          <MemoryRouter>
            <DeliverablesByOrder />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  for (let tries = 0; tries < 50 && !mount.container.textContent?.includes('plan.pdf'); tries += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

function downloadButton() {
  return [...mount.container.querySelectorAll('button')].find((button) => button.textContent === 'Download');
}

describe('DeliverablesByOrder with pay before download', () => {
  it('keeps the files visible, disables Download and says why with the invoice link while the invoice is unpaid', async () => {
    body = answer(true);
    await render();
    expect(mount.container.textContent).toContain('plan.pdf');
    expect(mount.container.querySelector('[role="status"]')?.textContent).toContain(MESSAGE);
    const link = [...mount.container.querySelectorAll('a')].find(
      (anchor) => anchor.textContent === 'View invoice INV-000009',
    );
    expect(link?.getAttribute('href')).toBe(`/customer/quotes?invoice=${QUOTE_ID}`);
    expect(downloadButton()?.disabled).toBe(true);
  });

  it('offers Download and no notice once paid', async () => {
    body = answer(false);
    await render();
    expect(mount.container.querySelector('[role="status"]')).toBeNull();
    expect(downloadButton()?.disabled).toBe(false);
  });
});
