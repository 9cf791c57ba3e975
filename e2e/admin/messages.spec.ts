import { expect, newDevice, toast } from '../auth/support.ts';
import { assignOrder, createOrder, signInPage, test } from '../support/marketplace.ts';

/**
 * Conversations on an order (decision 119) in the three portals: a customer and an admin exchange
 * messages and each reads the other's, and a provider sees no conversation, and nothing of the
 * customer, before accepting the job.
 */

// Whole flows (invitations, sign-ups, e-mail) on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });
/** Pages load their chunks lazily: the first wait after a navigation allows for a busy machine. */
const PAGE_LOAD = { timeout: 30_000 };

test('a customer and an admin exchange messages on an order; reading clears the unread count', async ({
  page,
  browser,
  adminCookies,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);

  await signInPage(page, market.customer);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: order.title })).toBeVisible(PAGE_LOAD);
  const customerPanel = page.getByRole('region', { name: 'Messages' });
  await expect(customerPanel.getByText('No messages yet.')).toBeVisible(PAGE_LOAD);
  await customerPanel.getByRole('textbox', { name: 'Message' }).fill('The gate code is 4412.');
  await customerPanel.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Message sent')).toBeVisible();
  await expect(customerPanel.getByRole('log')).toContainText('The gate code is 4412.');
  await expect(customerPanel.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  const adminContext = await newDevice(browser);
  await adminContext.addCookies(adminCookies);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/inbox');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible(PAGE_LOAD);
  const row = adminPage.getByRole('row', { name: `${order.title} (Customer)` });
  await expect(row.getByRole('cell').nth(3)).toHaveText('1', PAGE_LOAD);
  await expect(row).toContainText(market.customer.organization.name);
  await row.getByRole('button', { name: 'Assign to me' }).click();
  await expect(toast(adminPage, 'Conversation assigned to you')).toBeVisible();
  await row.getByRole('button', { name: 'Open' }).click();
  const adminPanel = adminPage.getByRole('region', { name: 'Messages' });
  await expect(adminPanel.getByRole('log')).toContainText('The gate code is 4412.', PAGE_LOAD);
  // Shown is read: the count goes to zero.
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await adminPanel.getByRole('textbox', { name: 'Message' }).fill('Thanks, we will pass it on.');
  await adminPanel.getByRole('button', { name: 'Send' }).click();
  await expect(toast(adminPage, 'Message sent')).toBeVisible();

  // The customer sees the reply from the team (never an admin's name), then has read it.
  await page.reload();
  const log = customerPanel.getByRole('log');
  await expect(log).toContainText('Thanks, we will pass it on.', PAGE_LOAD);
  await expect(log).toContainText('SpaceCapture team');
  await expect(customerPanel.getByText(/unread/)).toHaveCount(0);
  const unread = await market.customer.api.get('/api/customer/conversations/unread');
  expect(await unread.json()).toEqual({ unread: 0 });
  await adminContext.close();
});

test('before accepting, the provider has no conversation and sees nothing of the customer', async ({
  page,
  admin,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  await market.customer.api.post(`/api/customer/orders/${order.orderId}/conversation/messages`, {
    data: { body: `Call me at ${market.customer.email}` },
  });
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id);

  const api = await market.provider.api.get(`/api/provider/assignments/${assignmentId}/conversation`);
  expect(api.status()).toBe(404);

  await signInPage(page, market.provider);
  await page.goto('/provider/assignments');
  const card = page.getByTestId('job-card');
  await expect(card).toHaveCount(1, PAGE_LOAD);
  await expect(card).toContainText('Messages with the SpaceCapture team open once you accept the job.');
  await expect(card.getByRole('button', { name: 'Messages' })).toHaveCount(0);
  const shown = await page.locator('main').innerText();
  for (const secret of [market.customer.organization.name, market.customer.email, order.location]) {
    expect(shown).not.toContain(secret);
  }
});
