import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TREE_PROGRESS_POLL_MS } from '../../../lib/point-tree-progress.ts';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { OrdersScreen } from './orders-screen.tsx';

const ORDER_ID = '33333333-3333-4333-8333-333333333333';
const order = {
  id: ORDER_ID,
  title: 'Virtual Tour — Office, Oslo',
  status: 'scheduled',
  location: 'Oslo harbour 4',
  captureType: 'virtual-tour',
  preferredDates: null,
  customerOrg: { id: '44444444-4444-4444-8444-444444444444', name: 'Harbour Lofts' },
  currency: 'USD',
  scheduledStart: '2026-06-01T09:00:00.000Z',
  scheduledEnd: '2026-06-01T12:00:00.000Z',
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-02T08:00:00.000Z',
};
const detail = {
  order: { ...order, leadId: null, place: null, preferredWindows: [], accessNotes: null },
  jobEvents: [],
  quotes: [],
  assignments: [],
  deliverables: [],
  ratings: [],
  supportRequests: [],
};

let requested: string[];
/** What the stubbed server answers to a list request (by URL); the default is one page with `order`. */
let answerList: (url: string) => Response;
/** The order's history the stubbed server answers with; the default is `detail`. */
let answerDetail: () => unknown;

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

async function render(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mount.root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <OrdersScreen />
            <Location />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
}

async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

const location = () => mount.container.querySelector('[data-testid="location"]')?.textContent ?? '';
const search = () => mount.container.querySelector<HTMLInputElement>('input[type="search"]')!;
const statusSelect = () => mount.container.querySelector<HTMLSelectElement>('select')!;
const ordersRequested = () => requested.filter((url) => url.startsWith('/api/admin/orders?'));

beforeEach(() => {
  requested = [];
  answerList = () => json({ items: [order], nextCursor: null });
  answerDetail = () => detail;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requested.push(url);
      if (url.startsWith(`/api/admin/orders/${ORDER_ID}`)) return json(answerDetail());
      return answerList(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

describe('OrdersScreen', () => {
  it('asks the server for the search and status the URL holds, and shows them in the filters', async () => {
    await render('/admin/orders?q=oslo&status=scheduled');
    expect(ordersRequested()).toEqual(['/api/admin/orders?limit=25&q=oslo&status=scheduled']);
    expect(search().value).toBe('oslo');
    expect(statusSelect().value).toBe('scheduled');
    expect(mount.container.textContent).toContain('Harbour Lofts');
    expect(mount.container.textContent).toContain('Virtual Tour');
  });

  it('puts a chosen status in the URL and reloads the list with it', async () => {
    await render('/admin/orders?q=oslo');
    await act(async () => {
      statusSelect().value = 'cancelled';
      statusSelect().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(location()).toBe('/admin/orders?q=oslo&status=cancelled');
    expect(ordersRequested().at(-1)).toBe('/api/admin/orders?limit=25&q=oslo&status=cancelled');
  });

  it('puts the search in the URL once typing pauses, not on every key', async () => {
    await render('/admin/orders');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const text of ['h', 'ha', 'harb']) {
      await act(async () => {
        setValue.call(search(), text);
        search().dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    expect(location()).toBe('/admin/orders');
    await settle(400);
    expect(location()).toBe('/admin/orders?q=harb');
    expect(ordersRequested()).toEqual(['/api/admin/orders?limit=25', '/api/admin/orders?limit=25&q=harb']);
  });

  it('opens an order from its row and goes Back to the same filtered list', async () => {
    await render('/admin/orders?status=scheduled');
    const link = [...mount.container.querySelectorAll('a')].find((anchor) => anchor.textContent === order.title)!;
    await act(async () => link.click());
    await settle();
    expect(location()).toBe(`/admin/orders?status=scheduled&order=${ORDER_ID}`);
    expect(mount.container.textContent).toContain('Scheduled window');
    expect(mount.container.textContent).toContain('No history yet.');
    const back = [...mount.container.querySelectorAll('button')].find((button) => button.textContent === 'Back')!;
    await act(async () => back.click());
    await settle();
    expect(location()).toBe('/admin/orders?status=scheduled');
    expect(statusSelect().value).toBe('scheduled');
  });

  it("shows each point cloud's streaming tree in the history, why one failed, and reads it again while one is built", async () => {
    const cloud = (id: string, fileName: string, pointTree: unknown) => ({
      id,
      type: 'point_cloud',
      fileName,
      size: 2_000_000,
      paths: [`x/${fileName}`],
      uploadedBy: null,
      deliveredAt: '2026-05-04T12:00:00.000Z',
      createdAt: '2026-05-04T12:00:00.000Z',
      thumbnailUrl: null,
      check: { state: 'passed', failures: [], warnings: [], facts: {}, override: null },
      pointTree,
    });
    const broken = cloud('66666666-6666-4666-8666-666666666666', 'broken.las', {
      state: 'failed',
      percent: 0,
      url: null,
      error: 'The LAS header is cut short.',
    });
    const building = (pointTree: unknown) => ({
      ...detail,
      deliverables: [cloud('77777777-7777-4777-8777-777777777777', 'site.las', pointTree), broken],
    });
    answerDetail = () => building({ state: 'converting', percent: 40, url: null, error: null });
    await render(`/admin/orders?order=${ORDER_ID}`);
    const history = () => mount.container.querySelector('[aria-label="Order history"]')?.textContent ?? '';
    expect(history()).toContain('Preparing for streaming: 40 %');
    expect(history()).toContain('Not prepared for streaming: The LAS header is cut short.');

    answerDetail = () => building({ state: 'ready', percent: 100, url: '/api/point-trees/t/ept.json', error: null });
    await settle(TREE_PROGRESS_POLL_MS + 200);
    expect(history()).not.toContain('Preparing for streaming');
    expect(history()).toContain('Not prepared for streaming: The LAS header is cut short.');
  });

  it('appends the next page with Load more, and hides it on the last page', async () => {
    const second = { ...order, id: '55555555-5555-4555-8555-555555555555', title: 'Floor Plan — Loft, Bergen' };
    answerList = (url) =>
      url.includes('cursor=')
        ? json({ items: [second], nextCursor: null })
        : json({ items: [order], nextCursor: 'page-2' });
    await render('/admin/orders');
    const loadMore = () =>
      [...mount.container.querySelectorAll('button')].find((button) => button.textContent === 'Load more');
    await act(async () => loadMore()!.click());
    await settle();
    expect(ordersRequested().at(-1)).toBe('/api/admin/orders?limit=25&cursor=page-2');
    expect(mount.container.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(mount.container.textContent).toContain('Floor Plan — Loft, Bergen');
    expect(loadMore()).toBeUndefined();
  });

  it("shows the server's message when the list cannot be read", async () => {
    answerList = () =>
      new Response(
        JSON.stringify({ error: { code: 'validation_failed', message: 'Must be at most 200 characters.' } }),
        {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    await render('/admin/orders?q=x');
    expect(mount.container.querySelector('[role="alert"]')?.textContent).toContain('Must be at most 200 characters.');
  });

  it('says when no order matches the filters', async () => {
    answerList = () => json({ items: [], nextCursor: null });
    await render('/admin/orders?status=completed');
    expect(mount.container.textContent).toContain('No orders match these filters.');
  });
});
