import { randomUUID } from 'node:crypto';
import { generatedPoint, type TLasPoint, writeGeneratedLas } from '../../apps/server/test/las-files.ts';
import { expect, toast } from '../auth/support.ts';
import { actAs, signInPage, sqlText, startedOrder, test, uploadThroughPage } from '../support/marketplace.ts';
import { pointsIn, screenPosition, type TVec3, zoomIntoNearCorner } from '../support/point-cloud-probe.ts';

// Issue 31's journey at full size: a generated 5 M-point LAS (130 MB) is uploaded through the
// provider's page, converted into its streaming tree with progress shown, opened by the customer,
// zoomed (more points where the view went), measured in metres and annotated; the provider sees
// the annotation. Sizes and waits are those of a loaded two-core machine: every wait is a state.
test.describe.configure({ timeout: 420_000 });

const POINTS = 5_000_000;
/** The generated grid's side, in metres (the file's coordinates are millimetres at scale 0.001). */
const SIDE_M = 100;

/** A point of the generated file, in its coordinates (metres). */
function fileCoordinates(index: number): TVec3 {
  const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
  generatedPoint(index, POINTS, SIDE_M, point);
  return [point.x / 1000, point.y / 1000, point.z / 1000];
}

type TStored = { label: string; measurement: { kind: string; points: { x: number; y: number; z: number }[] } };

test('a 5 M-point LAS is uploaded, converted with progress shown, zoomed, measured in metres and annotated for the provider to see', async ({
  page,
  consoleErrors,
  deps,
  market,
  inspector,
}, testInfo) => {
  const metric = await market.customer.api.patch('/api/customer/organization', { data: { unitSystem: 'metric' } });
  expect(metric.status(), await metric.text()).toBe(200);
  const order = await startedOrder(deps, market, { captureType: 'point-cloud' });
  const fileName = `plant-${randomUUID().slice(0, 6)}.las`;
  const filePath = testInfo.outputPath(fileName);
  await writeGeneratedLas(filePath, POINTS, SIDE_M);

  // The provider uploads it through the page, as anyone would.
  await signInPage(page, market.provider);
  await uploadThroughPage(page, order.orderId, filePath, 180_000);

  // Its streaming tree is built meanwhile, with progress beside the file; the check passes.
  const row = page.getByRole('table', { name: 'Files of this order' }).getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText(/^Preparing for streaming: \d+ %$/)).toBeVisible();
  await expect(row.getByText(/^Preparing for streaming/)).toHaveCount(0, { timeout: 180_000 });
  await expect(row.getByRole('status', { name: 'Quality check' })).toContainText(/Check passed.*5,000,000 points/, {
    timeout: 120_000,
  });
  const [file] = await inspector.query<{ id: string; tree_state: string }>(
    `SELECT id, tree_state FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(file?.tree_state).toBe('ready');
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, 'The customer has been told their files are ready.')).toBeVisible();

  // The customer opens it: the tree streams, the full view holds far fewer than 5 M points.
  await actAs(page, market.customer);
  await page.goto(`/customer/orders/${order.orderId}/files/${file?.id}`);
  const viewer = page.locator('[data-point-source="tree"]');
  await expect(viewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 120_000 });
  await expect(page.getByRole('table', { name: `Facts of ${fileName}` })).toContainText('5,000,000');
  const heldInFullView = Number(await viewer.getAttribute('data-points-loaded'));
  expect(heldInFullView).toBeGreaterThan(0);
  expect(heldInFullView).toBeLessThan(POINTS / 2);

  // Zooming into the corner nearest the camera loads that corner's finer nodes.
  const { corner, before } = await zoomIntoNearCorner(page, 1 / 8);
  expect(before).toBeGreaterThan(0);
  await expect(viewer).toHaveAttribute('data-stream-state', 'idle', { timeout: 120_000 });
  await expect.poll(() => pointsIn(page, corner), { timeout: 60_000 }).toBeGreaterThanOrEqual(before * 4);

  // The customer measures between two points of the corner, in metres, and saves it.
  const tools = page.getByRole('region', { name: 'Measure and annotate' });
  await expect(tools).toContainText('Figures in metres');
  await tools.getByRole('button', { name: 'Measure distance' }).click();
  const measurement = tools.getByRole('status', { name: 'Measurement' });
  await expect(measurement).toHaveText('Click the first point.');
  // Two points of the file a few metres apart inside the corner: where they are drawn is asked of the view.
  const columns = Math.ceil(Math.sqrt(POINTS));
  const rowOf = (metres: number) => Math.round((metres / SIDE_M) * columns);
  const first = fileCoordinates(rowOf(4) * columns + (columns - 1 - rowOf(8)));
  const second = fileCoordinates(rowOf(9) * columns + (columns - 1 - rowOf(4)));
  for (const point of [first, second]) {
    const at = await screenPosition(page, point);
    await page.mouse.click(at.x, at.y);
    if (point === first) await expect(measurement).toHaveText('Click the second point.');
  }
  await expect(measurement).toHaveText(/^Distance: \d+\.\d\d m$/);
  const shown = ((await measurement.textContent()) ?? '').replace('Distance: ', '');
  await tools.getByRole('textbox', { name: 'Label' }).fill('Tank spacing');
  await tools.getByRole('button', { name: 'Save annotation' }).click();
  await expect(toast(page, 'Annotation saved')).toBeVisible();

  // Kept in the file's coordinates: the distance between the two stored points is the one shown,
  // and both lie in the quarter of the cloud the view went to (a pick takes the point nearest the
  // ray, which in this rippled cloud may lie a little behind the one aimed at).
  const [stored] = await inspector.query<TStored>(
    `SELECT label, measurement FROM file_annotations WHERE deliverable_id = ${sqlText(file?.id ?? '')}`,
  );
  expect(stored?.label).toBe('Tank spacing');
  expect(stored?.measurement.kind).toBe('distance');
  const [a, b] = stored?.measurement.points ?? [];
  if (!a || !b) throw new Error('the measurement has no two points');
  for (const point of [a, b]) {
    expect(point.x).toBeGreaterThan(SIDE_M / 2);
    expect(point.y).toBeLessThan(SIDE_M / 2);
  }
  const metres = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
  expect(metres).toBeGreaterThan(1);
  expect(shown).toBe(`${metres.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`);

  // The provider opens the same file and finds the customer's annotation, in metres.
  await actAs(page, market.provider);
  await page.goto(`/provider/orders/${order.orderId}/files/${file?.id}`);
  await expect(page.locator('[data-point-source="tree"]')).toBeVisible({ timeout: 120_000 });
  const item = page
    .getByRole('region', { name: 'Measure and annotate' })
    .getByRole('list', { name: 'Annotations' })
    .getByRole('listitem', { name: 'Tank spacing' });
  await expect(item).toContainText(`Distance: ${shown}`);
  expect(consoleErrors).toEqual([]);
});
