import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, clickAndSettle, pageText, renderInPortal, typeInto } from '../../../test/render-in-portal.tsx';
import { clearDraft } from '../review-draft.ts';
import { PinnedCommentBox, ReviewDraftNotice } from './pinned-comment-box.tsx';

const ORDER_ID = '0d5b2b6e-8a51-4c34-9a64-3f7d6f1f2a10';
const FILE_ID = '7b2f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2d';
const PIN = { kind: 'panorama', yaw: 12, pitch: -3.5 } as const;

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => {
  view?.unmount();
  clearDraft(ORDER_ID);
});

function draftStored() {
  return JSON.parse(window.sessionStorage.getItem(`review-draft:${ORDER_ID}`) ?? '[]') as unknown[];
}

describe('PinnedCommentBox', () => {
  it("asks for words, then adds the comment with its point to the order's change request", async () => {
    const onDone = vi.fn();
    view = renderInPortal(
      <>
        <ReviewDraftNotice orderId={ORDER_ID} />
        <PinnedCommentBox orderId={ORDER_ID} deliverableId={FILE_ID} pin={PIN} onDone={onDone} />
      </>,
      () => ({ status: 200, body: {} }),
    );
    expect(pageText()).toContain('Pinned at yaw 12.0°, pitch -3.5°');
    await clickAndSettle(buttonNamed('Save comment'));
    expect(pageText()).toContain('Write what should change.');
    expect(onDone).not.toHaveBeenCalled();
    expect(draftStored()).toEqual([]);

    typeInto(document.querySelector('textarea')!, '  The door is on the wrong wall.  ');
    await clickAndSettle(buttonNamed('Save comment'));
    expect(onDone).toHaveBeenCalledTimes(1);
    // Kept for the tab's session: the order's form reads it back, a reload does not lose it.
    expect(draftStored()).toEqual([
      expect.objectContaining({ deliverableId: FILE_ID, body: 'The door is on the wrong wall.', pin: PIN }),
    ]);
    expect(pageText()).toContain('1 comment in your change request, not sent yet.');
    expect(document.querySelector('a')?.getAttribute('href')).toBe(`/customer/orders?order=${ORDER_ID}`);
  });

  it('adds nothing when cancelled', async () => {
    const onDone = vi.fn();
    view = renderInPortal(
      <PinnedCommentBox orderId={ORDER_ID} deliverableId={FILE_ID} pin={PIN} onDone={onDone} />,
      () => ({ status: 200, body: {} }),
    );
    typeInto(document.querySelector('textarea')!, 'Not this one');
    await clickAndSettle(buttonNamed('Cancel'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(draftStored()).toEqual([]);
  });
});
