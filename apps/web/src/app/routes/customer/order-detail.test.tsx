import type { TCustomerOrderDetail } from '@spacecapture/shared/contracts/customer-portal';
import type { TOrderReview } from '@spacecapture/shared/contracts/order-review';
import { formatDateTime } from '@spacecapture/shared/format';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderDetail } from '../../../features/orders/components/order-detail.tsx';
import { clickAndSettle, pageText, renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { ORDER_DETAIL_SLOTS } from './order-detail-slots.tsx';

const ORDER_ID = '0d5b2b6e-8a51-4c34-9a64-3f7d6f1f2a10';
const FILE_ID = '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c';

function orderOf(overrides: Partial<TCustomerOrderDetail> = {}): TCustomerOrderDetail {
  return {
    id: ORDER_ID,
    title: 'Virtual tour — Office, 1 Mill Lane',
    location: '1 Mill Lane, York',
    captureType: 'virtual-tour',
    status: 'delivered',
    displayStatus: 'awaiting_review',
    currency: 'USD',
    propertyId: 'kJdc4ILERXNTq8_w-3vA2Q',
    area: null,
    progress: {
      percent: 90,
      steps: [
        { key: 'scheduling', label: 'Capture scheduled', state: 'done', at: '2026-03-05T10:00:00.000Z' },
        { key: 'capture', label: 'Capture completed', state: 'done', at: '2026-03-12T15:00:00.000Z' },
        { key: 'processing', label: 'Processing and QA', state: 'done', at: '2026-03-14T10:00:00.000Z' },
        { key: 'delivery', label: 'Final delivery', state: 'done', at: '2026-03-14T10:00:00.000Z' },
        { key: 'review', label: 'Your review', state: 'current', at: null },
      ],
    },
    scheduledStart: '2026-03-12T09:00:00.000Z',
    scheduledEnd: '2026-03-12T17:00:00.000Z',
    timeZone: null,
    windowsToPick: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    quotes: [],
    deliverables: [
      {
        id: FILE_ID,
        orderId: ORDER_ID,
        type: 'floor_plan',
        fileName: 'plan.pdf',
        size: 1536,
        deliveredAt: '2026-03-14T10:00:00.000Z',
        thumbnailUrl: null,
        version: 1,
        superseded: false,
        pointTree: { state: 'none', percent: 0, url: null, error: null },
        tour: null,
      },
    ],
    rating: null,
    ...overrides,
  };
}

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = pageText;
const button = (name: string) =>
  [...(view?.container.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (element) => element.textContent?.trim() === name || element.getAttribute('aria-label') === name,
  );
const click = clickAndSettle;

/** The order's review while the delivery awaits the customer's answer. */
const AWAITING_REVIEW: TOrderReview = {
  orderId: ORDER_ID,
  status: 'delivered',
  round: 1,
  changeRequests: [],
  decision: null,
  files: [
    {
      id: FILE_ID,
      fileName: 'plan.pdf',
      type: 'floor_plan',
      size: 1536,
      version: 1,
      round: 1,
      superseded: false,
      uploadedAt: '2026-03-14T10:00:00.000Z',
    },
  ],
  canApprove: true,
  canRequestChanges: true,
  canRedeliver: false,
};

describe('OrderDetail', () => {
  it('reads "Awaiting your review" for a delivered order, with the review first in its delivery section', async () => {
    view = renderInPortal(<OrderDetail orderId={ORDER_ID} onBack={() => {}} {...ORDER_DETAIL_SLOTS} />, (call) => ({
      status: 200,
      body: call.url.endsWith('/review') ? AWAITING_REVIEW : orderOf(),
    }));
    await waitFor(() => expect(button('Approve all')).toBeDefined());
    expect(view.container.querySelector('[data-status]')?.textContent).toBe('Awaiting your review');
    expect(text()).not.toContain('Completed');
    expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('90');
    // The decision comes before the files and the rating.
    const page = text();
    const decision = page.indexOf('Approve all');
    expect(decision).toBeGreaterThan(page.indexOf('Awaiting your review', page.indexOf('Progress') + 1));
    expect(decision).toBeLessThan(page.indexOf('Deliverables'));
    expect(decision).toBeLessThan(page.indexOf('Rate this job'));
  });

  it('shows the steps the server worked out, the window, the files, and no rating before delivery', async () => {
    view = renderInPortal(<OrderDetail orderId={ORDER_ID} onBack={() => {}} {...ORDER_DETAIL_SLOTS} />, () => ({
      status: 200,
      body: orderOf({
        status: 'scheduled',
        displayStatus: 'in_progress',
        progress: {
          percent: 38,
          steps: [
            { key: 'scheduling', label: 'Capture scheduled', state: 'done', at: '2026-03-05T10:00:00.000Z' },
            { key: 'capture', label: 'Capture completed', state: 'current', at: null },
            { key: 'processing', label: 'Processing and QA', state: 'pending', at: null },
            { key: 'delivery', label: 'Final delivery', state: 'pending', at: null },
          ],
        },
        deliverables: [],
      }),
    }));
    await waitFor(() => expect(text()).toContain('Capture in progress'));
    // A done step carries the time of its own event.
    expect(text()).toContain(`Capture scheduled · ${formatDateTime('2026-03-05T10:00:00.000Z')}`);
    expect(text()).toContain('Processing and QA pending');
    expect(text()).toContain('Final delivery pending');
    expect(text()).toContain('In progress');
    expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('38');
    expect(text()).toContain('No files delivered yet.');
    expect(text()).not.toContain('Rate this job');
  });

  it("links to its address's property page", async () => {
    const propertyLink = () =>
      [...(view?.container.querySelectorAll('a') ?? [])].find((a) => a.textContent === 'All files at this address');
    view = renderInPortal(<OrderDetail orderId={ORDER_ID} onBack={() => {}} {...ORDER_DETAIL_SLOTS} />, () => ({
      status: 200,
      body: orderOf(),
    }));
    await waitFor(() => expect(propertyLink()).toBeDefined());
    expect(propertyLink()?.getAttribute('href')).toBe('/customer/properties/kJdc4ILERXNTq8_w-3vA2Q');
  });

  it("gives the spec's Link error toast with the server's reason when a link cannot be made", async () => {
    view = renderInPortal(<OrderDetail orderId={ORDER_ID} onBack={() => {}} {...ORDER_DETAIL_SLOTS} />, (call) =>
      call.method === 'POST'
        ? { status: 404, body: { error: { code: 'not_found', message: 'File not found.' } } }
        : { status: 200, body: orderOf() },
    );
    await waitFor(() => expect(button('Download plan.pdf')).toBeDefined());
    expect(text()).toContain('1.5 KB');
    expect(text()).toContain('Floor plan');
    await click(button('Download plan.pdf'));
    await waitFor(() => expect(text()).toContain('File not found.'));
    expect(text()).toContain('Link error');
    expect(view.calls.at(-1)).toMatchObject({ url: `/api/customer/deliverables/${FILE_ID}/link`, method: 'POST' });
  });

  it('asks for stars before sending a rating, then shows the rating given instead of the form', async () => {
    const rating = {
      id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      orderId: ORDER_ID,
      score: 4,
      comment: 'On time',
      createdAt: '2026-03-15T10:00:00.000Z',
    };
    let rated = false;
    view = renderInPortal(<OrderDetail orderId={ORDER_ID} onBack={() => {}} {...ORDER_DETAIL_SLOTS} />, (call) => {
      if (call.method === 'POST') {
        rated = true;
        return { status: 201, body: rating };
      }
      return { status: 200, body: orderOf(rated ? { rating } : {}) };
    });
    await waitFor(() => expect(button('Submit rating')).toBeDefined());
    await click(button('Submit rating'));
    expect(text()).toContain('Please choose from 1 to 5 stars.');
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([]);

    const fourStars = view.container.querySelector<HTMLInputElement>('input[aria-label="4 stars"]');
    await click(view.container.querySelector<HTMLLabelElement>(`label[for="${fourStars?.id}"]`) ?? undefined);
    typeInto(view.container.querySelector<HTMLTextAreaElement>('textarea')!, ' On time ');
    await click(button('Submit rating'));
    await waitFor(() => expect(text()).toContain('4/5'));
    expect(view.calls.find((call) => call.method === 'POST')).toEqual({
      url: `/api/customer/orders/${ORDER_ID}/rating`,
      method: 'POST',
      body: { score: 4, comment: 'On time' },
    });
    expect(text()).toContain('Rating saved');
    expect(button('Submit rating')).toBeUndefined();
  });
});
