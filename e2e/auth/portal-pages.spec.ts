import type { Page } from '@playwright/test';
import { lowContrastTexts } from '../support/contrast.ts';
import { createOrder, scheduledOrder, sendQuote, signInPage, test } from '../support/marketplace.ts';
import { expect } from './support.ts';

// Every page of three portals, twice.
test.describe.configure({ timeout: 300_000 });

const schemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/** Opens each page of the portal's sidebar and checks the contrast of every text on it. */
async function expectEveryPageReadable(page: Page, start: string, portal: string, scheme: 'light' | 'dark') {
  await page.goto(start);
  const navigation = page.getByRole('navigation', { name: portal });
  await expect(navigation).toBeVisible();
  const paths = await navigation
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThan(3);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Lists and cards have loaded: no loader is left on the page.
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    expect(await schemeOf(page), path).toBe(scheme);
    expect(await lowContrastTexts(page), `${path} (${scheme})`).toEqual([]);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every portal page keeps AA contrast in the ${scheme} scheme`, async ({
    browser,
    adminCookies,
    deps,
    market,
  }) => {
    // Something on every list: a scheduled job, and a quote waiting for the customer.
    await scheduledOrder(deps, market);
    const waiting = await createOrder(deps, market.customer.organization.id);
    await sendQuote(deps.admin, waiting.orderId);

    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, colorScheme: scheme });
    try {
      const customer = await context.newPage();
      await signInPage(customer, market.customer);
      await expectEveryPageReadable(customer, '/customer-dashboard', 'Customer Portal', scheme);
      await context.clearCookies();

      const provider = await context.newPage();
      await signInPage(provider, market.provider);
      await expectEveryPageReadable(provider, '/provider-dashboard', 'Provider Portal', scheme);
      await context.clearCookies();

      const admin = await context.newPage();
      await admin.context().addCookies(adminCookies);
      await expectEveryPageReadable(admin, '/admin', 'Admin Portal', scheme);
    } finally {
      await context.close();
    }
  });
}

test('the portal header’s toggle switches the scheme at once and keeps it', async ({ page, market }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInPage(page, market.customer);
  await page.goto('/customer/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await schemeOf(page)).toBe('dark');
  // Mantine's own surfaces follow: the page body is the dark one.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 17, 32)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  expect(await schemeOf(page)).toBe('dark');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
