import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import { actAs, markDelivered, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// A whole marketplace and two portals on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test("payout: the customer approves, an admin records the bank transfer, the provider's Earnings shows the job paid and the statement downloads", async ({
  page,
  consoleErrors,
  deps,
  market,
  admin,
}) => {
  const order = await startedOrder(deps, market);
  await uploadDeliverable(market.provider.api, order.orderId, 'survey.e57', deliverableBytes('survey.e57', 2000));
  await markDelivered(market.provider.api, order.orderId);
  const approved = await market.customer.api.post(`/api/customer/orders/${order.orderId}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);

  // The provider sees the job payable, expected 14 days after the approval.
  await actAs(page, market.provider);
  await page.goto('/provider/earnings');
  const jobs = page.getByRole('table', { name: 'Earnings by job' });
  const jobRow = jobs.getByRole('row').filter({ hasText: order.title });
  await expect(jobRow).toContainText('Payable');
  await expect(jobRow).toContainText('$500.00');

  // The admin records the bank transfer for this provider in a payout run.
  const reference = `BACS-${randomUUID().slice(0, 8)}`;
  await actAs(page, { api: admin });
  await page.goto('/admin/payouts');
  const run = page.getByRole('form', { name: 'Payout run' });
  const owed = run.getByRole('table', { name: `Owed to ${market.provider.organization.name} in USD` });
  await expect(owed.getByRole('row').filter({ hasText: order.title })).toContainText('$500.00');
  await run
    .getByRole('textbox', { name: `Bank transfer reference for ${market.provider.organization.name} (USD)` })
    .fill(reference);
  await run.getByRole('button', { name: 'Record payout run (1)' }).click();
  await expect(page.getByText(`Payout recorded — ${market.provider.organization.name}: $500.00`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Payout runs' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText('$500.00');
  expect(await axeViolations(page)).toEqual([]);

  // The provider's Earnings shows the job paid, with the reference, and the statement downloads.
  await actAs(page, market.provider);
  await page.goto('/provider/earnings');
  await expect(jobRow).toContainText('Paid');
  await expect(jobRow).toContainText(reference);
  const totals = page.getByRole('table', { name: 'Totals per currency' });
  await expect(totals.getByRole('row').filter({ hasText: 'USD' })).toContainText('$500.00');
  expect(await axeViolations(page)).toEqual([]);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv).toContain(order.title);
  expect(csv).toContain(reference);
  expect(csv).toMatch(/Total,USD,500,0,500,0,0/);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('statement-all.pdf');
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  expect(consoleErrors).toEqual([]);
});
