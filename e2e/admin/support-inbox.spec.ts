import { expect, newDevice, toast } from '../auth/support.ts';
import { createOrder, signInPage, test } from '../support/marketplace.ts';

/**
 * The support inbox (decision 204): a customer asks about an order from the dashboard's Support
 * tab, an admin assigns the request to themself and answers it, the customer reads the answer in
 * the portal and writes back, which opens the request again.
 */

test.describe.configure({ timeout: 180_000 });
const PAGE_LOAD = { timeout: 30_000 };

test('an admin answers a support request and the customer sees the reply in the portal', async ({
  page,
  browser,
  admin,
  adminCookies,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const subject = `Floor plan ${order.orderId.slice(0, 6)}`;

  await signInPage(page, market.customer);
  await page.goto('/customer-dashboard?tab=support');
  const form = page.getByRole('region', { name: 'Contact Support' });
  await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await form.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: order.title }).click();
  await form.getByRole('textbox', { name: 'Message' }).fill('The floor plan PDF is empty.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText(subject, PAGE_LOAD);
  const mine = page.getByRole('region', { name: 'Your support requests' });
  await expect(mine.getByRole('button', { name: new RegExp(subject) })).toContainText('Waiting for our reply');

  const adminName: string = (await (await admin.get('/api/me')).json()).user.name;
  const adminContext = await newDevice(browser);
  await adminContext.addCookies(adminCookies);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible(PAGE_LOAD);
  const row = adminPage.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText(market.customer.organization.name, PAGE_LOAD);
  await expect(row).toContainText(order.title);
  await expect(row).toContainText('Open');
  await row.getByRole('link', { name: subject }).click();
  await expect(adminPage.getByRole('heading', { level: 2, name: subject })).toBeVisible(PAGE_LOAD);
  await expect(adminPage.getByRole('link', { name: order.title })).toHaveAttribute(
    'href',
    `/admin/orders?order=${order.orderId}`,
  );

  await adminPage.getByRole('combobox', { name: 'Assignee' }).click();
  await adminPage.getByRole('option', { name: adminName }).click();
  await expect(toast(adminPage, 'Assigned')).toBeVisible();
  const reply = adminPage.getByRole('textbox', { name: 'Reply to the customer' });
  await reply.fill('We uploaded a new floor plan; it is on the order now.');
  await adminPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(adminPage, 'Reply sent')).toBeVisible();
  await expect(reply).toHaveValue('');
  const thread = adminPage.getByRole('region', { name: 'Thread' });
  await expect(thread).toContainText('We uploaded a new floor plan; it is on the order now.');
  await expect(adminPage.getByText('Answered', { exact: true })).toBeVisible();

  // The filter "Assigned to me" keeps the request; the order's page links back to it.
  await adminPage.goto('/admin/support?assignee=me&status=answered');
  await expect(adminPage.getByRole('row').filter({ hasText: subject })).toBeVisible(PAGE_LOAD);
  await adminPage.goto(`/admin/orders?order=${order.orderId}`);
  await expect(adminPage.getByRole('link', { name: subject })).toBeVisible(PAGE_LOAD);

  // The customer reads the answer from the support team and writes back.
  await page.reload();
  const request = mine.getByRole('button', { name: new RegExp(subject) });
  await expect(request).toContainText('Answered', PAGE_LOAD);
  await request.click();
  await expect(mine).toContainText('We uploaded a new floor plan; it is on the order now.');
  await expect(mine).toContainText('Support team');
  const answerBox = mine.getByRole('textbox', { name: 'Your reply' });
  await answerBox.fill('Got it, thank you.');
  await mine.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Reply sent')).toBeVisible();
  await expect(answerBox).toHaveValue('');
  await expect(request).toContainText('Waiting for our reply');

  await adminPage.goto('/admin/support?status=open');
  await expect(adminPage.getByRole('row').filter({ hasText: subject })).toBeVisible(PAGE_LOAD);
  await adminContext.close();
});
