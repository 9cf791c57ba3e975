import type { TOrderReview } from '@spacecapture/shared/contracts/order-review';
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
import { CustomerReviewPanel } from './customer-review-panel.tsx';

const ORDER_ID = '0d5b2b6e-8a51-4c34-9a64-3f7d6f1f2a10';
const OLD_FILE = '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c';
const NEW_FILE = '7b2f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2d';

function reviewOf(overrides: Partial<TOrderReview> = {}): TOrderReview {
  return {
    orderId: ORDER_ID,
    status: 'delivered',
    round: 2,
    changeRequests: [
      {
        round: 1,
        requestedAt: '2026-03-14T10:00:00.000Z',
        requestedBy: 'Dana Reviewer',
        comments: [
          {
            id: '1c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
            deliverableId: OLD_FILE,
            fileName: 'scan.glb',
            fileVersion: 1,
            body: 'The rail is missing.',
            pin: { kind: 'model', x: 1.2, y: 0.4, z: 2 },
          },
        ],
      },
    ],
    files: [
      {
        id: NEW_FILE,
        fileName: 'scan.glb',
        type: 'mesh',
        size: 2048,
        version: 2,
        round: 2,
        superseded: false,
        uploadedAt: '2026-03-16T10:00:00.000Z',
      },
      {
        id: OLD_FILE,
        fileName: 'scan.glb',
        type: 'mesh',
        size: 1024,
        version: 1,
        round: 1,
        superseded: true,
        uploadedAt: '2026-03-13T10:00:00.000Z',
      },
    ],
    canApprove: true,
    canRequestChanges: true,
    canRedeliver: false,
    ...overrides,
  };
}

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = pageText;
const button = buttonNamed;
const click = clickAndSettle;

describe('CustomerReviewPanel', () => {
  it('shows earlier rounds with their pins, and sends a comment pinned to the point picked in the viewer', async () => {
    view = renderInPortal(
      <CustomerReviewPanel orderId={ORDER_ID} pickedPins={{ [NEW_FILE]: { kind: 'model', x: -3, y: 0.125, z: 10 } }} />,
      (call) =>
        call.method === 'POST'
          ? {
              status: 200,
              body: reviewOf({ status: 'changes_requested', canApprove: false, canRequestChanges: false }),
            }
          : { status: 200, body: reviewOf() },
    );
    await waitFor(() => expect(button('Request changes')).toBeDefined());
    expect(text()).toContain('Revised delivery (round 2)');
    expect(text()).toContain('scan.glb (version 1) · Pinned at x 1.20, y 0.40, z 2.00');
    expect(text()).toContain('The rail is missing.');

    await click(button('Request changes'));
    // Only current versions can be commented on.
    const select = document.querySelector<HTMLSelectElement>('select')!;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Whole delivery', 'scan.glb (version 2)']);
    await click(button('Send change request'));
    expect(text()).toContain('Write what should change.');
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await act(async () => {
      select.value = NEW_FILE;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(text()).toContain('Pinned at x -3.00, y 0.13, z 10.00');
    await click(button('Pin to the picked point'));
    typeInto(document.querySelector<HTMLTextAreaElement>('textarea')!, ' Rail still missing here ');
    await click(button('Send change request'));
    await waitFor(() => expect(view?.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(view.calls.find((call) => call.method === 'POST')).toEqual({
      url: `/api/customer/orders/${ORDER_ID}/request-changes`,
      method: 'POST',
      body: {
        comments: [
          { body: 'Rail still missing here', deliverableId: NEW_FILE, pin: { kind: 'model', x: -3, y: 0.125, z: 10 } },
        ],
      },
    });
    await waitFor(() => expect(text()).toContain('The provider has been sent your comments.'));
  });

  it('shows nothing before the first delivery', async () => {
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, () => ({
      status: 200,
      body: reviewOf({ status: 'captured', round: 1, changeRequests: [], canApprove: false, canRequestChanges: false }),
    }));
    await waitFor(() => expect(view?.calls.length).toBeGreaterThan(0));
    expect(text()).not.toContain('Review the delivery');
  });
});
