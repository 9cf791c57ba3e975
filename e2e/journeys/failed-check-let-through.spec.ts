import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { makeGeneratedLas } from '../../apps/server/test/las-files.ts';
import { adminCredentials, expect, newDevice, toast } from '../auth/support.ts';
import { signInPage, sqlText, startedOrder, test, uploadThroughPage } from '../support/marketplace.ts';

// A whole marketplace, an upload and its contained check, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

const POINTS = 2_000;
const LAS_RECORD_BYTES = 26;

test('a cut-short point cloud fails its check and blocks delivery until an admin lets it through with a reason', async ({
  page,
  browser,
  adminCookies,
  inspector,
  consoleErrors,
  deps,
  market,
}, testInfo) => {
  const order = await startedOrder(deps, market, { captureType: 'point-cloud' });
  // A LAS whose header states 2,000 points, the last 500 of them missing: an upload cut short.
  const whole = await makeGeneratedLas(POINTS);
  const fileName = `scan-${randomUUID().slice(0, 6)}.las`;
  const filePath = testInfo.outputPath(fileName);
  await writeFile(filePath, whole.subarray(0, whole.length - 500 * LAS_RECORD_BYTES));
  const failure = 'The file ends before its 2,000 points: it is cut short or damaged.';

  // The provider uploads it; the contained check fails it, and the page says why under the file.
  await signInPage(page, market.provider);
  await uploadThroughPage(page, order.orderId, filePath);
  const fileRow = page
    .getByRole('table', { name: 'Files of this order' })
    .getByRole('row')
    .filter({ hasText: fileName });
  const check = fileRow.getByRole('status', { name: 'Quality check' });
  // The page asks again while the file waits for its check; the bound is for a busy machine.
  await expect(check).toContainText('Check failed', { timeout: 60_000 });
  await expect(check.getByRole('listitem')).toHaveText([failure]);
  await expect(check).not.toContainText('Let through by an admin');

  // Mark delivered is refused with the file named, and the order stays captured.
  const markDelivered = page.getByRole('button', { name: 'Mark delivered' });
  await markDelivered.click();
  await expect(
    toast(page, `These files failed their check: ${fileName}. Replace them, or ask an admin to let them through.`),
  ).toBeVisible();
  await expect(markDelivered).toBeEnabled();
  const statusOf = async () =>
    (await inspector.query<{ status: string }>(`SELECT status FROM orders WHERE id = ${sqlText(order.orderId)}`))[0]
      ?.status;
  expect(await statusOf()).toBe('captured');

  // The admin, on another device, finds the failure in the order's history and lets the file through.
  const adminContext = await newDevice(browser);
  await adminContext.addCookies(adminCookies);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/orders?order=${order.orderId}`);
  await expect(adminPage.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  const entry = adminPage
    .getByRole('list', { name: 'Order history' })
    .getByRole('listitem')
    .filter({ hasText: `Deliverable: ${fileName}` });
  await expect(entry).toContainText('Check failed');
  await expect(entry).toContainText(failure);
  await entry.getByRole('button', { name: 'Let through' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Let ${fileName} through its check?` });
  await expect(dialog).toContainText(failure);
  // No reason, no override: the dialog says so and stays open.
  await dialog.getByRole('button', { name: 'Let the file through' }).click();
  await expect(dialog.getByText('Give a reason for letting this file through its check.')).toBeVisible();
  const reason = `The last strip was rescanned on site and sent by post (${randomUUID().slice(0, 4)}).`;
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Let the file through' }).click();
  await expect(toast(adminPage, 'File let through')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText(`Let through by an admin: ${reason}`);
  await expect(entry.getByRole('button', { name: 'Let through' })).toHaveCount(0);

  // The override is on record: who let which file through, what had failed, and why.
  const [deliverable] = await inspector.query<{ id: string }>(
    `SELECT id FROM deliverables WHERE order_id = ${sqlText(order.orderId)}`,
  );
  const audit = await inspector.query<{
    actor: string | null;
    before: { state: string; failures: { message: string }[] };
    after: { overrideReason: string; fileName: string };
  }>(
    `SELECT u.email AS actor, a.before, a.after FROM audit_log a LEFT JOIN "user" u ON u.id = a.actor_user_id
     WHERE a.entity = 'deliverable' AND a.entity_id = ${sqlText(deliverable!.id)} AND a.action = 'override_check'`,
  );
  expect(audit).toEqual([
    {
      actor: adminCredentials().email,
      before: expect.objectContaining({ state: 'failed', failures: [expect.objectContaining({ message: failure })] }),
      after: expect.objectContaining({ overrideReason: reason, fileName }),
    },
  ]);
  await adminContext.close();

  // The provider sees the admin's word under the file (the check still failed) and delivers.
  await page.reload();
  await expect(check).toContainText('Check failed');
  await expect(check).toContainText(`Let through by an admin: ${reason}`);
  await markDelivered.click();
  await expect(toast(page, 'The customer has been told their files are ready.')).toBeVisible();
  await expect(markDelivered).toBeDisabled();
  expect(await statusOf()).toBe('delivered');
  // The browser logs the refused delivery (409); nothing else may go wrong.
  expect(consoleErrors.filter((text) => !text.includes('409'))).toEqual([]);
});
