import { randomUUID } from 'node:crypto';
import { makeGeneratedLas } from '../../apps/server/test/las-files.ts';
import { expect } from '../auth/support.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';
import { pointsIn, zoomIntoNearCorner } from '../support/point-cloud-probe.ts';

// A LAS large enough for a tree of three levels (the writer makes a leaf of at most 100,000
// points, decision 226): once converted, the customer's viewer streams the tree, and zooming into
// one corner loads that corner's finer nodes.
test.describe.configure({ timeout: 240_000 });

const POINTS = 600_000;

test('a converted point cloud streams by view: zooming into a corner loads more points there', async ({
  page,
  consoleErrors,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const fileName = `site-${randomUUID().slice(0, 6)}.las`;
  const fileId = await uploadDeliverable(market.provider.api, order.orderId, fileName, await makeGeneratedLas(POINTS));
  await markDelivered(market.provider.api, order.orderId);
  await signInPage(page, market.customer);
  await page.goto(`/customer/orders/${order.orderId}/files/${fileId}`);

  // Until the tree is built the file itself streams; the page reads the list again and switches.
  const viewer = page.locator('[data-point-source="tree"]');
  await expect(viewer).toBeVisible({ timeout: 180_000 });
  await expect(viewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 60_000 });
  await expect(page.getByRole('combobox', { name: 'Point budget' })).toBeVisible();
  const heldInFullView = Number(await viewer.getAttribute('data-points-loaded'));
  expect(heldInFullView).toBeGreaterThan(0);
  // The full view holds the coarse levels, not every point.
  expect(heldInFullView).toBeLessThan(POINTS);
  // The facts are still the original file's.
  await expect(page.getByRole('table', { name: `Facts of ${fileName}` })).toContainText('600,000');

  const { corner, before } = await zoomIntoNearCorner(page, 1 / 4);
  expect(before).toBeGreaterThan(0);

  await expect(viewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 60_000 });
  await expect.poll(() => pointsIn(page, corner), { timeout: 30_000 }).toBeGreaterThanOrEqual(before * 2);
  expect(Number(await viewer.getAttribute('data-points-loaded'))).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
