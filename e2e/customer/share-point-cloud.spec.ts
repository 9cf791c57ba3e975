import { randomUUID } from 'node:crypto';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { makeGeneratedLas } from '../../apps/server/test/las-files.ts';
import { expect, newDevice } from '../auth/support.ts';
import { markDelivered, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// A shared point cloud streams its tree on the share page, as in the portals (decision 245): the
// visitor's viewer reads the tree's nodes by their signed link, not the original file.
test.describe.configure({ timeout: 240_000 });

// Two levels: a root and its children (a leaf holds at most 100,000 points, decision 226).
const POINTS = 250_000;

test('a shared point cloud streams its tree on the share page', async ({ browser, deps, market }) => {
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
});
