import { expect } from '../auth/support.ts';
import {
  acceptAssignment,
  acceptQuote,
  assignOrder,
  createMember,
  createOrder,
  sendQuote,
  test,
} from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

test('an accepted job is reassigned only through Reassign, with a reason the first provider is sent', async ({
  page,
  adminCookies,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  await acceptQuote(market.customer.api, (await sendQuote(deps.admin, order.orderId)).quoteId);
  const { assignmentId } = await assignOrder(deps.admin, order.orderId, market.provider.organization.id);
  await acceptAssignment(market.provider.api, assignmentId);
  const second = await createMember(deps, 'provider_admin');

  await page.context().addCookies(adminCookies);
  await page.goto(`/admin/assignments?order=${order.orderId}`);
  const card = page.getByTestId('assignment-card').filter({ hasText: order.location });
  await expect(card).toContainText(`${market.provider.organization.name} (accepted)`);
  // The accepted job's card offers no second offer until the admin chooses to reassign.
  await expect(card.getByRole('button', { name: 'Create Assignment' })).toHaveCount(0);
  await expect(card.getByRole('radio')).toHaveCount(0);

  await card.getByRole('button', { name: 'Reassign…' }).click();
  await card.getByRole('radio', { name: new RegExp(second.organization.name) }).check();
  await card.getByRole('textbox', { name: /Compensation/ }).fill('650');
  await card.getByRole('button', { name: 'Reassign job' }).click();
  await expect(card.getByText('Give a reason for taking the job from the provider who accepted it.')).toBeVisible();
  await expect(card).toContainText(`${market.provider.organization.name} (accepted)`);

  await card.getByRole('textbox', { name: /Reason for reassigning/ }).fill('The site needs a MEGA device.');
  await card.getByRole('button', { name: 'Reassign job' }).click();
  await expect(card).toContainText(`${second.organization.name} (offered)`);

  // The provider who held the job is told why.
  await expect
    .poll(async () => JSON.stringify(await (await market.provider.api.get('/api/notifications')).json()))
    .toContain('The site needs a MEGA device.');
  await second.api.dispose();
});
