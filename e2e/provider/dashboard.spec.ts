import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, field, signInContext, toast } from '../auth/support.ts';
import {
  acceptAssignment,
  acceptQuote,
  assignOrder,
  confirmSchedule,
  createMember,
  createOrder,
  proposeSchedule,
  scheduledOrder,
  sendQuote,
  test,
} from '../support/marketplace.ts';

// Accounts by invitation, orders from capture requests: whole flows on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

const MASKED = 'Location revealed after acceptance';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A window some days ahead, 09:00–13:00 UTC. */
function windowIn(days: number) {
  const day = new Date(Date.now() + days * DAY_MS);
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9));
  return { start, end: new Date(start.getTime() + 4 * 60 * 60 * 1000) };
}

function projectCards(page: Page) {
  return page.getByTestId('project-card');
}

test('a provider sees an offer anonymised, accepts it from the detail view, sees the address, then the proposed and confirmed window on the schedule; another provider’s jobs never appear', async ({
  page,
  playwright,
  admin,
  deps,
  market,
}) => {
  const rival = await createMember(deps, 'provider_admin');
  const order = await createOrder(deps, market.customer.organization.id, { captureType: 'floor-plan' });
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id, {
    compensation: 1250,
  });

  // The rival's job is accepted and has a window: it must show nowhere for our provider.
  const rivalOrder = await createOrder(deps, market.customer.organization.id);
  const { quoteId: rivalQuote } = await sendQuote(admin, rivalOrder.orderId);
  await acceptQuote(market.customer.api, rivalQuote);
  const { assignmentId: rivalAssignment } = await assignOrder(admin, rivalOrder.orderId, rival.organization.id, {
    compensation: 900,
  });
  await acceptAssignment(rival.api, rivalAssignment);
  const rivalWindow = windowIn(5);
  await proposeSchedule(rival.api, rivalAssignment, rivalWindow.start, rivalWindow.end);

  await signInContext(page.context(), playwright, market.provider.email, market.provider.password);
  await page.goto('/provider-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Projects', selected: true })).toBeVisible();

  // The offer: anonymised, the real deadline (48 hours), the compensation the admin set.
  const card = projectCards(page);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Floor Plan');
  await expect(card).toContainText(MASKED);
  await expect(card).toContainText(/Client: Client #[0-9A-F]{6}/);
  await expect(card).not.toContainText(market.customer.organization.name);
  await expect(card).not.toContainText(order.location);
  await expect(card).toContainText('$1,250.00');
  await expect(card.getByLabel('Status: assigned')).toBeVisible();
  await expect(card.getByText('low urgency', { exact: true })).toBeVisible();
  await expect(card).toContainText('Respond by');
  await expect(page.getByText(rivalOrder.location)).toHaveCount(0);

  // The detail view, addressed by the project's id.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`project=${assignmentId}`));
  await expect(
    page.getByText(
      /You have been selected for this project\. Please review the details and respond within 4[78] hours \d+ minutes?\./,
    ),
  ).toBeVisible();
  await expect(page.getByText(MASKED)).toBeVisible();
  await page.getByRole('button', { name: 'Accept Project' }).click();
  // Accepting asks first, naming what is committed to.
  const confirm = page.getByRole('dialog', { name: 'Accept this job?' });
  await expect(confirm).toContainText('You commit to the');
  await confirm.getByRole('button', { name: 'Accept job' }).click();
  await expect(toast(page, 'Accepted')).toContainText('You accepted this job.');
  await expect(page.getByText(order.location).first()).toBeVisible();
  await expect(page.getByText(market.customer.organization.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Project' })).toHaveCount(0);
  await expect(page.getByLabel('Status: accepted')).toBeVisible();

  await page.getByRole('button', { name: 'Back to Projects' }).click();
  await expect(page).not.toHaveURL(/project=/);
  await expect(projectCards(page)).toHaveCount(1);
  await expect(projectCards(page)).toContainText(order.location);
  await expect(projectCards(page)).toContainText('Not scheduled yet');

  // Another organisation's job by its id: not found, nothing of it shown.
  await page.goto(`/provider-dashboard?project=${rivalAssignment}`);
  await expect(page.getByRole('alert')).toContainText('Assignment not found.');
  await expect(page.getByText(rivalOrder.location)).toHaveCount(0);

  // Schedule: the proposed window, then the confirmed one; the rival's window never.
  await page.goto('/provider/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByText(/No upcoming capture windows/)).toBeVisible();
  const window = windowIn(3);
  await proposeSchedule(market.provider.api, assignmentId, window.start, window.end);
  await page.reload();
  const entry = page.getByTestId('schedule-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(order.title);
  await expect(entry).toContainText(order.location);
  await expect(entry).toContainText('proposed');
  await expect(page.getByText(rivalOrder.location)).toHaveCount(0);
  const day = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(iso),
      ),
    window.start.toISOString(),
  );
  await expect(page.getByRole('heading', { name: day })).toBeVisible();

  await confirmSchedule(admin, assignmentId);
  await page.reload();
  await expect(entry).toContainText('confirmed');
  await expect(entry).not.toContainText('proposed');

  // The job link leads back to the project, now scheduled and urgent (three days out is medium).
  await entry.getByRole('link', { name: 'View job' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider-dashboard\\?project=${assignmentId}`));
  await expect(page.getByText('medium urgency', { exact: true })).toBeVisible();
  await expect(page.getByText(order.location).first()).toBeVisible();
});

test('performance tiles show the provider’s own figures; settings saved survive a reload', async ({
  page,
  playwright,
  inspector,
  deps,
  market,
}) => {
  // One job delivered and rated (earnings: the provider's pay, the offer's 500), one scheduled.
  const done = await scheduledOrder(deps, market);
  await scheduledOrder(deps, market);
  await inspector.query(`UPDATE orders SET status = 'completed' WHERE id = '${done.orderId}'`);
  await inspector.query(
    `INSERT INTO ratings (order_id, provider_org_id, score, rated_by) VALUES ('${done.orderId}', '${market.provider.organization.id}', 4, 'customer')`,
  );
  const serial = `PRO-${randomUUID().slice(0, 8)}`;
  const device = await market.provider.api.post('/api/provider/devices', {
    data: { model: 'PRO', serial, capabilities: ['3d-model'] },
  });
  expect(device.status(), await device.text()).toBe(201);

  await signInContext(page.context(), playwright, market.provider.email, market.provider.password);
  await page.goto('/provider-dashboard');
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page).toHaveURL(/tab=performance/);
  await expect(page.getByRole('group', { name: 'Completed Projects' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Active Projects' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Total Earnings' })).toContainText('$500.00');
  await expect(page.getByRole('group', { name: 'Average Rating' })).toContainText('4.0/5.0');
  await expect(page.getByRole('group', { name: 'Average Rating' })).toContainText('Based on 1 review');
  const chart = page.getByRole('table', { name: 'Accepted jobs per month' });
  await expect(chart.getByRole('row')).toHaveCount(13);
  await expect(chart.getByRole('row').last().getByRole('cell')).toHaveText('2');
  await expect(page.getByText('This month: +2')).toBeVisible();

  // Settings: the saved (empty) profile, a bad e-mail refused under its field, then saved.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(field(page, 'Business name')).toHaveValue(market.provider.organization.name);
  await expect(page.getByRole('region', { name: 'Hardware Inventory' })).toContainText(`PRO · ${serial}`);
  await expect(page.getByRole('link', { name: 'Add New Device' })).toHaveAttribute('href', '/provider/devices');
  for (const name of ['New Project Assignments', 'Project Updates', 'Payment Notifications']) {
    await expect(page.getByRole('checkbox', { name })).toBeChecked();
  }
  const businessName = `${market.provider.organization.name} Ltd`;
  await field(page, 'Business name').fill(businessName);
  await field(page, 'Email').fill('not-an-address');
  await field(page, 'Phone').fill('+44 20 7946 0101');
  await field(page, 'Availability').fill('Weekdays 8:00–18:00');
  const regions = page.getByRole('combobox', { name: 'Service regions' });
  await regions.fill('Leeds');
  await regions.press('Enter');
  await regions.fill('York');
  await regions.press(',');
  await page.getByRole('checkbox', { name: 'Payment Notifications' }).uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  const stored = await market.provider.api.get('/api/provider/settings');
  expect((await stored.json()).contactEmail).toBeNull();

  await field(page, 'Email').fill('ops@example.test');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Settings saved')).toContainText('Your settings have been saved.');

  await page.reload();
  await expect(field(page, 'Business name')).toHaveValue(businessName);
  await expect(field(page, 'Email')).toHaveValue('ops@example.test');
  await expect(field(page, 'Phone')).toHaveValue('+44 20 7946 0101');
  await expect(field(page, 'Availability')).toHaveValue('Weekdays 8:00–18:00');
  const serviceRegions = page.getByRole('region', { name: 'Service Availability' });
  await expect(serviceRegions).toContainText('Leeds');
  await expect(serviceRegions).toContainText('York');
  await expect(page.getByRole('checkbox', { name: 'Payment Notifications' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Project Updates' })).toBeChecked();
});
