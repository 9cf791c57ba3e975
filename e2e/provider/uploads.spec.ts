import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { expect, test, toast } from '../auth/support.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import { createMarketplace, signInPage, sqlText, startedOrder, type TMarketDeps } from '../support/marketplace.ts';

// A whole marketplace, a 20 MB upload with a lost connection and a closed tab, on a shared machine.
test.describe.configure({ timeout: 180_000 });

const MB = 1024 * 1024;

test('a provider uploads a large file through a lost connection and a closed tab; the customer sees it', async ({
  page,
  playwright,
  admin,
  inspector,
  request,
  consoleErrors,
}, testInfo) => {
  const deps: TMarketDeps = { playwright, admin, inspector, request };
  const market = await createMarketplace(deps);
  const order = await startedOrder(deps, market);
  // Two PATCHes of 16 MB and 4 MB; the file sits on disk so the browser sees the same file twice.
  const fileName = `site-${randomUUID().slice(0, 6)}.e57`;
  const bytes = deliverableBytes(fileName, 20 * MB);
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, bytes);

  let patches = 0;
  // PATCHes the page issued and those that ended (answered or cut): the tab is closed only when
  // none is between the two, so no piece can still reach the server after the close.
  const isPatch = (request: { method(): string; url(): string }) =>
    request.method() === 'PATCH' && request.url().includes('/api/provider/uploads/');
  let issued = 0;
  let ended = 0;
  page.on('request', (request) => {
    if (isPatch(request)) issued += 1;
  });
  const onEnded = (request: { method(): string; url(): string }) => {
    if (isPatch(request)) ended += 1;
  };
  page.on('requestfinished', onEnded);
  page.on('requestfailed', onEnded);
  await page.route('**/api/provider/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    // The first PATCH loses its connection (retried by itself); the second stores 16 MB; every
    // later one loses its connection too, so nothing beyond 16 MB can reach the server from this tab.
    if (patches === 2) return route.continue();
    return route.abort('connectionreset');
  });

  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Uploads' })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Accepted assignment' });
  await expect(select).toHaveValue(order.orderId);

  // Nothing chosen: the spec's validation toast.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Choose an accepted assignment and a file.')).toBeVisible();

  await page.getByLabel('Files', { exact: true }).setInputFiles(filePath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const item = page.getByRole('listitem', { name: fileName });
  await expect(item).toBeVisible();
  // The first chunk arrives after the automatic retry; the second never does; the tab is closed.
  // The third PATCH is sent only once the second was answered, so the server then holds 16 MB.
  await expect.poll(() => patches, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  // Pause stops the retries; then wait until every PATCH sent has ended.
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.getByTestId('upload-status')).toContainText('Paused');
  await expect.poll(() => issued - ended, { timeout: 30_000 }).toBe(0);
  const [stored] = await inspector.query<{ count: string }>(
    `SELECT count(*) AS count FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(Number(stored?.count)).toBe(0);
  const context = page.context();
  await page.close();

  // A new tab: the unfinished upload is remembered; the same file continues from 16 MB.
  const again = await context.newPage();
  const resumedOffsets: number[] = [];
  await again.route('**/api/provider/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH') {
      resumedOffsets.push(Number(route.request().headers()['upload-offset']));
    }
    return route.continue();
  });
  await again.goto(`/provider/uploads?order=${order.orderId}`);
  // Chosen through the bare input, the file left no handle: the queue asks for it again.
  await expect(again.getByRole('listitem', { name: fileName }).getByTestId('upload-status')).toContainText(
    'choose the same file again',
  );
  await again.getByLabel('Files', { exact: true }).setInputFiles(filePath);
  await again.getByRole('button', { name: 'Upload', exact: true }).click();
  const resumed = again.getByRole('listitem', { name: fileName });
  await expect(toast(again, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  await expect(resumed.getByTestId('upload-status')).toContainText(/Uploaded · 20 MB of 20 MB · resumed from 16/);
  // The new tab sent only what the server did not have: the whole first chunk, and nothing more,
  // was kept. The route handler records the offset on its own turn, so the test waits for it.
  await expect.poll(() => resumedOffsets[0], { timeout: 10_000 }).toBe(16 * MB);

  const filesOfOrder = again.getByRole('table', { name: 'Files of this order' });
  await expect(filesOfOrder.getByRole('row').filter({ hasText: fileName })).toContainText('Point cloud');
  await expect(filesOfOrder.getByRole('row').filter({ hasText: fileName })).toContainText('20 MB');
  await expect(again.getByRole('table', { name: 'Recent uploads' })).toContainText(fileName);

  // Stored once, whole: the checksum the browser sent was verified by the server.
  const rows = await inspector.query<{ checksum: string; size: string }>(
    `SELECT checksum, size FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(rows).toEqual([{ checksum: createHash('sha256').update(bytes).digest('hex'), size: String(bytes.length) }]);

  await again.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(again, 'The customer has been told their files are ready.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();
  await again.close();

  // The customer sees the file under the order.
  const customerPage = await context.browser()!.newPage();
  await signInPage(customerPage, market.customer);
  await customerPage.goto('/customer/deliverables');
  await expect(customerPage.getByRole('region', { name: order.title })).toContainText(fileName);
  await customerPage.close();
  // The connection is cut on purpose: only those requests may fail.
  expect(consoleErrors.filter((text) => !text.includes('net::ERR_CONNECTION_RESET'))).toEqual([]);
});

test('Pause stops a transfer mid-file and Resume finishes it from where it stopped', async ({
  page,
  playwright,
  admin,
  inspector,
  request,
}, testInfo) => {
  const deps: TMarketDeps = { playwright, admin, inspector, request };
  const market = await createMarketplace(deps);
  const order = await startedOrder(deps, market);
  const fileName = `mesh-${randomUUID().slice(0, 6)}.glb`;
  const bytes = deliverableBytes(fileName, 36 * MB);
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, bytes);

  // The second chunk's request waits until the test lets it go (it is aborted by Pause instead).
  let holdSecond = true;
  const offsets: number[] = [];
  let secondHeld: () => void = () => undefined;
  const secondArrived = new Promise<void>((resolve) => {
    secondHeld = resolve;
  });
  await page.route('**/api/provider/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const offset = Number(route.request().headers()['upload-offset']);
    offsets.push(offset);
    if (holdSecond && offset === 16 * MB) {
      secondHeld();
      return;
    }
    return route.continue();
  });

  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  await page.getByLabel('Files', { exact: true }).setInputFiles(filePath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const item = page.getByRole('listitem', { name: fileName });
  await secondArrived;
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.getByTestId('upload-status')).toContainText('Paused');
  await expect(item.getByRole('button', { name: 'Resume' })).toBeVisible();

  holdSecond = false;
  await item.getByRole('button', { name: 'Resume' }).click();
  await expect(toast(page, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  await expect(item.getByTestId('upload-status')).toContainText('Uploaded · 36 MB of 36 MB');
  // Resumed at the second chunk: the first 16 MiB were never sent again.
  expect(offsets.filter((offset) => offset === 0)).toHaveLength(1);
  const rows = await inspector.query<{ checksum: string }>(
    `SELECT checksum FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(rows).toEqual([{ checksum: createHash('sha256').update(bytes).digest('hex') }]);
});
