import { describe, expect, it } from 'vitest';
import { firstInteraction, holdUntilFirstInteraction } from './interaction-gate.ts';

/** Whether the promise has settled by the time pending microtasks have run. */
async function isSettled(promise: Promise<void>) {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('the first-interaction gate', () => {
  it('is open when nothing holds it (a page rendered in the browser, the prerender)', async () => {
    expect(await isSettled(firstInteraction())).toBe(true);
  });

  it('holds interaction-loaded code until the visitor interacts, then stays open', async () => {
    const page = new EventTarget();
    holdUntilFirstInteraction(page);
    const waiting = firstInteraction();
    page.dispatchEvent(new Event('scroll'));
    expect(await isSettled(waiting)).toBe(false);

    page.dispatchEvent(new Event('focusin'));
    expect(await isSettled(waiting)).toBe(true);
    expect(await isSettled(firstInteraction())).toBe(true);
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'])('opens on %s', async (type) => {
    const page = new EventTarget();
    holdUntilFirstInteraction(page);
    page.dispatchEvent(new Event(type));
    expect(await isSettled(firstInteraction())).toBe(true);
  });
});
