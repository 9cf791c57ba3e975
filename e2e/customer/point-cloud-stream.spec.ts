import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { makeGeneratedLas } from '../../apps/server/test/las-files.ts';
import { expect } from '../auth/support.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// A LAS large enough for a tree of three levels (the writer makes a leaf of at most 100,000
// points, decision 226): once converted, the customer's viewer streams the tree, and zooming into
// one corner loads that corner's finer nodes.
test.describe.configure({ timeout: 240_000 });

const POINTS = 600_000;

type TBox = { min: [number, number, number]; max: [number, number, number] };
type TProbe = {
  bounds: TBox;
  pointsWithin(min: number[], max: number[]): number;
  screenPosition(point: number[]): { x: number; y: number };
};

function pointsIn(page: Page, box: TBox) {
  return page.evaluate(
    ({ min, max }) => (window as unknown as { pointCloudProbe: TProbe }).pointCloudProbe.pointsWithin(min, max),
    box,
  );
}

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

  const bounds = await page.evaluate(() => (window as unknown as { pointCloudProbe: TProbe }).pointCloudProbe.bounds);
  const width = (bounds.max[0] - bounds.min[0]) / 4;
  const depth = (bounds.max[1] - bounds.min[1]) / 4;
  // The corner nearest the camera.
  const corner: TBox = {
    min: [bounds.max[0] - width, bounds.min[1], bounds.min[2]],
    max: [bounds.max[0], bounds.min[1] + depth, bounds.max[2]],
  };
  const before = await pointsIn(page, corner);
  expect(before).toBeGreaterThan(0);
  const aim = await page.evaluate(
    (point) => (window as unknown as { pointCloudProbe: TProbe }).pointCloudProbe.screenPosition(point),
    [bounds.max[0] - width / 2, bounds.min[1] + depth / 2, (bounds.min[2] + bounds.max[2]) / 2],
  );
  await page.mouse.move(aim.x, aim.y);
  for (let step = 0; step < 8; step += 1) await page.mouse.wheel(0, -500);

  await expect(viewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 60_000 });
  await expect.poll(() => pointsIn(page, corner), { timeout: 30_000 }).toBeGreaterThanOrEqual(before * 2);
  expect(Number(await viewer.getAttribute('data-points-loaded'))).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
