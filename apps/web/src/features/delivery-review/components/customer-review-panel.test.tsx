import type { TOrderReview } from '@spacecapture/shared/contracts/order-review';
import { formatDateTime } from '@spacecapture/shared/format';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { addDraftComment, clearDraft } from '../review-draft.ts';
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
    decision: null,
    canApprove: true,
    canRequestChanges: true,
    canRedeliver: false,
    ...overrides,
  };
}

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => {
  view?.unmount();
  clearDraft(ORDER_ID);
});

const text = pageText;
const button = buttonNamed;
const click = clickAndSettle;

function textareas() {
  return [...document.querySelectorAll<HTMLTextAreaElement>('form[aria-label="Request changes"] textarea')];
}
function posts() {
  return view?.calls.filter((call) => call.method === 'POST') ?? [];
}
function labelledButton(label: string) {
  return document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`) ?? undefined;
}
function heading() {
  return document.querySelector('h3')?.textContent;
}

/** The review once the customer sent round 2 back: the new round with its comment, and who sent it. */
const SENT_BACK = reviewOf({
  status: 'changes_requested',
  canApprove: false,
  canRequestChanges: false,
  changeRequests: [
    ...reviewOf().changeRequests,
    {
      round: 2,
      requestedAt: '2026-03-17T09:30:00.000Z',
      requestedBy: 'Dana Reviewer',
      comments: [
        {
          id: '2c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6e',
          deliverableId: null,
          fileName: null,
          fileVersion: null,
          body: 'Add the basement.',
          pin: null,
        },
      ],
    },
  ],
});

describe('CustomerReviewPanel', () => {
  it('awaits the review with the decision first, and shows earlier rounds with their pins', async () => {
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, () => ({ status: 200, body: reviewOf() }));
    await waitFor(() => expect(button('Approve all')).toBeDefined());
    expect(heading()).toBe('Awaiting your review');
    expect(text()).toContain('Revised delivery (round 2)');
    expect(text()).toContain('scan.glb (version 1) · Pinned at x 1.20, y 0.40, z 2.00');
    expect(text()).toContain('The rail is missing.');
    // The decision comes before the earlier rounds.
    const order = text();
    expect(order.indexOf('Request changes')).toBeLessThan(order.indexOf('Change requests'));
  });

  it('never lets an untouched comment block the sending, then shows the change request standing', async () => {
    let answered = false;
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, (call) => {
      if (call.method === 'POST') answered = true;
      return { status: 200, body: answered ? SENT_BACK : reviewOf() };
    });
    await waitFor(() => expect(button('Request changes')).toBeDefined());
    await click(button('Request changes'));
    // Only current versions can be commented on.
    const select = document.querySelector<HTMLSelectElement>('select')!;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Whole delivery', 'scan.glb (version 2)']);
    // Nothing written at all: the first comment asks for words, and nothing is sent.
    await click(button('Send change request'));
    expect(text()).toContain('Write what should change.');
    expect(posts()).toEqual([]);

    typeInto(textareas()[0]!, ' Add the basement. ');
    await click(button('Add comment'));
    expect(textareas()).toHaveLength(2);
    // The second comment, added and left empty, is not sent and blocks nothing.
    await click(button('Send change request'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      url: `/api/customer/orders/${ORDER_ID}/request-changes`,
      method: 'POST',
      body: { comments: [{ body: 'Add the basement.' }] },
    });

    // Not only a toast: the decision stands in the panel, who and when, with its comments.
    await waitFor(() => expect(heading()).toBe('Changes requested'));
    const decision = document.querySelector('[aria-label="Review decision"]');
    expect(decision?.textContent).toContain(
      `Changes requested by Dana Reviewer on ${formatDateTime('2026-03-17T09:30:00.000Z')}.`,
    );
    expect(document.querySelector('[aria-label="Round 2 change request"]')?.textContent).toContain('Add the basement.');
    expect(button('Approve all')).toBeUndefined();
    expect(document.querySelector('form[aria-label="Request changes"]')).toBeNull();
  });

  it('removes any comment, the last one too', async () => {
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, () => ({ status: 200, body: reviewOf() }));
    await waitFor(() => expect(button('Request changes')).toBeDefined());
    await click(button('Request changes'));
    await click(button('Add comment'));
    expect(textareas()).toHaveLength(2);
    await click(labelledButton('Remove comment 2'));
    await click(labelledButton('Remove comment 1'));
    expect(textareas()).toHaveLength(0);
    await click(button('Send change request'));
    expect(text()).toContain('Add at least one comment.');
    expect(posts()).toEqual([]);
  });

  it('opens with the comments pinned in the viewers and sends them with their points', async () => {
    addDraftComment(ORDER_ID, {
      deliverableId: NEW_FILE,
      body: 'Rail still missing here',
      pin: { kind: 'model', x: -3, y: 0.125, z: 10 },
    });
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, (call) => ({
      status: 200,
      body: call.method === 'POST' ? SENT_BACK : reviewOf(),
    }));
    await waitFor(() => expect(textareas()).toHaveLength(1));
    expect(textareas()[0]?.value).toBe('Rail still missing here');
    expect(text()).toContain('Pinned at x -3.00, y 0.13, z 10.00');
    await click(button('Send change request'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      comments: [
        { body: 'Rail still missing here', deliverableId: NEW_FILE, pin: { kind: 'model', x: -3, y: 0.125, z: 10 } },
      ],
    });
    await waitFor(() => expect(text()).toContain('The provider has been sent your comments.'));
    // Sent: the draft is gone, so the viewers no longer offer it.
    expect(window.sessionStorage.getItem(`review-draft:${ORDER_ID}`)).toBeNull();
  });

  it('shows the approval standing once the delivery is approved', async () => {
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, () => ({
      status: 200,
      body: reviewOf({
        status: 'completed',
        canApprove: false,
        canRequestChanges: false,
        decision: { outcome: 'approved', at: '2026-03-18T08:00:00.000Z', by: 'Dana Reviewer', reason: null },
      }),
    }));
    await waitFor(() => expect(heading()).toBe('Delivery approved'));
    expect(document.querySelector('[aria-label="Review decision"]')?.textContent).toBe(
      `Approved by Dana Reviewer on ${formatDateTime('2026-03-18T08:00:00.000Z')}. The order is complete.`,
    );
    expect(button('Approve all')).toBeUndefined();
    expect(button('Request changes')).toBeUndefined();
  });

  it('shows nothing before the first delivery', async () => {
    view = renderInPortal(<CustomerReviewPanel orderId={ORDER_ID} />, () => ({
      status: 200,
      body: reviewOf({ status: 'captured', round: 1, changeRequests: [], canApprove: false, canRequestChanges: false }),
    }));
    await waitFor(() => expect(view?.calls.length).toBeGreaterThan(0));
    expect(text()).not.toContain('Awaiting your review');
    expect(text()).not.toContain('Approve all');
  });
});
