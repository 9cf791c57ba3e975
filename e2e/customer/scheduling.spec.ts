import ICAL from 'ical.js';
import { expect, toast } from '../auth/support.ts';
import { acceptAssignment, actAs, assignOrder, createOrder, signInPage, test } from '../support/marketplace.ts';

/**
 * Scheduling in the browser (decisions 145, 146): the provider proposes two windows, the customer
 * picks one and the order shows it; the customer asks to reschedule, the provider proposes again
 * and the customer picks; the customer's calendar address serves the capture as an iCalendar
 * event that a parser reads.
 */

test.describe.configure({ timeout: 180_000 });
// Dates typed into the page are read in the browser's zone: fix it, so the stored instants are known.
test.use({ timezoneId: 'UTC' });

const DAY_MS = 86_400_000;

/** A datetime-local value (UTC here) for the day `days` ahead at `hour`:00, and its instant. */
function localInput(days: number, hour: number) {
  const day = new Date(Date.now() + days * DAY_MS);
  day.setUTCHours(hour, 0, 0, 0);
  return { input: day.toISOString().slice(0, 16), iso: day.toISOString() };
}

test('the provider proposes two windows, the customer picks one, a reschedule round trip, the calendar serves it', async ({
  page,
  consoleErrors,
  admin,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id);
  await acceptAssignment(market.provider.api, assignmentId);

  // The provider proposes two windows on its job card.
  await signInPage(page, market.provider);
  await page.goto('/provider/assignments');
  const card = page.getByTestId('job-card');
  await expect(card).toHaveCount(1);
  const first = { start: localInput(9, 9), end: localInput(9, 12) };
  const second = { start: localInput(10, 13), end: localInput(10, 16) };
  await card.getByLabel('Start', { exact: true }).fill(first.start.input);
  await card.getByLabel('End', { exact: true }).fill(first.end.input);
  await card.getByRole('button', { name: 'Add another window' }).click();
  await card.getByLabel('Start (window 2)', { exact: true }).fill(second.start.input);
  await card.getByLabel('End (window 2)', { exact: true }).fill(second.end.input);
  await card.getByRole('button', { name: 'Propose schedule' }).click();
  await expect(toast(page, 'The customer will pick one.')).toBeVisible();

  // The dashboard names the customer's move, and its button opens the order where the windows are.
  await actAs(page, market.customer);
  await page.goto('/customer-dashboard');
  const move = page.getByRole('region', { name: 'Your move' });
  await expect(move).toContainText(`${order.title}: the provider proposed 2 windows.`);
  await expect(page.getByRole('table', { name: 'Orders' }).locator(`[data-order-id="${order.orderId}"]`)).toContainText(
    'Pick a window',
  );
  await move.getByRole('button', { name: `Pick a window for ${order.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`order=${order.orderId}`));
  // The customer picks the second window on the order.
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByText('Pick one of the provider’s windows:')).toBeVisible();
  const pickButtons = detail.getByRole('button', { name: /^Pick / });
  await expect(pickButtons).toHaveCount(2);
  // The windows name their zone as the confirmed window does: by the place's zone, here UTC.
  await expect(pickButtons.nth(1)).toHaveAccessibleName(/ \(UTC\)$/);
  await expect(pickButtons.nth(1)).not.toHaveAccessibleName(/GMT/);
  await pickButtons.nth(1).click();
  await expect(toast(page, 'The capture is scheduled.')).toBeVisible();
  const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(second.start.iso),
  );
  await expect(detail.getByText(/^Confirmed: /)).toContainText(shown);
  await expect(detail.getByText(/^Confirmed: /)).toContainText('UTC');
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your move' })).toHaveCount(0);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  // A reschedule round trip: the customer asks, the provider proposes again, the customer picks.
  await detail.getByRole('button', { name: 'Reschedule…' }).click();
  await detail.getByLabel('Why should the capture move?').fill('The tenant moves out a week later.');
  await detail.getByRole('button', { name: 'Ask to reschedule' }).click();
  await expect(detail.getByText(/^Reschedule asked \(The tenant moves out a week later\.\)/)).toBeVisible();
  // The confirmed window stands meanwhile.
  await expect(detail.getByText(/^Confirmed: /)).toContainText(shown);

  await actAs(page, market.provider);
  await page.goto('/provider/assignments');
  await expect(card.getByText('Reschedule asked: The tenant moves out a week later.')).toBeVisible();
  const moved = { start: localInput(16, 10), end: localInput(16, 12) };
  await card.getByLabel('Start', { exact: true }).fill(moved.start.input);
  await card.getByLabel('End', { exact: true }).fill(moved.end.input);
  await card.getByRole('button', { name: 'Propose schedule' }).click();
  await expect(card.getByText(/^New windows proposed: /)).toBeVisible();

  await actAs(page, market.customer);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  await expect(detail.getByRole('button', { name: /^Pick / })).toHaveCount(1);
  await detail.getByRole('button', { name: /^Pick / }).click();
  const movedDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(moved.start.iso),
  );
  await expect(detail.getByText(/^Confirmed: /)).toContainText(movedDay);
  const orderRow = await market.customer.api.get(`/api/customer/orders/${order.orderId}`);
  expect(((await orderRow.json()) as { scheduledStart: string }).scheduledStart).toBe(moved.start.iso);

  // The customer's calendar address, made on the account page, serves the confirmed capture.
  await page.goto('/account');
  const calendar = page.getByLabel('Calendar', { exact: true });
  await calendar.getByRole('button', { name: 'Make a calendar address' }).click();
  const address = (await calendar.getByLabel('Calendar address').textContent())?.trim() ?? '';
  expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await deps.request.get(new URL(address).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = new ICAL.Component(ICAL.parse(await feed.text()))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent));
  expect(events.map((event) => event.uid)).toEqual([`${assignmentId}@spacecapture`]);
  expect(events[0]?.startDate.toJSDate().toISOString()).toBe(moved.start.iso);
  expect(events[0]?.location).toBe(order.location);
  expect(consoleErrors).toEqual([]);
});
