import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { ORDER_ACTION_MESSAGES } from '../../packages/shared/src/contracts/admin-console/orders.ts';
import { CERTIFICATION_REVIEW_MESSAGES } from '../../packages/shared/src/contracts/admin-console/organizations.ts';
import { expect, toast } from '../auth/support.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import {
  createMember,
  createOrder,
  markDelivered,
  scheduledOrder,
  startedOrder,
  test,
  uploadDeliverable,
} from '../support/marketplace.ts';

// Whole flows (invitations, sign-ups, e-mail, the workflow) on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

function ordersTable(page: Page) {
  return page.getByRole('table', { name: 'Orders' });
}

async function requestCertification(providerApi: APIRequestContext, scope: string) {
  const response = await providerApi.post('/api/provider/certifications', { data: { scope, regions: ['Leeds'] } });
  expect(response.status(), await response.text()).toBe(201);
}

test('orders: search and status filter in the URL, an order’s whole history, and cancelling it', async ({
  page,
  adminCookies,
  inspector,
  deps,
  market,
}) => {
  const customerName = market.customer.organization.name;
  const providerName = market.provider.organization.name;
  const scheduled = await scheduledOrder(deps, market);
  const waiting = await createOrder(deps, market.customer.organization.id);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(ordersTable(page)).toBeVisible();

  // Search by the customer's name: both of its orders, nobody else's; the search is in the URL.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(customerName);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(customerName).replace(/%20/g, '(\\+|%20)')}`));
  await expect(ordersTable(page).getByRole('row')).toHaveCount(3);
  await expect(ordersTable(page)).toContainText(scheduled.location);
  await expect(ordersTable(page)).toContainText(waiting.location);

  // Status filter: only the scheduled one.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
  await expect(page).toHaveURL(/status=scheduled/);
  await expect(ordersTable(page).getByRole('row')).toHaveCount(2);
  await expect(ordersTable(page)).toContainText(scheduled.location);
  await expect(ordersTable(page)).not.toContainText(waiting.location);

  // A reload keeps the filters (they live in the URL).
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(customerName);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('scheduled');

  // The order's detail: facts and the whole history.
  await ordersTable(page).getByRole('link', { name: scheduled.title }).click();
  await expect(page).toHaveURL(new RegExp(`order=${scheduled.orderId}`));
  await expect(page.getByRole('heading', { level: 2, name: scheduled.title })).toBeVisible();
  await expect(page.getByText('Scheduled window')).toBeVisible();
  await expect(page.getByText('Not scheduled yet')).toHaveCount(0);
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history).toContainText('Schedule confirmed');
  await expect(history).toContainText(`${providerName} proposed a window`);
  await expect(history).toContainText(`${providerName} accepted the job`);
  await expect(history).toContainText(`Offered to ${providerName}`);
  await expect(history).toContainText('Respond by');
  await expect(history).toContainText('Quote of');
  await expect(history).toContainText('Quote accepted: order approved');
  await expect(history).toContainText('Order created from a lead');

  // Cancel order: the reason is required, then the order, its history and the e-mails follow.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText(ORDER_ACTION_MESSAGES.reasonRequired)).toBeVisible();
  const reason = `Site closed for works ${randomUUID().slice(0, 6)}`;
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, ORDER_ACTION_MESSAGES.cancelled.title)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(history).toContainText('Order cancelled');
  await expect(history).toContainText(`Reason: ${reason}`);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const customerMail = await inspector.waitForEmail(
    (mail) => mail.to.includes(market.customer.email) && mail.subject === `Order cancelled: ${scheduled.title}`,
  );
  expect(customerMail.text).toContain(reason);
  await inspector.waitForEmail(
    (mail) => mail.to.includes(market.provider.email) && mail.subject === `Job cancelled: ${scheduled.title}`,
  );

  // Back: the same filtered list, where the cancelled order is no longer scheduled.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).not.toHaveURL(/order=/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('scheduled');
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('cancelled');
  await expect(ordersTable(page)).toContainText(scheduled.location);
});

test('a delivered order shows its deliverables with their size and can be marked completed', async ({
  page,
  adminCookies,
  inspector,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  // A real PDF (the quality gate reads it), whose size the history then shows.
  const plan = deliverableBytes('floor-plan.pdf', 3000);
  await uploadDeliverable(market.provider.api, order.orderId, 'floor-plan.pdf', plan);
  await markDelivered(market.provider.api, order.orderId);

  await page.context().addCookies(adminCookies);
  await page.goto(`/admin/orders?order=${order.orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history).toContainText(`Deliverable: floor-plan.pdf (${formatFileSize(plan.length)})`);
  await expect(history).toContainText('Order delivered');
  // Delivered is past capture: it can no longer be cancelled.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark completed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order completed?' });
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(toast(page, ORDER_ACTION_MESSAGES.completed.title)).toBeVisible();
  await expect(history).toContainText('Order completed');
  await expect(page.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
  const [row] = await inspector.query<{ status: string }>(`select status from orders where id = '${order.orderId}'`);
  expect(row?.status).toBe('completed');
});

test('providers: search, a provider’s detail, and verifying or rejecting its pending certifications', async ({
  page,
  playwright,
  admin,
  adminCookies,
  inspector,
  request,
}) => {
  const provider = await createMember({ playwright, admin, inspector, request }, 'provider_admin');
  const suffix = randomUUID().slice(0, 6);
  const verifyScope = `Matterport Pro ${suffix}`;
  const rejectScope = `Drone survey ${suffix}`;
  await requestCertification(provider.api, verifyScope);
  await requestCertification(provider.api, rejectScope);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/providers');
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search providers' }).fill(provider.organization.name);
  const table = page.getByRole('table', { name: 'Providers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: provider.organization.name });
  await expect(row).toContainText('(2 pending)');
  await expect(row).toContainText('Leeds');

  await row.getByRole('link', { name: provider.organization.name }).click();
  await expect(page).toHaveURL(new RegExp(`provider=${provider.organization.id}`));
  await expect(page.getByRole('heading', { level: 2, name: provider.organization.name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(provider.email);
  const certifications = page.getByRole('table', { name: 'Certifications' });
  const toVerify = certifications.getByRole('row').filter({ hasText: verifyScope });
  const toReject = certifications.getByRole('row').filter({ hasText: rejectScope });

  await toVerify.getByRole('button', { name: `Verify ${verifyScope}` }).click();
  await expect(toast(page, CERTIFICATION_REVIEW_MESSAGES.verified.title)).toBeVisible();
  await expect(toVerify).toContainText('active');
  await expect(toVerify.getByRole('button')).toHaveCount(0);

  await toReject.getByRole('button', { name: `Reject ${rejectScope}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this certification?' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, CERTIFICATION_REVIEW_MESSAGES.rejected.title)).toBeVisible();
  await expect(toReject).toContainText('rejected');

  const stored = await inspector.query<{ scope: string; status: string }>(
    `select scope, status from provider_certifications where org_id = '${provider.organization.id}' order by scope`,
  );
  expect(stored).toEqual([
    { scope: rejectScope, status: 'rejected' },
    { scope: verifyScope, status: 'active' },
  ]);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search providers' })).toHaveValue(provider.organization.name);
  await expect(table.getByRole('row').filter({ hasText: provider.organization.name })).not.toContainText('pending');
});

test('customers: search, a customer’s members and latest orders, linked to the order’s history', async ({
  page,
  adminCookies,
  deps,
}) => {
  const customer = await createMember(deps, 'customer_admin');
  const order = await createOrder(deps, customer.organization.id);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.organization.name);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: customer.organization.name });
  // Members 1, orders 1.
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');

  // A search nobody matches.
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`nobody ${randomUUID()}`);
  await expect(page.getByText('No customers match this search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.organization.name);

  await table.getByRole('link', { name: customer.organization.name }).click();
  await expect(page).toHaveURL(new RegExp(`customer=${customer.organization.id}`));
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(customer.email);
  const latest = page.getByRole('table', { name: 'Latest orders' });
  await expect(latest).toContainText('triage');
  await latest.getByRole('link', { name: order.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?order=${order.orderId}`));
  await expect(page.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order history' })).toContainText('Order created from a lead');
});
