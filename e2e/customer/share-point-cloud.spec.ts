import { randomUUID } from 'node:crypto';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { makeGeneratedLas } from '../../apps/server/test/las-files.ts';
import { expect, newDevice } from '../auth/support.ts';
import { markDelivered, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// A shared point cloud streams its tree on the share page, as in the portals (decision 245): the
// visitor's viewer reads the tree's nodes by their signed link, not the original file. An admin
// opening the file from the order's history streams the same tree.
test.describe.configure({ timeout: 240_000 });

// Two levels: a root and its children (a leaf holds at most 100,000 points, decision 226).
const POINTS = 250_000;

test('a shared point cloud streams its tree on the share page and in the admin console', async ({
  browser,
  adminCookies,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const fileName = `shared-${randomUUID().slice(0, 6)}.las`;
  const fileId = await uploadDeliverable(market.provider.api, order.orderId, fileName, await makeGeneratedLas(POINTS));
  await markDelivered(market.provider.api, order.orderId);
  // The tree is built after the upload, off the request path.
  await expect
    .poll(
      async () => {
        const detail = await market.customer.api.get(`/api/customer/orders/${order.orderId}`);
        const files = (await detail.json()).deliverables as { id: string; pointTree: TPointTree }[];
        return files.find((file) => file.id === fileId)?.pointTree.state;
      },
      { timeout: 180_000 },
    )
    .toBe('ready');
  const created = await market.customer.api.post(`/api/customer/orders/${order.orderId}/share-links`, {
    data: { expiresInDays: 7 },
  });
  expect(created.status()).toBe(201);
  const shareUrl = String((await created.json()).url);

  const visitor = await newDevice(browser);
  const guest = await visitor.newPage();
  const errors: string[] = [];
  guest.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  guest.on('pageerror', (error) => errors.push(error.message));
  const treeFiles: string[] = [];
  guest.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/point-trees/')) treeFiles.push(path.split('/').slice(4).join('/'));
  });
  await guest.goto(new URL(shareUrl).pathname);
  await guest.getByRole('button', { name: `View ${fileName}` }).click();
  const viewer = guest.locator('[data-point-source="tree"]');
  await expect(viewer).toBeVisible({ timeout: 60_000 });
  await expect(viewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 60_000 });
  expect(Number(await viewer.getAttribute('data-points-loaded'))).toBeGreaterThan(0);
  expect(treeFiles).toContain('ept.json');
  expect(treeFiles).toContain('ept-data/0-0-0-0.bin');
  // The facts are still the original's, read from its header.
  await expect(guest.getByRole('table', { name: `Facts of ${fileName}` })).toContainText('250,000');
  expect(errors).toEqual([]);
  await visitor.close();

  // The admin, on another device, opens the file from the order's history: the same tree streams.
  const adminDevice = await newDevice(browser);
  await adminDevice.addCookies(adminCookies);
  const adminPage = await adminDevice.newPage();
  adminPage.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  adminPage.on('pageerror', (error) => errors.push(error.message));
  const adminTreeFiles: string[] = [];
  adminPage.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/point-trees/')) adminTreeFiles.push(path.split('/').slice(4).join('/'));
  });
  await adminPage.goto(`/admin/orders?order=${order.orderId}`);
  const entry = adminPage
    .getByRole('list', { name: 'Order history' })
    .getByRole('listitem')
    .filter({ hasText: `Deliverable: ${fileName}` });
  await entry.getByRole('link', { name: 'View' }).click();
  const adminViewer = adminPage.locator('[data-point-source="tree"]');
  await expect(adminViewer).toBeVisible({ timeout: 60_000 });
  await expect(adminViewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 60_000 });
  expect(Number(await adminViewer.getAttribute('data-points-loaded'))).toBeGreaterThan(0);
  expect(adminTreeFiles).toContain('ept-data/0-0-0-0.bin');
  expect(errors).toEqual([]);
  await adminDevice.close();
});
