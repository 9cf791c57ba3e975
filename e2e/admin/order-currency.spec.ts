import { randomUUID } from 'node:crypto';
import { expect, toast, waitForMail } from '../auth/support.ts';
import { acceptQuote, actAs, sqlText, test } from '../support/marketplace.ts';

// Settings, an order from the portal, a quote and an offer on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('an admin sets a customer organisation to GBP: its new order is quoted in pounds and the provider is paid in pounds', async ({
  page,
  adminCookies,
  consoleErrors,
  market,
  inspector,
}) => {
  const { customer, provider } = market;
  const adminPage = async () => {
    await page.context().clearCookies();
    await page.context().addCookies(adminCookies);
  };

  // The admin sets the organisation's currency and unit system on its page.
  await adminPage();
  await page.goto(`/admin/customers?customer=${customer.organization.id}`);
  const settings = page.getByRole('form', { name: 'Currency and units' });
  await expect(settings.getByLabel('Default currency')).toHaveValue('USD');
  await settings.getByLabel('Default currency').fill('gbp');
  await settings.getByLabel('Unit system').selectOption({ label: 'Metric (square meters)' });
  await settings.getByRole('button', { name: 'Save currency and units' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect(settings.getByLabel('Default currency')).toHaveValue('GBP');

  // The customer orders in the portal: sizes in square meters, the estimate in pounds.
  await actAs(page, customer);
  await page.goto('/customer/new-request');
  await expect(page.getByRole('heading', { level: 1, name: 'New Request' })).toBeVisible();
  const location = `3 Wharf Lane ${randomUUID().slice(0, 8)}, Harbour Yard`;
  await page.getByRole('combobox', { name: 'Location', exact: true }).fill(location);
  await page.getByLabel('Space Type').selectOption({ label: 'Commercial' });
  await page.getByLabel('Space Size').selectOption({ label: 'Medium (93-465 m²)' });
  await page.getByLabel('What do you need?').selectOption({ label: 'Virtual Tour' });
  await page.getByLabel('Timeline').selectOption({ label: 'Standard (1-2 weeks)' });
  await page.getByRole('textbox', { name: 'Size (square meters)' }).fill('150');
  await page.getByLabel('Location Type').selectOption({ label: 'Urban' });
  // Commercial 200 + 0.7 × 150 = 305, urban × 1.1, standard → 336: £302 - £370.
  await expect(page.getByTestId('request-estimate-range')).toHaveText('£302 - £370');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toast(page, 'Request Submitted')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/orders\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order') as string;
  await expect(page.getByLabel('Order detail')).toContainText('150 m²');
  const [stored] = await inspector.query<{ currency: string }>(
    `SELECT currency FROM orders WHERE id = ${sqlText(orderId)}`,
  );
  expect(stored?.currency).toBe('GBP');

  // The admin quotes it: the form is in the order's currency, not one typed.
  await adminPage();
  await page.goto('/admin/quotes');
  await page.getByLabel('Order').selectOption(orderId);
  const currency = page.getByRole('textbox', { name: 'Currency' });
  await expect(currency).toHaveValue('GBP');
  await expect(currency).not.toBeEditable();
  await expect(page.getByText('Total: £1,500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(toast(page, 'Quote created')).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Quotes' })
    .getByRole('row')
    .filter({ hasText: customer.organization.name });
  await expect(row).toContainText('£1,500.00');
  await row.getByRole('button', { name: /Send quote/ }).click();
  // Send previews the e-mail first, in the order's currency.
  const preview = page.getByRole('dialog');
  await expect(preview).toContainText('£1,500.00');
  await preview.getByRole('button', { name: 'Send quote', exact: true }).click();
  await expect(toast(page, 'Quote sent')).toBeVisible();

  // The customer reads the quote in pounds, and accepts it.
  await actAs(page, customer);
  await page.goto('/customer/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes & Invoices' })).toBeVisible();
  await expect(page.getByText('£1,500.00').first()).toBeVisible();
  const [quote] = await inspector.query<{ id: string }>(`SELECT id FROM quotes WHERE order_id = ${sqlText(orderId)}`);
  await acceptQuote(customer.api, quote?.id as string);

  // The admin offers the job: the compensation is in the order's pounds.
  await adminPage();
  await page.goto('/admin/assignments');
  const card = page.getByTestId('assignment-card').filter({ hasText: location });
  await card.getByRole('radio', { name: new RegExp(provider.organization.name) }).check();
  await expect(card.getByText("Paid to the provider for this job, in the order's currency (GBP)")).toBeVisible();
  await card.getByRole('textbox', { name: 'Compensation' }).fill('700');
  await card.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(toast(page, 'Assigned')).toBeVisible();
  await expect(card).toContainText('compensation £700.00');

  // The provider is offered £700.00: on its job card and in the offer's e-mail.
  await actAs(page, provider);
  await page.goto('/provider/assignments');
  await expect(page.getByTestId('job-card')).toContainText('£700.00');
  const offer = await waitForMail(inspector, provider.email, /^New job offer/);
  expect(offer.text).toContain('£700.00');
  expect(offer.text).not.toContain('$');
  expect(consoleErrors).toEqual([]);
});
