import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  gridCloud,
  writeLas,
} from '../../apps/web/src/features/deliverable-viewer/point-cloud/test/point-cloud-fixtures.ts';
import { expect, toast } from '../auth/support.ts';
import { actAs, markDelivered, sqlText, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// Measure and annotate in real units (decision 240): a point cloud deliverable, measured by the
// customer in metres, saved as an annotation on the server and seen by the provider on the same file.
test.describe.configure({ timeout: 180_000 });

/** The point-cloud viewer once every planned point is drawn. */
function readyCloud(page: Page) {
  return page.locator('[data-viewer-state="ready"]');
}

/** Clicks the cloud at a fraction of its canvas (the grid fills the middle of the fitted view). */
async function clickCloud(canvas: Locator, fx: number, fy: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the point-cloud canvas has no box');
  await canvas.click({ position: { x: box.width * fx, y: box.height * fy } });
}

type TStored = {
  label: string;
  x: number;
  y: number;
  z: number;
  measurement: { kind: string; points: { x: number; y: number; z: number }[] };
};

test('a customer measures a distance in metres on a point cloud, saves it as an annotation, and the provider sees it on the same file', async ({
  page,
  consoleErrors,
  deps,
  market,
  inspector,
}) => {
  // The customer's organisation reads metres (decision 203); the file names no unit, so metres are assumed.
  const metric = await market.customer.api.patch('/api/customer/organization', { data: { unitSystem: 'metric' } });
  expect(metric.status(), await metric.text()).toBe(200);
  const order = await startedOrder(deps, market, { captureType: 'point-cloud' });
  const fileName = `hall-${randomUUID().slice(0, 6)}.las`;
  const las = writeLas({
    minor: 2,
    pointFormat: 3,
    count: 40_000,
    point: gridCloud(200, 60, [512_000, 5_402_000, 38]),
    offset: [512_000, 5_402_000, 0],
  });
  const fileId = await uploadDeliverable(market.provider.api, order.orderId, fileName, Buffer.from(las));
  await markDelivered(market.provider.api, order.orderId);

  // The customer opens the cloud and measures a distance between two picked points.
  await actAs(page, market.customer);
  await page.goto(`/customer/orders/${order.orderId}/files/${fileId}`);
  await expect(readyCloud(page)).toBeVisible({ timeout: 30_000 });
  const tools = page.getByRole('region', { name: 'Measure and annotate' });
  await expect(tools).toContainText('Figures in metres');
  await expect(tools).toContainText('The file names no unit: its coordinates are taken as metres.');
  await expect(tools.getByText('No annotations yet.')).toBeVisible();
  await tools.getByRole('button', { name: 'Measure distance' }).click();
  const measurement = tools.getByRole('status', { name: 'Measurement' });
  await expect(measurement).toHaveText('Click the first point.');
  const canvas = page.getByRole('img', { name: `Point cloud ${fileName}` }).locator('canvas');
  await clickCloud(canvas, 0.35, 0.5);
  await expect(measurement).toHaveText('Click the second point.');
  await clickCloud(canvas, 0.65, 0.55);
  await expect(measurement).toHaveText(/^Distance: \d+\.\d\d m$/);
  const shown = ((await measurement.textContent()) ?? '').replace('Distance: ', '');
  // Drawn over the view while it is measured.
  await expect(page.locator('[data-annotation-label="draft"]')).toHaveText(shown);

  await tools.getByRole('textbox', { name: 'Label' }).fill('Hall width');
  await tools.getByRole('button', { name: 'Save annotation' }).click();
  await expect(toast(page, 'Annotation saved')).toBeVisible();
  const list = tools.getByRole('list', { name: 'Annotations' });
  await expect(list.getByRole('listitem', { name: 'Hall width' })).toContainText(`Distance: ${shown}`);

  // The server keeps the two points in the file's own coordinates: their distance is the one shown.
  const [stored] = await inspector.query<TStored>(
    `SELECT label, x, y, z, measurement FROM file_annotations WHERE deliverable_id = ${sqlText(fileId)}`,
  );
  expect(stored?.label).toBe('Hall width');
  expect(stored?.measurement.kind).toBe('distance');
  const [a, b] = stored?.measurement.points ?? [];
  if (!a || !b) throw new Error('the measurement has no two points');
  for (const point of [a, b]) {
    expect(point.x).toBeGreaterThanOrEqual(512_000);
    expect(point.x).toBeLessThanOrEqual(512_060);
    expect(point.y).toBeGreaterThanOrEqual(5_402_000);
    expect(point.y).toBeLessThanOrEqual(5_402_060);
  }
  const metres = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
  expect(metres).toBeGreaterThan(1);
  expect(shown).toBe(`${metres.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`);

  // The provider opens the same file: the annotation is there, in metres, labelled over the view.
  await actAs(page, market.provider);
  await page.goto(`/provider/orders/${order.orderId}/files/${fileId}`);
  await expect(readyCloud(page)).toBeVisible({ timeout: 30_000 });
  const providerTools = page.getByRole('region', { name: 'Measure and annotate' });
  const item = providerTools.getByRole('list', { name: 'Annotations' }).getByRole('listitem', { name: 'Hall width' });
  await expect(item).toContainText(`Distance: ${shown}`);
  // The customer wrote it: the provider may read it, not change or remove it.
  await expect(item.getByRole('button', { name: 'Change label' })).toHaveCount(0);
  await expect(page.locator('[data-annotation-label="saved"]')).toHaveText(`Hall width · ${shown}`);
  await item.getByRole('button', { name: 'Go to Hall width' }).click();
  await expect(item).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-annotation-label="focused"]')).toHaveText(`Hall width · ${shown}`);

  // The export carries the file's own coordinates.
  const csv = await market.provider.api.get(`/api/provider/files/${fileId}/annotations.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`Hall width,${stored?.x},${stored?.y},${stored?.z},distance,`);
  expect(consoleErrors).toEqual([]);
});
