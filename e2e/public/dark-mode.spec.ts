import { axeViolations } from '../support/axe.ts';
import { lowContrastTexts } from '../support/contrast.ts';
import { expect, test } from '../support/test.ts';
import { openPage, PUBLIC_ROUTES } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

const schemeOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

test('the public site follows the system setting, and the header toggle keeps the visitor’s pick', async ({
  page,
  consoleErrors,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPage(page, '/about');
  expect(await schemeOf(page)).toBe('dark');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(11, 17, 32)');

  // The visitor prefers light on this site: kept across pages and visits.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await schemeOf(page)).toBe('light');
  expect(await background()).toBe('rgb(255, 255, 255)');
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(await schemeOf(page)).toBe('light');

  // Picking the system's own scheme again follows the system from then on.
  await page.getByRole('banner').getByRole('button', { name: 'Dark mode' }).click();
  expect(await schemeOf(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => schemeOf(page)).toBe('light');
  expect(consoleErrors).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every public page passes axe and keeps AA contrast in the ${colorScheme} scheme, on desktop and at 390 px`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const paths = [...PUBLIC_ROUTES.map((route) => route.path), '/auth', '/auth?intent=admin', '/no-such-page'];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await openPage(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await schemeOf(page), path).toBe(colorScheme);
        expect.soft(await lowContrastTexts(page), `${path} at ${width} px`).toEqual([]);
        // axe once per page and scheme, on desktop.
        if (width === 1280) expect.soft(await axeViolations(page), `axe on ${path}`).toEqual([]);
      }
    }
  });
}
