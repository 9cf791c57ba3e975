import { expect } from '../auth/support.ts';
import { scheduledOrder, signInPage, test } from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

test('a provider makes and copies its calendar address on the Schedule page, and it serves the confirmed capture', async ({
  page,
  deps,
  market,
}) => {
  const scheduled = await scheduledOrder(deps, market);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInPage(page, market.provider);

  await page.goto('/provider/schedule');
  const calendar = page.getByLabel('Calendar', { exact: true });
  await calendar.getByRole('button', { name: 'Make a calendar address' }).click();
  const address = (await calendar.getByLabel('Calendar address').textContent())?.trim() ?? '';
  expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await calendar.getByRole('button', { name: 'Copy address' }).click();
  await expect(calendar.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  const feed = await deps.request.get(new URL(address).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`${scheduled.assignmentId}@spacecapture`);

  // One place for it: the account page no longer offers a provider a second calendar card.
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByLabel('Calendar', { exact: true })).toHaveCount(0);

  // The dashboard's settings say which availability offers follow, and where each member's own
  // notification choices are.
  await page.goto('/provider-dashboard?tab=settings');
  await page.getByRole('link', { name: 'Schedule page' }).click();
  await expect(page).toHaveURL(/\/provider\/schedule$/);
  await page.goto('/provider-dashboard?tab=settings');
  await page.getByRole('link', { name: 'Account, Notifications' }).click();
  await expect(page).toHaveURL(/\/account#notifications$/);
});
