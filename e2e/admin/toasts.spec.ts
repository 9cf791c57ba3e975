import { expect, toast } from '../auth/support.ts';
import {
  acceptAssignment,
  acceptQuote,
  assignOrder,
  createOrder,
  proposeSchedule,
  sendQuote,
  test,
} from '../support/marketplace.ts';

// A whole chain to a proposed window (invitations, quote, offer) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('the admin confirms a schedule: the card leaves the queue, "Schedule confirmed" shows and the old error goes', async ({
  page,
  adminCookies,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { quoteId } = await sendQuote(deps.admin, order.orderId);
  await acceptQuote(market.customer.api, quoteId);
  const { assignmentId } = await assignOrder(deps.admin, order.orderId, market.provider.organization.id);
  await acceptAssignment(market.provider.api, assignmentId);
  // A second order waiting for its provider, whose card can raise an error.
  const waiting = await createOrder(deps, market.customer.organization.id);
  await acceptQuote(market.customer.api, (await sendQuote(deps.admin, waiting.orderId)).quoteId);
  const start = new Date(Date.now() + 7 * 86_400_000);
  await proposeSchedule(market.provider.api, assignmentId, start, new Date(start.getTime() + 4 * 3_600_000));

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/assignments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible();
  const card = page.getByTestId('assignment-card').filter({ hasText: order.location });
  await expect(card).toContainText('Proposed schedule:');

  // An error first: offering the waiting order without a provider. (The accepted job's card offers
  // no second offer.)
  await expect(card.getByRole('button', { name: 'Create Assignment' })).toHaveCount(0);
  const waitingCard = page.getByTestId('assignment-card').filter({ hasText: waiting.location });
  await waitingCard.getByRole('button', { name: 'Create Assignment' }).click();
  const error = toast(page, 'Pick a provider');
  await expect(error).toBeVisible();

  // Confirming moves the order to scheduled: its card leaves the queue, and the toast still shows,
  // with the error gone from over it.
  await card.getByRole('button', { name: 'Confirm latest schedule' }).click();
  await expect(toast(page, 'Schedule confirmed')).toContainText('Provider will be notified.');
  await expect(card).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Pick a provider' })).toHaveCount(0);
});
