import { randomUUID } from 'node:crypto';
import { expect, newDevice, toast, waitForMail } from '../auth/support.ts';
import { createOrder, signInPage, sqlText, test } from '../support/marketplace.ts';

// Invitations, orders and a quote on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** The company address admin notifications go to (the server's default COMPANY_EMAIL). */
const COMPANY_EMAIL = 'hello@spacecapture.example';

test('a customer orders from the portal with a saved site and the live estimate; the admin quotes it; Order again fills the form from a past order', async ({
  page,
  browser,
  adminCookies,
  consoleErrors,
  deps,
  market,
  inspector,
}) => {
  const { customer } = market;
  const tag = randomUUID().slice(0, 8);
  const past = await createOrder(deps, customer.organization.id, {
    location: `7 Quay Street ${tag}, Hull`,
    spaceType: 'commercial',
    captureType: 'virtual-tour',
  });

  // From the dashboard, "New Request" opens the form; the portal knows who orders for whom.
  await signInPage(page, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('main').getByRole('link', { name: 'New Request' }).click();
  await expect(page).toHaveURL(/\/customer\/new-request$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Request' })).toBeVisible();
  await expect(page.getByTestId('request-ordered-by')).toContainText(customer.organization.name);
  await expect(page.getByTestId('request-ordered-by')).toContainText(customer.email);

  // The organisation's past site is offered.
  const location = page.getByRole('combobox', { name: 'Location', exact: true });
  await location.click();
  await page.getByRole('option', { name: past.location }).click();
  await expect(location).toHaveValue(past.location);
  await page.getByLabel('Space Type').selectOption({ label: 'Retail' });
  await page.getByLabel('Space Size').selectOption({ label: 'Large (5,000-20,000 sq ft)' });
  await page.getByLabel('Timeline').selectOption({ label: 'Urgent (ASAP, 1-3 days)' });

  // The estimate follows the options as they are chosen, in the organisation's square feet and its
  // currency; its urgency is the form's one Timeline (decision 203), asked nowhere else. Retail falls
  // to the default pricing; 1,615 sq ft is 150 m²: (100 + 0.5 × 150) × 1.1 urban × 1.5 urgent = 289
  // → $260 - $318.
  await expect(page.getByLabel('Urgency')).toHaveCount(0);
  const estimate = page.getByTestId('request-estimate-range');
  await page.getByRole('textbox', { name: 'Size (square feet)' }).fill('1615');
  await expect(estimate).toHaveCount(0);
  await page.getByLabel('Location Type').selectOption({ label: 'Urban' });
  await expect(estimate).toHaveText('$260 - $318');

  // A missing choice is named under its field, and nothing is sent.
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Please select what you need.')).toBeVisible();
  await page.getByLabel('What do you need?').selectOption({ label: 'Point Cloud' });
  await page.getByRole('button', { name: 'Submit Request' }).click();

  // The success lands on the new order, pending its quote.
  await expect(toast(page, 'Request Submitted')).toContainText('Your order is awaiting its quote.');
  await expect(page).toHaveURL(/\/customer\/orders\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order') as string;
  const title = `Point Cloud — Retail, ${past.location}`;
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();
  await expect(detail.getByText('Pending', { exact: true })).toBeVisible();
  const [stored] = await inspector.query<{ status: string; low: string; org: string }>(
    `SELECT status, request_details->'estimate'->>'low' AS low, customer_org_id::text AS org FROM orders WHERE id = ${sqlText(orderId)}`,
  );
  expect(stored).toEqual({ status: 'triage', low: '260', org: customer.organization.id });
  const mail = await waitForMail(inspector, COMPANY_EMAIL, new RegExp(`New order from ${customer.organization.name}`));
  expect(mail.text).toContain('$260 - $318');

  // The admin finds it among the orders and quotes it, seeing the customer's estimate.
  const adminContext = await newDevice(browser);
  await adminContext.addCookies(adminCookies);
  const admin = await adminContext.newPage();
  await admin.goto('/admin/orders');
  const orders = admin.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row').filter({ hasText: title })).toContainText(customer.organization.name);
  await admin.goto('/admin/quotes');
  await admin.getByLabel('Order').selectOption(orderId);
  await expect(admin.getByTestId('customer-estimate')).toContainText("Customer's estimate: $260 - $318");
  await admin.getByRole('button', { name: 'Create Quote' }).click();
  await expect(toast(admin, 'Quote created')).toContainText('Draft quote has been created.');
  const quote = admin
    .getByRole('table', { name: 'Quotes' })
    .getByRole('row')
    .filter({ hasText: customer.organization.name });
  await quote.getByRole('button', { name: /Send quote/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Send quote', exact: true }).click();
  await expect(toast(admin, 'Quote sent')).toContainText('Customer can now accept or decline.');
  await adminContext.close();

  // Order again, from the past order's detail once it has run its course (never one under way):
  // the same site, capture type and options.
  await page.goto(`/customer/orders?order=${past.orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: past.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order again' })).toHaveCount(0);
  const cancelled = await deps.admin.post(`/api/admin/orders/${past.orderId}/cancel`, {
    data: { reason: 'The customer moved the survey to next year.' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.reload();
  await page.getByRole('link', { name: 'Order again' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/new-request\\?from=${past.orderId}`));
  await expect(page.getByText('Ordering again')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue(past.location);
  await expect(page.getByLabel('Space Type')).toHaveValue('commercial');
  await expect(page.getByLabel('Space Size')).toHaveValue('medium');
  await expect(page.getByLabel('What do you need?')).toHaveValue('virtual-tour');
  await expect(page.getByLabel('Timeline')).toHaveValue('standard');
  await expect(page.getByRole('textbox', { name: 'Additional Information (Optional)' })).toHaveValue(
    'Two floors, open plan.',
  );
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toast(page, 'Request Submitted')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/orders\?order=/);
  const againId = new URL(page.url()).searchParams.get('order') as string;
  expect(againId).not.toBe(past.orderId);
  const [repeated] = await inspector.query<{ source: string }>(
    `SELECT request_details->>'sourceOrderId' AS source FROM orders WHERE id = ${sqlText(againId)}`,
  );
  expect(repeated?.source).toBe(past.orderId);
  expect(consoleErrors).toEqual([]);
});
