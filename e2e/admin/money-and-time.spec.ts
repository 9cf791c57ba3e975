import { formatDateTimeRange } from '@spacecapture/shared/format';
import { expect } from '../auth/support.ts';
import { actAs, createOrder, scheduledOrder, sendQuote, signInPage, test } from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

test('an amount reads the same on the admin’s list, the customer’s quote and the e-mail', async ({
  page,
  adminCookies,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  await sendQuote(deps.admin, order.orderId, {
    items: [
      { label: 'Capture', amount: 495.5 },
      { label: 'Processing', amount: 200 },
    ],
  });

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/quotes');
  const row = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: order.title });
  await expect(row).toContainText('$695.50');
  await expect(row).not.toContainText('695.5 USD');

  const mail = await deps.inspector.waitForEmail(
    (email) => email.to.includes(market.customer.email) && email.subject === `Quote sent: ${order.title}`,
  );
  expect(mail.text).toContain('Total: $695.50');
  expect(mail.text).toContain('Capture: $495.50');

  await actAs(page, market.customer);
  await page.goto('/customer/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes & Invoices' })).toBeVisible();
  await expect(page.getByText('$695.50').first()).toBeVisible();
});

test('a capture window names its zone: the viewer’s in the portal, UTC in the e-mail', async ({
  browser,
  deps,
  market,
}) => {
  const scheduled = await scheduledOrder(deps, market);
  const mail = await deps.inspector.waitForEmail(
    (email) => email.to.includes(market.customer.email) && email.subject === `Schedule confirmed: ${scheduled.title}`,
  );
  // 09:00–17:00 UTC, the day a week from now: the order has no place, so its zone is UTC, named
  // as every capture time is (decision 141).
  expect(mail.text).toMatch(/When: [A-Z][a-z]{2} \d{1,2}, \d{4}, 9:00 AM – 5:00 PM \(UTC\)/);
  expect(mail.text).not.toContain('GMT');

  // A customer in Berlin reads the window in Berlin time, named.
  const berlin = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, timezoneId: 'Europe/Berlin' });
  try {
    const page = await berlin.newPage();
    await signInPage(page, market.customer);
    await page.goto(`/customer/orders?order=${scheduled.orderId}`);
    const window = formatDateTimeRange(scheduled.start, scheduled.end, 'Europe/Berlin');
    expect(window).toMatch(/10:00 AM – 6:00 PM GMT\+1|11:00 AM – 7:00 PM GMT\+2/);
    await expect(page.getByText(window)).toBeVisible();
  } finally {
    await berlin.close();
  }
});
