import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ORDER_ACTION_MESSAGES } from '../../packages/shared/src/contracts/admin-console/orders.ts';
import { expect, newDevice, toast } from '../auth/support.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import { scheduledOrder, signInPage, sqlText, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// Whole marketplaces on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** A date-time as the page writes it (the browser's own format). */
function formatted(page: Page, iso: string) {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    iso,
  );
}

test('uploads stay closed until the capture window; an admin opens them early with a reason; the provider then uploads and delivers', async ({
  page,
  browser,
  adminCookies,
  inspector,
  consoleErrors,
  deps,
  market,
}, testInfo) => {
  const order = await scheduledOrder(deps, market);
  const fileName = `early-${randomUUID().slice(0, 6)}.e57`;
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, deliverableBytes(fileName, 4096));

  // The provider: the order can be chosen, but says when uploads open, and nothing can be sent.
  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  const windowStart = await formatted(page, order.start.toISOString());
  const closed = page.getByRole('alert').filter({ hasText: 'Uploads not open yet' });
  await expect(closed).toContainText(windowStart);
  await expect(page.getByRole('combobox', { name: 'Accepted assignment' })).toHaveValue(order.orderId);
  await expect(page.getByRole('option', { name: new RegExp(`uploads open ${windowStart}`) })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  // The admin, on another device: Open uploads early asks for a reason, then records it.
  const adminContext = await newDevice(browser);
  await adminContext.addCookies(adminCookies);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/orders?order=${order.orderId}`);
  await expect(adminPage.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Open uploads early' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Open uploads before the capture window?' });
  await expect(dialog).toContainText(windowStart);
  await dialog.getByRole('button', { name: 'Open uploads' }).click();
  await expect(dialog.getByText(ORDER_ACTION_MESSAGES.earlyUploadReasonRequired)).toBeVisible();
  const reason = `The venue opened two days early (${randomUUID().slice(0, 4)}).`;
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Open uploads' }).click();
  await expect(toast(adminPage, ORDER_ACTION_MESSAGES.uploadsOpened.title)).toBeVisible();
  const history = adminPage.getByRole('list', { name: 'Order history' });
  await expect(history).toContainText('Uploads opened before the capture window');
  await expect(history).toContainText(`Reason: ${reason}`);
  await expect(adminPage.getByRole('button', { name: 'Open uploads early' })).toHaveCount(0);
  const audit = await inspector.query<{ action: string; after: { reason: string } }>(
    `select action, after from audit_log where entity_id = ${sqlText(order.orderId)} and action = 'open_uploads_early'`,
  );
  expect(audit).toEqual([{ action: 'open_uploads_early', after: expect.objectContaining({ reason }) }]);
  await adminContext.close();

  // The provider sees why uploads are open, uploads, and marks the order delivered.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Uploads opened early' })).toContainText(reason);
  await expect(page.getByRole('alert').filter({ hasText: 'Uploads not open yet' })).toHaveCount(0);
  await page.getByLabel('Files', { exact: true }).setInputFiles(filePath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, 'The customer has been told their files are ready.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a provider whose capture window has started uploads without asking anyone', async ({
  page,
  deps,
  market,
}, testInfo) => {
  const order = await startedOrder(deps, market);
  const fileName = `tour-${randomUUID().slice(0, 6)}.glb`;
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, deliverableBytes(fileName, 2048));
  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  await expect(page.getByRole('combobox', { name: 'Accepted assignment' })).toHaveValue(order.orderId);
  await expect(page.getByRole('alert').filter({ hasText: 'Uploads not open yet' })).toHaveCount(0);
  await page.getByLabel('Files', { exact: true }).setInputFiles(filePath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Files of this order' })).toContainText(fileName);
});

test('an admin completes an order never marked delivered only with a reason, which the history keeps', async ({
  page,
  adminCookies,
  inspector,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  await uploadDeliverable(market.provider.api, order.orderId, 'scan.e57', Buffer.alloc(3000, 1));

  await page.context().addCookies(adminCookies);
  await page.goto(`/admin/orders?order=${order.orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history).toContainText('Capture recorded');
  await page.getByRole('button', { name: 'Mark completed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order completed?' });
  await expect(dialog).toContainText('has not been marked delivered');
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(dialog.getByText(ORDER_ACTION_MESSAGES.completeReasonRequired)).toBeVisible();
  const reason = 'The customer received the files on a drive and signed off.';
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(toast(page, ORDER_ACTION_MESSAGES.completed.title)).toBeVisible();
  await expect(history).toContainText('Order completed before delivery');
  await expect(history).toContainText(`Reason: ${reason}`);
  const audit = await inspector.query<{ after: { status: string; reason: string } }>(
    `select after from audit_log where entity_id = ${sqlText(order.orderId)} and action = 'complete'`,
  );
  expect(audit).toEqual([{ after: expect.objectContaining({ status: 'completed', reason }) }]);
});
