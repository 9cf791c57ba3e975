import type { TOrderReview } from '@spacecapture/shared/contracts/order-review';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { AdminReviewPanel } from './admin-review-panel.tsx';

const ORDER_ID = '0d5b2b6e-8a51-4c34-9a64-3f7d6f1f2a10';

const REVIEW: TOrderReview = {
  orderId: ORDER_ID,
  status: 'changes_requested',
  round: 1,
  decision: null,
  changeRequests: [
    {
      round: 1,
      requestedAt: '2026-03-14T10:00:00.000Z',
      requestedBy: 'Dana Reviewer',
      comments: [
        {
          id: '1c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          deliverableId: null,
          fileName: null,
          fileVersion: null,
          body: 'Add the basement.',
          pin: { kind: 'panorama', yaw: 12, pitch: -3.5 },
        },
      ],
    },
  ],
  files: [
    {
      id: '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c',
      fileName: 'tour.jpg',
      type: 'other',
      size: 1024,
      version: 1,
      round: 1,
      superseded: false,
      uploadedAt: '2026-03-13T10:00:00.000Z',
    },
  ],
  canApprove: false,
  canRequestChanges: false,
  canRedeliver: false,
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = pageText;
const button = buttonNamed;
const click = clickAndSettle;

describe('AdminReviewPanel', () => {
  it('shows every round and closes an order under changes only with a reason', async () => {
    view = renderInPortal(<AdminReviewPanel orderId={ORDER_ID} />, (call) =>
      call.method === 'POST'
        ? { status: 200, body: { ...REVIEW, status: 'completed' } }
        : { status: 200, body: REVIEW },
    );
    await waitFor(() => expect(button('Close with reason')).toBeDefined());
    expect(text()).toContain('Whole delivery · Pinned at yaw 12.0°, pitch -3.5°');
    // Nothing to approve while changes are requested.
    expect(button('Approve for the customer')).toBeUndefined();

    await click(button('Close with reason'));
    await click(button('Close order'));
    expect(text()).toContain('Give a reason.');
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([]);

    typeInto(document.querySelector<HTMLTextAreaElement>('textarea')!, 'Settled with the customer by phone');
    await click(button('Close order'));
    await waitFor(() => expect(view?.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(view.calls.find((call) => call.method === 'POST')).toEqual({
      url: `/api/admin/orders/${ORDER_ID}/close`,
      method: 'POST',
      body: { reason: 'Settled with the customer by phone' },
    });
    await waitFor(() => expect(text()).toContain('Order closed'));
  });
});
