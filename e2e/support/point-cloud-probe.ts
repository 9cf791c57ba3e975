import type { Page } from '@playwright/test';
import type { TVec3 } from '../../apps/web/src/features/deliverable-viewer/point-cloud/ept/ept-tree.ts';
import type { TPointCloudProbe } from '../../apps/web/src/features/deliverable-viewer/point-cloud/ept/open-tree-stream.ts';

/**
 * What a browser test asks of a streamed point cloud through `window.pointCloudProbe` (set by the
 * viewer while a tree is open), since points on a canvas cannot be counted: points held in a box,
 * where a point is drawn, and the zoom into one corner the tree tests make.
 */

export type { TVec3 };
export type TBox = TPointCloudProbe['bounds'];

/** Points the viewer holds inside a box of the file's coordinates. */
export function pointsIn(page: Page, box: TBox) {
  return page.evaluate(
    ({ min, max }) =>
      (window as unknown as { pointCloudProbe: TPointCloudProbe }).pointCloudProbe.pointsWithin(min, max),
    box,
  );
}

/** Where a point of the file's coordinates is drawn, in page pixels. */
export function screenPosition(page: Page, point: TVec3) {
  return page.evaluate(
    (value) => (window as unknown as { pointCloudProbe: TPointCloudProbe }).pointCloudProbe.screenPosition(value),
    point,
  );
}

/**
 * Zooms with eight wheel steps into the corner nearest the camera (high x, low y), `share` of
 * the cloud's width and depth; returns that corner and the points it held before the zoom.
 */
export async function zoomIntoNearCorner(page: Page, share: number) {
  const bounds = await page.evaluate(
    () => (window as unknown as { pointCloudProbe: TPointCloudProbe }).pointCloudProbe.bounds,
  );
  const width = (bounds.max[0] - bounds.min[0]) * share;
  const depth = (bounds.max[1] - bounds.min[1]) * share;
  const corner: TBox = {
    min: [bounds.max[0] - width, bounds.min[1], bounds.min[2]],
    max: [bounds.max[0], bounds.min[1] + depth, bounds.max[2]],
  };
  const before = await pointsIn(page, corner);
  const aim = await screenPosition(page, [
    bounds.max[0] - width / 2,
    bounds.min[1] + depth / 2,
    (bounds.min[2] + bounds.max[2]) / 2,
  ]);
  await page.mouse.move(aim.x, aim.y);
  for (let step = 0; step < 8; step += 1) await page.mouse.wheel(0, -500);
  return { corner, before };
}
