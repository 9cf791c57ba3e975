import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, newDevice, toast } from '../auth/support.ts';
import { solidPng } from '../support/deliverable-bytes.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// A whole flow (schedule, uploads, delivery) on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('share links: a customer admin shares an order, a signed-out visitor downloads, revoking ends it', async ({
  page,
  browser,
  consoleErrors,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const image = solidPng(640, 360, [30, 120, 200]);
  const imageName = `plan-${randomUUID().slice(0, 6)}.png`;
  await uploadDeliverable(market.provider.api, order.orderId, imageName, image);
  await uploadDeliverable(market.provider.api, order.orderId, 'scan.e57', Buffer.from('E57 points'));
  await markDelivered(market.provider.api, order.orderId);
  // The thumbnail is made after the upload, off the request path.
  await expect
    .poll(async () => {
      const detail = await market.customer.api.get(`/api/customer/orders/${order.orderId}`);
      const files = (await detail.json()).deliverables as { fileName: string; thumbnailUrl: string | null }[];
      return files.find((file) => file.fileName === imageName)?.thumbnailUrl ?? null;
    })
    .not.toBeNull();

  // The customer admin creates a link from the order's page; it is shown once.
  await signInPage(page, market.customer);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  // The order's own file list shows the thumbnail, and a type icon for the point cloud.
  const files = detail.getByRole('table', { name: `Files of ${order.title}` });
  await expect(
    files.getByRole('row').filter({ hasText: imageName }).locator('[data-thumbnail="image"] img'),
  ).toBeVisible();
  await expect(
    files.getByRole('row').filter({ hasText: 'scan.e57' }).locator('[data-thumbnail="point_cloud"]'),
  ).toBeVisible();
  const shares = detail.getByRole('region', { name: 'Share links' });
  await shares.getByRole('combobox', { name: 'Expires after' }).click();
  await page.getByRole('option', { name: '30 days' }).click();
  await shares.getByRole('button', { name: 'Create share link' }).click();
  await expect(toast(page, 'Share link created')).toBeVisible();
  const url = await shares.getByRole('textbox', { name: 'New share link' }).inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  const links = shares.getByRole('table', { name: 'Share links of this order' });
  await expect(links.getByRole('row')).toHaveCount(2);
  await expect(links.getByRole('row').nth(1)).toContainText('active');

  // A signed-out visitor opens it: the title without the address, the files, and Download.
  const visitor = await newDevice(browser);
  const guest = await visitor.newPage();
  const opened = await guest.goto(new URL(url).pathname);
  expect(opened?.headers()['x-robots-tag']).toMatch(/noindex/);
  // The title ends with the location (the address), which the share page leaves off.
  expect(order.title.endsWith(`, ${order.location}`)).toBe(true);
  const sharedTitle = order.title.slice(0, -`, ${order.location}`.length);
  await expect(guest.getByRole('heading', { level: 1, name: sharedTitle })).toBeVisible();
  await expect(guest.getByText(order.location)).toHaveCount(0);
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const imageItem = guest.getByRole('listitem', { name: imageName });
  await expect(imageItem.locator('[data-thumbnail="image"] img')).toBeVisible();
  await expect(
    guest.getByRole('listitem', { name: 'scan.e57' }).locator('[data-thumbnail="point_cloud"]'),
  ).toBeVisible();
  const downloading = guest.waitForEvent('download');
  await imageItem.getByRole('button', { name: `Download ${imageName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(imageName);
  expect((await readFile(await download.path())).equals(image)).toBe(true);

  // The admin sees the view, then revokes the link.
  await page.reload();
  await expect(links.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('1');
  await links.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke share link' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(toast(page, 'Share link revoked')).toBeVisible();
  await expect(links.getByRole('row').nth(1)).toContainText('revoked');

  // The visitor's page now says so.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'This link has expired or was revoked' })).toBeVisible();
  await expect(guest.getByRole('listitem', { name: imageName })).toHaveCount(0);
  await visitor.close();
  expect(consoleErrors).toEqual([]);
});
