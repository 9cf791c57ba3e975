import { createMember, createOrder, sendQuote, test } from '../support/marketplace.ts';
import { baseUrl, expect, field, linkIn, newDevice, waitForMail } from './support.ts';

// Issue 17 item 6: a link from an e-mail keeps its target through sign-in, within our own origin.
test.describe.configure({ timeout: 180_000 });

test('a signed-out customer opens the quote e-mail’s link, signs in and lands on their quotes', async ({
  page,
  admin,
  inspector,
  deps,
}) => {
  const customer = await createMember(deps, 'customer_admin');
  await customer.api.dispose();
  const order = await createOrder(deps, customer.organization.id);
  await sendQuote(admin, order.orderId);
  const mail = await waitForMail(inspector, customer.email, /^Quote sent: /);
  const link = new URL(linkIn(mail));
  expect(mail.text).toContain(`Accept or decline at: ${link.href}`);
  expect(link.pathname).toBe('/customer/quotes');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/auth\?intent=customer&next=%2Fcustomer%2Fquotes$/);
  await field(page, 'Email').fill(customer.email);
  await field(page, 'Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(`${baseUrl()}/customer/quotes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes & Invoices' })).toBeVisible();
  await expect(page.getByRole('article', { name: order.title })).toBeVisible();
});

test('a crafted next outside our origin or the customer’s portal lands on the customer’s dashboard', async ({
  browser,
  deps,
}) => {
  const customer = await createMember(deps, 'customer_user');
  await customer.api.dispose();
  for (const crafted of ['//evil.example', 'https://evil.example/customer/quotes', '/\\evil.example', '/admin']) {
    // A fresh device each time: signed out, as someone following the crafted link would be.
    const device = await newDevice(browser);
    const page = await device.newPage();
    await page.goto(`/auth?intent=customer&next=${encodeURIComponent(crafted)}`);
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page, crafted).toHaveURL(`${baseUrl()}/customer-dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await device.close();
  }
});
