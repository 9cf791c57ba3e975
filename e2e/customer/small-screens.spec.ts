import type { Locator } from '@playwright/test';
import { expect } from '../auth/support.ts';
import { createOrder, scheduledOrder, signInPage, test } from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };

/** The element lies wholly inside the window's width: nothing of it is off-screen to the side. */
async function expectWithinWidth(element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('at 390 px the customer’s orders are cards that show Status and Progress without scrolling sideways', async ({
  page,
  deps,
  market,
}) => {
  const scheduled = await scheduledOrder(deps, market);
  await createOrder(deps, market.customer.organization.id);
  await page.setViewportSize(PHONE);
  await signInPage(page, market.customer);

  await page.goto('/customer-dashboard');
  await expect(page.getByRole('tab', { name: 'My Orders' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: scheduled.title });
  // Each value is named by its column, and all of them are on screen.
  for (const column of ['Order', 'Location', 'Status', 'Progress', 'Ordered']) {
    await expect(card.getByRole('cell', { name: new RegExp(`^${column}(\\s|$)`) })).toBeVisible();
  }
  await expectWithinWidth(card.getByText('In progress', { exact: true }));
  await expectWithinWidth(card.getByRole('progressbar', { name: `Progress of ${scheduled.title}` }));
  await expectWithinWidth(card);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // A card opens its order as the row did.
  await card.getByRole('button', { name: scheduled.title }).click();
  await expect(page).toHaveURL(/order=/);

  // On a wide screen it is a table again, with its heading row.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goBack();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('columnheader', { name: 'Progress' })).toBeVisible();
});

test('at 390 px the admin’s invitations are cards too, each value named and on screen', async ({
  page,
  adminCookies,
  market,
}) => {
  await page.setViewportSize(PHONE);
  await page.context().addCookies(adminCookies);
  await page.goto('/admin/invitations');
  const row = page
    .getByRole('table', { name: 'Invitations' })
    .getByRole('row')
    .filter({ hasText: market.customer.email });
  await expect(row.getByRole('cell', { name: /^Status/ })).toContainText('accepted');
  await expectWithinWidth(row.getByRole('cell', { name: /^Expires/ }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
