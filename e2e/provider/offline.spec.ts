import type { Page } from '@playwright/test';
import { expect, signInContext, toast } from '../auth/support.ts';
import { assignOrder, createOrder, type TMarketDeps, test } from '../support/marketplace.ts';

/**
 * The provider portal on site without signal (issue 32, decision 225): the jobs read offline as last
 * loaded, an answer given offline waits on the device and is sent on reconnect, and a refusal
 * meanwhile (the offer expired) is said plainly.
 */

// A service worker installed and precaching, reloads, and going off and on line: on a shared
// two-core machine that outlasts the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, deps: TMarketDeps, member: { email: string; password: string }) {
  await signInContext(page.context(), deps.playwright, member.email, member.password);
}

/** Opens the assigned jobs once the service worker controls the page, so what it shows is kept for offline. */
async function openJobsKeptForOffline(page: Page) {
  await page.goto('/provider/assignments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assigned Jobs' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Assigned Jobs' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/provider-sw\.js$/);
}

test('jobs read offline after a reload; an accept made offline is sent on reconnect', async ({
  page,
  admin,
  inspector,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id, {
    compensation: 640,
  });
  await signIn(page, deps, market.provider);
  await openJobsKeptForOffline(page);
  const card = page.getByTestId('job-card');
  await expect(card).toContainText('Compensation: $640.00');

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(card).toContainText('Compensation: $640.00');

  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('dialog', { name: 'Accept this job?' }).getByRole('button', { name: 'Accept job' }).click();
  await expect(toast(page, 'Saved on this device')).toContainText('sent as soon as you are back online');
  const waiting = page.getByRole('region', { name: 'Waiting for signal' });
  await expect(waiting).toContainText('Accept:');
  const [before] = await inspector.query<{ status: string }>(
    `SELECT status FROM assignments WHERE id = '${assignmentId}'`,
  );
  expect(before?.status).toBe('offered');

  await page.context().setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(toast(page, 'Sent')).toContainText('1 action taken offline was sent.');
  await expect(card).toContainText(`Location: ${order.location}`);
  const [after] = await inspector.query<{ status: string }>(
    `SELECT status FROM assignments WHERE id = '${assignmentId}'`,
  );
  expect(after?.status).toBe('accepted');
});

test('an accept made offline for an offer that expired meanwhile is refused plainly on reconnect', async ({
  page,
  admin,
  inspector,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id);
  await signIn(page, deps, market.provider);
  await openJobsKeptForOffline(page);

  await page.context().setOffline(true);
  const card = page.getByTestId('job-card');
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('dialog', { name: 'Accept this job?' }).getByRole('button', { name: 'Accept job' }).click();
  await expect(page.getByRole('region', { name: 'Waiting for signal' })).toContainText('Accept:');

  await inspector.query(`UPDATE assignments SET respond_by = now() - interval '1 minute' WHERE id = '${assignmentId}'`);
  await page.context().setOffline(false);
  const refused = page.getByRole('region', { name: 'Not sent' });
  await expect(refused).toContainText('This offer expired on');
  await expect(page.getByRole('region', { name: 'Waiting for signal' })).toHaveCount(0);
  const [row] = await inspector.query<{ status: string }>(
    `SELECT status FROM assignments WHERE id = '${assignmentId}'`,
  );
  expect(row?.status).not.toBe('accepted');

  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
});

test('signing out drops what was kept for offline', async ({ page, admin, deps, market }) => {
  const order = await createOrder(deps, market.customer.organization.id);
  await assignOrder(admin, order.orderId, market.provider.organization.id);
  await signIn(page, deps, market.provider);
  await openJobsKeptForOffline(page);
  expect(await page.evaluate(async () => (await (await caches.open('provider-api')).keys()).length)).toBeGreaterThan(0);

  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(async () => caches.has('provider-api'))).toBe(false);
});
