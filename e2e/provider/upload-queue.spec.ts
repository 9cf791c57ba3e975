import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, toast } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import { markDelivered, signInPage, sqlText, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// Whole marketplaces and a 20 MB upload on a shared machine.
test.describe.configure({ timeout: 180_000 });

const MB = 1024 * 1024;
const PHONE = { width: 390, height: 844 };

/**
 * Drags a file from the disk onto `target` as the operating system does (Chromium's input
 * protocol): the page gets a real drop, whose items give the file's FileSystemFileHandle.
 */
async function dropFile(page: Page, target: Locator, filePath: string) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop zone is not on screen');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const session = await page.context().newCDPSession(page);
  const data = { items: [], files: [filePath], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    await session.send('Input.dispatchDragEvent', { type, ...at, data });
  }
  await session.detach();
}

test('an upload interrupted by closing the page resumes when the page is opened again, without choosing the file', async ({
  page,
  deps,
  market,
  inspector,
}, testInfo) => {
  const order = await startedOrder(deps, market);
  const fileName = `site-${randomUUID().slice(0, 6)}.e57`;
  const bytes = deliverableBytes(fileName, 20 * MB);
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, bytes);

  await signInPage(page, market.provider);
  const context = page.context();
  // The portal stays open in another tab, as it does on a provider's laptop: the browser keeps
  // its permission to read the dropped file while a tab of the site is open (after a browser
  // restart it asks once, behind the queue's Continue button).
  const dashboard = await context.newPage();
  await dashboard.goto('/provider');

  // The first piece (16 MiB) is stored; every later PATCH from this tab loses its connection.
  let patches = 0;
  let issued = 0;
  let ended = 0;
  const isPatch = (request: { method(): string; url(): string }) =>
    request.method() === 'PATCH' && request.url().includes('/api/provider/uploads/');
  page.on('request', (request) => {
    if (isPatch(request)) issued += 1;
  });
  page.on('requestfinished', (request) => {
    if (isPatch(request)) ended += 1;
  });
  page.on('requestfailed', (request) => {
    if (isPatch(request)) ended += 1;
  });
  await page.route('**/api/provider/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    return patches === 1 ? route.continue() : route.abort('connectionreset');
  });

  await page.goto(`/provider/uploads?order=${order.orderId}`);
  await expect(page.getByRole('combobox', { name: 'Accepted assignment' })).toHaveValue(order.orderId);
  await dropFile(page, page.getByRole('group', { name: 'Drop files here' }), filePath);
  await expect(page.getByTestId('chosen-files')).toHaveText(`Chosen: ${fileName}`);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const item = page.getByRole('listitem', { name: fileName });
  await expect.poll(() => patches, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.getByTestId('upload-status')).toContainText('Paused');
  await expect.poll(() => issued - ended, { timeout: 30_000 }).toBe(0);
  const [stored] = await inspector.query<{ count: string }>(
    `SELECT count(*) AS count FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(Number(stored?.count)).toBe(0);
  await page.close();

  // Opened again: nothing is chosen, the queue continues the file from where the server stopped.
  const again = await context.newPage();
  const offsets: number[] = [];
  const checksums: string[] = [];
  await again.route('**/api/provider/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH') {
      offsets.push(Number(route.request().headers()['upload-offset']));
      checksums.push(route.request().headers()['upload-checksum'] ?? '');
    }
    return route.continue();
  });
  await again.goto(`/provider/uploads?order=${order.orderId}`);
  await expect(toast(again, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  const resumed = again.getByRole('listitem', { name: fileName });
  await expect(resumed.getByTestId('upload-status')).toContainText(/Uploaded · 20 MB of 20 MB · resumed from 16/);
  expect(offsets).toEqual([16 * MB]);
  // The piece carried its own SHA-256, which the server checked.
  expect(checksums).toEqual([
    `sha256 ${createHash('sha256')
      .update(bytes.subarray(16 * MB))
      .digest('base64')}`,
  ]);
  const rows = await inspector.query<{ checksum: string }>(
    `SELECT checksum FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(rows).toEqual([{ checksum: createHash('sha256').update(bytes).digest('hex') }]);

  // Finished: the queue is empty when the page is opened once more.
  await again.close();
  const later = await context.newPage();
  await later.goto(`/provider/uploads?order=${order.orderId}`);
  await expect(later.getByRole('table', { name: 'Files of this order' })).toContainText(fileName);
  await expect(later.getByRole('listitem', { name: fileName })).toHaveCount(0);
  await later.close();
  await dashboard.close();
});

test('before delivery a file can be removed or replaced, each asked first; after delivery neither is offered', async ({
  page,
  deps,
  market,
  inspector,
}, testInfo) => {
  const order = await startedOrder(deps, market);
  const wrong = `wrong-${randomUUID().slice(0, 6)}.pdf`;
  const draft = `draft-${randomUUID().slice(0, 6)}.e57`;
  await uploadDeliverable(market.provider.api, order.orderId, wrong, deliverableBytes(wrong, 3000));
  await uploadDeliverable(market.provider.api, order.orderId, draft, deliverableBytes(draft, 5000));
  const fixedName = `fixed-${randomUUID().slice(0, 6)}.e57`;
  const fixedBytes = deliverableBytes(fixedName, 7000);
  const fixedPath = testInfo.outputPath(fixedName);
  await writeFile(fixedPath, fixedBytes);

  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  const files = page.getByRole('table', { name: 'Files of this order' });
  await expect(files.getByRole('row').filter({ hasText: wrong })).toBeVisible();

  // Remove: asked first; Cancel keeps it, Remove file deletes it.
  await files.getByRole('button', { name: `Remove ${wrong}` }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove this file?' });
  await expect(removeDialog).toContainText('cannot be undone');
  await removeDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(files.getByRole('row').filter({ hasText: wrong })).toBeVisible();
  await files.getByRole('button', { name: `Remove ${wrong}` }).click();
  await removeDialog.getByRole('button', { name: 'Remove file' }).click();
  await expect(toast(page, 'The file and its stored bytes are deleted.')).toBeVisible();
  await expect(files.getByRole('row').filter({ hasText: wrong })).toHaveCount(0);

  // Replace: the new file is chosen, confirmed, uploaded; the old one is gone with it.
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: `Replace ${draft}` }).click();
  await (await chooser).setFiles(fixedPath);
  const replaceDialog = page.getByRole('dialog', { name: 'Replace this file?' });
  await expect(replaceDialog).toContainText(`${fixedName} is uploaded in place of ${draft}`);
  await replaceDialog.getByRole('button', { name: 'Replace file' }).click();
  await expect(toast(page, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  await expect(files.getByRole('row').filter({ hasText: fixedName })).toBeVisible();
  await expect(files.getByRole('row').filter({ hasText: draft })).toHaveCount(0);
  const rows = await inspector.query<{ file_name: string; checksum: string }>(
    `SELECT file_name, checksum FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(rows).toEqual([{ file_name: fixedName, checksum: createHash('sha256').update(fixedBytes).digest('hex') }]);
  const audit = await inspector.query<{ action: string }>(
    `SELECT action FROM audit_log WHERE entity = 'deliverable' AND action IN ('remove', 'replace') AND before->>'orderId' = ${sqlText(order.orderId)} ORDER BY ts`,
  );
  expect(audit.map((entry) => entry.action)).toEqual(['remove', 'replace']);

  // Delivered: the file is the customer's now; neither action is offered.
  await markDelivered(market.provider.api, order.orderId);
  await page.reload();
  await expect(files.getByRole('row').filter({ hasText: fixedName })).toBeVisible();
  await expect(files.getByRole('button', { name: `Remove ${fixedName}` })).toHaveCount(0);
  await expect(files.getByRole('button', { name: `Replace ${fixedName}` })).toHaveCount(0);
});

test('at 390 px the drop zone fits, passes axe, takes a dropped file and is reached by the keyboard', async ({
  page,
  deps,
  market,
}, testInfo) => {
  const order = await startedOrder(deps, market);
  const fileName = `plan-${randomUUID().slice(0, 6)}.pdf`;
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, deliverableBytes(fileName, 2000));
  await page.setViewportSize(PHONE);
  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  const zone = page.getByRole('group', { name: 'Drop files here' });
  await expect(zone).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);

  // The keyboard reaches the real file input inside the zone, right after the order's select.
  await page.getByRole('combobox', { name: 'Accepted assignment' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Files', { exact: true })).toBeFocused();

  await dropFile(page, zone, filePath);
  await expect(page.getByTestId('chosen-files')).toHaveText(`Chosen: ${fileName}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Files of this order' })).toContainText(fileName);
});
