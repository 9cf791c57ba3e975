import type { Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Keyboard-only helpers of the browser tests (issue 27 item 6): focus moves by Tab, Shift+Tab and
 * arrow keys only, and every element focused on the way must show its focus ring.
 */

type TFocused = { name: string; ring: boolean; inBody: boolean };

/**
 * The focused element, named as a person would read it, and whether its focus ring shows: an
 * outline of some width and colour on the element itself or, for a visually hidden input (a
 * switch's), on the control drawn right after it, which is what Mantine outlines.
 */
export function focused(page: Page): Promise<TFocused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: 'the page body', ring: false, inBody: true };
    const box = element.getBoundingClientRect();
    const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(element).opacity === '0';
    const drawn = hidden && element.nextElementSibling ? element.nextElementSibling : element;
    const style = getComputedStyle(drawn);
    const ring =
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'rgba(0, 0, 0, 0)' &&
      style.outlineColor !== 'transparent';
    const input = element as HTMLInputElement;
    const label =
      element.getAttribute('aria-label') ??
      (input.labels?.[0]?.textContent || null) ??
      element.textContent ??
      element.tagName;
    return { name: `${element.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`, ring, inBody: false };
  });
}

/** Asserts the focused element shows its focus ring, and returns it. */
export async function expectRing(page: Page) {
  const now = await focused(page);
  expect(now.inBody, 'focus is on an element, not lost to the page body').toBe(false);
  expect(now.ring, `${now.name} shows a focus ring`).toBe(true);
  return now;
}

function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the ring of every element passed:
 * focus must keep moving (a date input's parts take a few presses on the same element).
 */
export async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  await expect(target).toBeVisible();
  let previous = '';
  let repeats = 0;
  for (let press = 0; press < (options.max ?? 60); press += 1) {
    await page.keyboard.press(key);
    const now = await expectRing(page);
    repeats = now.name === previous ? repeats + 1 : 0;
    expect(repeats, `focus kept moving past ${now.name}`).toBeLessThan(8);
    previous = now.name;
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached the target`);
}

/** Moves a native select's choice with the arrow keys until `label` is chosen (no list opened). */
export async function chooseWithArrows(page: Page, select: Locator, label: string) {
  await expect(select).toBeFocused();
  for (let press = 0; press < 500; press += 1) {
    const { at, want } = await select.evaluate((element, wanted) => {
      const options = [...(element as HTMLSelectElement).options];
      return {
        at: (element as HTMLSelectElement).selectedIndex,
        want: options.findIndex((option) => option.label === wanted || option.value === wanted),
      };
    }, label);
    expect(want, `the select offers "${label}"`).toBeGreaterThanOrEqual(0);
    if (at === want) return;
    await page.keyboard.press(at < want ? 'ArrowDown' : 'ArrowUp');
  }
  throw new Error(`the arrows never reached "${label}"`);
}

/**
 * In an open dialog, focus stays inside: Tab and Shift+Tab go round its controls and come back
 * to where they started, each with its ring.
 */
export async function expectFocusCycles(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(inside, { message: 'the dialog takes focus when it opens' }).toBe(true);
  const start = (await expectRing(page)).name;
  const count = await dialog.evaluate(
    (element) =>
      element.querySelectorAll('button:not([disabled]), a[href], input:not([disabled]), textarea, select').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen: string[] = [];
    for (let press = 0; press <= count; press += 1) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} keeps focus inside the dialog`).toBe(true);
      seen.push((await expectRing(page)).name);
    }
    // Once round every control, focus has come back to where it started.
    expect(seen, `${key} goes round the dialog`).toContain(start);
  }
}

/** Escape closes the dialog and focus goes back to the button that opened it. */
export async function escapeReturnsFocus(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectRing(page);
}

/** From the top of the page: Tab to the skip link (the first stop) and follow it into the content. */
export async function skipToMain(page: Page) {
  await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 1 });
  await page.keyboard.press('Enter');
}

/**
 * The dialog `opener` asks: Tab and Shift+Tab go round inside it, and Escape closes it with focus
 * back on `opener` (the opener must have focus).
 */
export async function backOutOfDialog(page: Page, opener: Locator, dialog: Locator) {
  await page.keyboard.press('Enter');
  await expectFocusCycles(page, dialog);
  await escapeReturnsFocus(page, dialog, opener);
}
