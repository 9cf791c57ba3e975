import { randomUUID } from 'node:crypto';
import { expect } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { bytesOf, companyWithBankAccount, payBeforeDownload } from '../support/billing.ts';
import { actAs, markDelivered, sqlText, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';
import { gradientPng } from '../support/viewer-fixtures.ts';

// A whole marketplace, three portals, Stripe's double and a PDF per invoice on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test("card payment and a Stripe payout: the invoice is e-mailed with its PDF, the customer pays by card, downloads unlock, and after approval a Stripe transfer shows the job paid in the provider's Earnings", async ({
  page,
  consoleErrors,
  deps,
  market,
  admin,
  inspector,
}) => {
  await companyWithBankAccount(admin);
  await payBeforeDownload(admin, market.customer.organization.id);

  // The provider's admin sets up Stripe payouts from Earnings: Stripe's onboarding, and back.
  await actAs(page, market.provider);
  await page.goto('/provider/earnings');
  const paidHow = page.getByRole('region', { name: 'How you are paid' });
  await expect(paidHow).toContainText('Not set up');
  expect(await axeViolations(page)).toEqual([]);
  await paidHow.getByRole('button', { name: 'Set up Stripe payouts' }).click();
  await expect(page).toHaveURL(/\/provider\/earnings\?stripe=return$/);
  await expect(paidHow).toContainText('Ready');
  await expect(paidHow).toContainText('Payouts are sent by Stripe transfer to your connected account');

  // The quote is accepted (the invoice is issued), the job is captured and delivered.
  const order = await startedOrder(deps, market);
  const fileName = `plan-${randomUUID().slice(0, 6)}.png`;
  await uploadDeliverable(market.provider.api, order.orderId, fileName, gradientPng(320, 200));
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

  // Downloads wait for the payment.
  await actAs(page, market.customer);
  await page.goto('/customer/deliverables');
  const section = page.getByRole('region', { name: order.title });
  await expect(section.getByRole('button', { name: `Download ${fileName}: waits for payment` })).toBeDisabled();

  // The customer pays by card: Stripe's Checkout takes the payment, its signed event books it,
  // and the browser comes back to the invoice, paid.
  await page.goto(`/customer/quotes?invoice=${order.quoteId}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/quotes\\?invoice=${order.quoteId}&card=paid$`));
  await expect(page.getByRole('status').filter({ hasText: 'Paid by card. Thank you.' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const [payment] = await inspector.query<{ method: string; amount_minor: string }>(
    `select method, amount_minor::text from invoice_payments where invoice_id = ${sqlText(invoice.id)}`,
  );
  expect(payment).toEqual({ method: 'card', amount_minor: '150000' });

  // The downloads unlock.
  await page.goto('/customer/deliverables');
  await expect(section.getByRole('button', { name: `Download ${fileName}`, exact: true })).toBeEnabled();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: `Download ${fileName}`, exact: true }).click();
  expect((await download).suggestedFilename()).toBe(fileName);

  // The customer approves the delivery: the job's compensation is payable.
  const approved = await market.customer.api.post(`/api/customer/orders/${order.orderId}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);

  // An admin pays the provider by Stripe transfer in a payout run.
  const providerName = market.provider.organization.name;
  await actAs(page, { api: admin });
  await page.goto('/admin/payouts');
  const run = page.getByRole('form', { name: 'Payout run' });
  await expect(
    run
      .getByRole('table', { name: `Owed to ${providerName} in USD` })
      .getByRole('row')
      .filter({ hasText: order.title }),
  ).toContainText('$500.00');
  await run.getByRole('button', { name: `Pay ${providerName} by Stripe transfer` }).click();
  await expect(page.getByText(`Payout recorded — ${providerName}: $500.00`)).toBeVisible();
  const runRow = page.getByRole('table', { name: 'Payout runs' }).getByRole('row').filter({ hasText: providerName });
  await expect(runRow).toContainText('Paid · Stripe');
  await expect(runRow).toContainText(/tr_\w+/);
  expect(await axeViolations(page)).toEqual([]);

  // The provider's Earnings shows the job paid, with Stripe's transfer as its reference.
  await actAs(page, market.provider);
  await page.goto('/provider/earnings');
  const jobRow = page.getByRole('table', { name: 'Earnings by job' }).getByRole('row').filter({ hasText: order.title });
  await expect(jobRow).toContainText('Paid');
  await expect(jobRow).toContainText(/tr_\w+/);
  await expect(
    page.getByRole('table', { name: 'Totals per currency' }).getByRole('row').filter({ hasText: 'USD' }),
  ).toContainText('$500.00');
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
