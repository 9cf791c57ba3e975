import { randomUUID } from 'node:crypto';
import { expect, toast } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { BANK, bytesOf, companyWithBankAccount, openCustomerBilling } from '../support/billing.ts';
import {
  acceptQuote,
  actAs,
  createOrder,
  markDelivered,
  sendQuote,
  sqlText,
  startedOrder,
  test,
  uploadDeliverable,
} from '../support/marketplace.ts';
import { gradientPng } from '../support/viewer-fixtures.ts';

// A whole marketplace, three portals and a PDF rendered per invoice on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('pay before download with a bank transfer: the invoice is e-mailed with its PDF, downloads wait with a watermarked viewer, and unlock once an admin records the transfer', async ({
  page,
  consoleErrors,
  deps,
  market,
  admin,
  inspector,
}) => {
  await companyWithBankAccount(admin);

  // An admin turns on pay before download on the customer organisation's page.
  await actAs(page, { api: admin });
  const billing = await openCustomerBilling(page, market.customer.organization.id);
  const payFirst = billing.getByRole('switch', { name: 'Pay before download' });
  await expect(payFirst).not.toBeChecked();
  await payFirst.check();
  await billing.getByRole('button', { name: 'Save billing' }).click();
  await expect(toast(page, 'Billing saved')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Billing' }).getByRole('switch', { name: 'Pay before download' }),
  ).toBeChecked();

  // The quote is accepted (the invoice is issued), the job is captured and delivered.
  const order = await startedOrder(deps, market);
  const fileName = `plan-${randomUUID().slice(0, 6)}.png`;
  const fileId = await uploadDeliverable(market.provider.api, order.orderId, fileName, gradientPng(320, 200));
  await markDelivered(market.provider.api, order.orderId);
  const [invoice] = await inspector.query<{ id: string; number: string }>(
    `select id, number from invoices where order_id = ${sqlText(order.orderId)}`,
  );
  if (!invoice) throw new Error('no invoice was issued at the acceptance');

  // The invoice e-mail reaches the customer with its PDF attached.
  const mail = await inspector.waitForEmail(
    (candidate) => candidate.to.includes(market.customer.email) && candidate.subject === `Invoice ${invoice.number}`,
    30_000,
  );
  const pdf = mail.attachments.find((attachment) => attachment.filename === `${invoice.number}.pdf`);
  expect(pdf?.contentType).toBe('application/pdf');
  expect(bytesOf(pdf?.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The customer sees the invoice with the bank transfer instructions quoting its number.
  await actAs(page, market.customer);
  await page.goto(`/customer/quotes?invoice=${order.quoteId}`);
  const howToPay = page.getByRole('region', { name: 'How to pay' });
  await expect(howToPay).toContainText(`IBAN: ${BANK.iban}`);
  await expect(howToPay).toContainText(`Reference: ${invoice.number}`);

  // Deliverables: the file is listed, its Download waits for the payment, with the reason.
  await page.goto('/customer/deliverables');
  const section = page.getByRole('region', { name: order.title });
  await expect(section.getByRole('status')).toContainText(`Downloads unlock once invoice ${invoice.number} is paid.`);
  await expect(section.getByRole('button', { name: `Download ${fileName}: waits for payment` })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);

  // The viewer shows the file under a preview watermark naming the invoice.
  const watermark = `Preview — downloads unlock once invoice ${invoice.number} is paid`;
  await page.goto(`/customer/orders/${order.orderId}/files/${fileId}`);
  await expect(page.getByRole('note').filter({ hasText: watermark })).toBeVisible();
  await expect(page.locator('[data-viewer="image"][data-viewer-state="ready"]')).toBeVisible();
  await expect(page.getByRole('button', { name: `Download ${fileName}: waits for payment` })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);

  // An admin records the bank transfer on the Invoices page: the invoice is paid.
  const reference = `BACS-${randomUUID().slice(0, 8)}`;
  await actAs(page, { api: admin });
  await page.goto('/admin/invoices');
  await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: invoice.number }).click();
  const record = page.getByRole('form', { name: 'Record payment' });
  await expect(record.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('1500');
  await record.getByRole('textbox', { name: 'Bank reference' }).fill(reference);
  await record.getByRole('button', { name: 'Record payment' }).click();
  const opened = page.getByRole('region', { name: `Invoice ${invoice.number}` });
  await expect(opened.getByRole('table', { name: 'Payments' })).toContainText(reference);
  await expect(
    page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: invoice.number }),
  ).toContainText('Paid');

  // The customer's downloads unlock and the watermark is gone.
  await actAs(page, market.customer);
  await page.goto('/customer/deliverables');
  await expect(section.getByRole('button', { name: `Download ${fileName}`, exact: true })).toBeEnabled();
  await expect(section.getByText(`Downloads unlock once invoice ${invoice.number} is paid.`)).toHaveCount(0);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: `Download ${fileName}`, exact: true }).click();
  expect((await download).suggestedFilename()).toBe(fileName);
  await page.goto(`/customer/orders/${order.orderId}/files/${fileId}`);
  await expect(page.locator('[data-viewer="image"][data-viewer-state="ready"]')).toBeVisible();
  await expect(page.getByText(watermark)).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Download ${fileName}`, exact: true })).toBeEnabled();
  expect(consoleErrors).toEqual([]);
});

test("tax rates: an admin adds a country's rate in Settings and a new invoice for a buyer there carries the tax line", async ({
  page,
  consoleErrors,
  deps,
  market,
  admin,
}) => {
  // A country no other test bills, cleared first so the test can run again on the same database.
  const country = 'IS';
  const before = (await (await admin.get('/api/admin/billing/tax-rates')).json()) as {
    rates: { country: string }[];
  };
  const cleared = await admin.put('/api/admin/billing/tax-rates', {
    data: { rates: before.rates.filter((rate) => rate.country !== country) },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);

  await actAs(page, { api: admin });
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Tax rates' });
  await form.getByRole('button', { name: 'Add a tax rate' }).click();
  const row = form.getByRole('group', { name: /^Tax rate \d+$/ }).last();
  await row.getByRole('textbox', { name: 'Country (two letters)' }).fill('is');
  await row.getByRole('textbox', { name: 'Label' }).fill('VSK');
  await row.getByRole('textbox', { name: 'Rate (%)' }).fill('24');
  await form.getByRole('button', { name: 'Save tax rates' }).click();
  await expect(toast(page, 'Tax rates saved')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The customer organisation is billed in Iceland (its page's Billing form).
  const billing = await openCustomerBilling(page, market.customer.organization.id);
  await billing.getByRole('textbox', { name: 'Country (two letters)' }).fill('IS');
  await billing.getByRole('button', { name: 'Save billing' }).click();
  await expect(toast(page, 'Billing saved')).toBeVisible();

  // A new quote accepted: its invoice carries 24 % on the 1,500 subtotal.
  const order = await createOrder(deps, market.customer.organization.id);
  const { quoteId } = await sendQuote(deps.admin, order.orderId);
  await acceptQuote(market.customer.api, quoteId);
  await actAs(page, market.customer);
  await page.goto(`/customer/quotes?invoice=${quoteId}`);
  const sheet = page.locator('[data-invoice-sheet]');
  await expect(sheet.getByRole('row').filter({ hasText: 'VSK' })).toContainText('$360.00');
  await expect(sheet.getByTestId('invoice-total')).toHaveText('$1,860.00');
  expect(consoleErrors).toEqual([]);
});
