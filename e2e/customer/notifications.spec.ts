import { expect, toast } from '../auth/support.ts';
import { createOrder, sendQuote, signInPage, test } from '../support/marketplace.ts';

// Invitations, an order and a quote on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('a quote the admin sends moves the customer’s bell without a reload; opening it and marking all read clears it', async ({
  page,
  deps,
  market,
}) => {
  const { customer } = market;
  await signInPage(page, customer);
  await page.goto('/customer-dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const order = await createOrder(deps, customer.organization.id);
  await sendQuote(deps.admin, order.orderId);
  // The page was not reloaded: the count arrives through the server's event stream.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  const item = dropdown.getByRole('link', { name: `Quote sent: ${order.title}` });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('href', '/customer/quotes');

  await dropdown.getByRole('button', { name: 'Mark all read' }).click();
  await expect(toast(page, 'All caught up')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(dropdown.getByRole('button', { name: `Mark read: Quote sent: ${order.title}` })).toHaveCount(0);

  // The item still links to its page.
  await item.click();
  await expect(page).toHaveURL(/\/customer\/quotes$/);
});

test('each portal’s account page lists the events of its role, and a saved choice stays', async ({ page, market }) => {
  await signInPage(page, market.provider);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByRole('switch', { name: 'E-mail: New job offer' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'In the app: Quote sent' })).toHaveCount(0);
  await section.getByRole('switch', { name: 'E-mail: New job offer' }).click({ force: true });
  await section.getByRole('button', { name: 'Save preferences' }).click();
  await expect(toast(page, 'Preferences saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'E-mail: New job offer' }),
  ).not.toBeChecked();
});
