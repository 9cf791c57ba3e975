import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { writeLaz } from '../../apps/web/src/features/deliverable-viewer/point-cloud/test/laz-writer.ts';
import {
  gridCloud,
  writeE57,
  writeLas,
  writePly,
} from '../../apps/web/src/features/deliverable-viewer/point-cloud/test/point-cloud-fixtures.ts';
import { expect } from '../auth/support.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// The point-cloud viewer on a deliverable's page (/customer/orders/:orderId/files/:fileId), with
// files written by code: a binary PLY, a LAS 1.4 in survey coordinates, a LAZ (compressed by the
// test LASzip writer) and an E57 (facts only).
test.describe.configure({ timeout: 180_000 });

function filePage(orderId: string, fileId: string) {
  return `/customer/orders/${orderId}/files/${fileId}`;
}

/**
 * Distinct colours in the middle of the drawn canvas (its rounded corners left out): 1 for a blank
 * view, many for points coloured by their RGB.
 */
async function coloursDrawn(canvas: Locator): Promise<number> {
  const { data, info } = await sharp(await canvas.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let y = Math.floor(info.height / 4); y < (info.height * 3) / 4; y += 1) {
    for (let x = Math.floor(info.width / 4); x < (info.width * 3) / 4; x += 1) {
      const at = (y * info.width + x) * info.channels;
      colours.add((data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!);
    }
  }
  return colours.size;
}

/** The viewer's root, once its state is the one named. */
function viewer(page: Page, state: string) {
  return page.locator(`[data-viewer-state="${state}"]`);
}

test('a customer opens a PLY, a LAS and a LAZ point cloud in the viewer, and an E57 shows its scans', async ({
  page,
  consoleErrors,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const tag = randomUUID().slice(0, 6);
  const plyName = `terrace-${tag}.ply`;
  const lasName = `facade-${tag}.las`;
  const e57Name = `hall-${tag}.e57`;
  const lazName = `quarry-${tag}.laz`;
  const flatLazName = `pit-${tag}.laz`;
  const ply = writePly({ format: 'binary_little_endian', count: 10_000, point: gridCloud(100, 20), color: true });
  const las = writeLas({
    minor: 4,
    pointFormat: 7,
    count: 40_000,
    point: gridCloud(200, 60, [512_000, 5_402_000, 38]),
    offset: [512_000, 5_402_000, 0],
  });
  // 120,000 points in chunks of 50,000 (LASzip's default size): three chunks, the last partial.
  const laz = writeLaz({
    minor: 2,
    pointFormat: 3,
    count: 120_000,
    chunkSize: 50_000,
    point: gridCloud(400, 80, [512_000, 5_402_000, 38]),
    offset: [512_000, 5_402_000, 0],
  });
  // A LAZ whose writer never went back to write where its chunk table is.
  const flatLaz = writeLaz({
    minor: 2,
    pointFormat: 1,
    count: 3_000,
    point: gridCloud(60, 10),
    withoutChunkTable: true,
  });
  const e57 = writeE57([
    { name: 'Hall east', guid: '{E1}', count: 1_500_000, bounds: { min: [-5, -6, -1.5], max: [5, 6, 4] } },
    { name: 'Hall west', guid: '{E2}', count: 700_000, bounds: { min: [-4, -6, -1.5], max: [9, 6, 4] } },
  ]);
  const plyId = await uploadDeliverable(market.provider.api, order.orderId, plyName, Buffer.from(ply));
  const lasId = await uploadDeliverable(market.provider.api, order.orderId, lasName, Buffer.from(las));
  const e57Id = await uploadDeliverable(market.provider.api, order.orderId, e57Name, Buffer.from(e57));
  const lazId = await uploadDeliverable(market.provider.api, order.orderId, lazName, Buffer.from(laz.bytes));
  const flatLazId = await uploadDeliverable(
    market.provider.api,
    order.orderId,
    flatLazName,
    Buffer.from(flatLaz.bytes),
  );
  await markDelivered(market.provider.api, order.orderId);
  await signInPage(page, market.customer);

  // Each of PLY, LAS and LAZ is converted into a streaming tree on upload (decisions 226, 244);
  // until its tree is ready the page streams the file itself, then switches. The test waits for
  // the switch, so what it sees does not hang on how fast the machine converts; reading the file
  // itself by ranges is covered by the viewer's own tests.
  const openTree = async (fileId: string) => {
    await page.goto(filePage(order.orderId, fileId));
    const streamed = page.locator('[data-point-source="tree"]');
    await expect(streamed).toBeVisible({ timeout: 180_000 });
    await expect(streamed).toHaveAttribute('data-stream-state', 'idle', { timeout: 60_000 });
    return streamed;
  };

  // PLY: its points drawn (the nodes the view needs, of the whole count), coloured by its RGB.
  await openTree(plyId);
  await expect(page.getByText(/^Showing [\d.]+ k of 10 k points$/)).toBeVisible();
  await expect(page.getByRole('img', { name: `Point cloud ${plyName}` }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'RGB' })).toBeChecked();
  await expect(page.getByRole('link', { name: `Download ${plyName}` })).toBeVisible();

  // LAS 1.4 in survey coordinates: the facts come from the header.
  await openTree(lasId);
  await expect(page.getByText(/^Showing [\d.]+ k of 40 k points$/)).toBeVisible();
  const facts = page.getByRole('table', { name: `Facts of ${lasName}` });
  await expect(facts).toContainText('LAS 1.4');
  await expect(facts).toContainText('40,000');
  await expect(facts).toContainText('512,000, 5,402,000, 38 to 512,060, 5,402,060');
  await page.getByRole('button', { name: 'Fit to view' }).click();
  // Its points carry colour: shown by RGB first, by height on request.
  await expect(page.getByRole('radio', { name: 'RGB' })).toBeChecked();
  await page.getByText('Height', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Height' })).toBeChecked();

  // LAZ: decoded chunk by chunk into its tree; the points are on screen, coloured by their RGB.
  await openTree(lazId);
  await expect(page.getByText(/^Showing [\d.]+ k of 120 k points$/)).toBeVisible();
  const lazFacts = page.getByRole('table', { name: `Facts of ${lazName}` });
  await expect(lazFacts).toContainText('LAZ 1.2');
  await expect(lazFacts).toContainText('120,000');
  await expect(page.getByRole('radio', { name: 'RGB' })).toBeChecked();
  const lazCanvas = page.getByRole('img', { name: `Point cloud ${lazName}` }).locator('canvas');
  await expect(lazCanvas).toBeVisible();
  await expect.poll(() => coloursDrawn(lazCanvas)).toBeGreaterThan(100);

  // A LAZ without its chunk table cannot be read by parts: the facts say so, with the download.
  await page.goto(filePage(order.orderId, flatLazId));
  await expect(viewer(page, 'facts')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('This LAZ file has no chunk table')).toBeVisible();
  await expect(page.getByRole('table', { name: `Facts of ${flatLazName}` })).toContainText('3,000');
  await expect(page.getByRole('link', { name: `Download ${flatLazName}` })).toBeVisible();

  // E57: this one's pages fail their checksums, so it gets no tree; its header and XML section
  // still give the scans, with the download.
  await page.goto(filePage(order.orderId, e57Id));
  await expect(viewer(page, 'ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: `Facts of ${e57Name}` })).toContainText('2,200,000');
  const scans = page.getByRole('table', { name: `Scans in ${e57Name}` });
  await expect(scans.getByRole('row').filter({ hasText: 'Hall east' })).toContainText('1,500,000');
  await expect(scans.getByRole('row').filter({ hasText: 'Hall west' })).toContainText('700,000');
  await expect(page.getByRole('link', { name: `Download ${e57Name}` })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('without WebGL the point-cloud page shows the file facts and the download, never an empty box', async ({
  page,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const fileName = `plot-${randomUUID().slice(0, 6)}.las`;
  const las = writeLas({ minor: 2, pointFormat: 3, count: 2_500, point: gridCloud(50, 10, [100, 200, 5]) });
  const fileId = await uploadDeliverable(market.provider.api, order.orderId, fileName, Buffer.from(las));
  await markDelivered(market.provider.api, order.orderId);
  await signInPage(page, market.customer);
  // A browser where WebGL is switched off: every WebGL context request fails.
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function getContext(
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      if (kind.startsWith('webgl') || kind === 'experimental-webgl') return null;
      return (original as (...args: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof original;
  });

  await page.goto(filePage(order.orderId, fileId));
  await expect(viewer(page, 'facts')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('This browser cannot draw 3D')).toBeVisible();
  const facts = page.getByRole('table', { name: `Facts of ${fileName}` });
  await expect(facts).toContainText('LAS 1.2');
  await expect(facts).toContainText('2,500');
  await expect(facts).toContainText('RGB');
  await expect(viewer(page, 'facts').locator('canvas')).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Download ${fileName}` })).toBeVisible();
});
