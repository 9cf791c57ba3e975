import { randomUUID } from 'node:crypto';
import { expect, newDevice, toast } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { pdf } from '../support/deliverable-bytes.ts';
import {
  createMember,
  createOrder,
  markDelivered,
  signInPage,
  startedOrder,
  test,
  uploadDeliverable,
} from '../support/marketplace.ts';

// Two whole flows (schedule, uploads, delivery) on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

const SMALL_SCREEN = { width: 390, height: 844 };

test("the property page: two delivered orders at one address, their files, and a share link that shows both orders' files", async ({
  page,
  browser,
  consoleErrors,
  deps,
  market,
}) => {
  // One address typed two ways (case, punctuation, spacing) is one property (decision 237); another
  // street of the same town is another. Each capture is under way at once, so each has a provider
  // of its own (one provider's confirmed captures may not overlap).
  const second = { customer: market.customer, provider: await createMember(deps, 'provider_admin') };
  const tour = await startedOrder(deps, market, { location: '1 Park Row, Leeds, GB', captureType: 'virtual-tour' });
  const plan = await startedOrder(deps, second, { location: '1 PARK ROW  leeds gb', captureType: 'floor-plan' });
  const otherStreet = await createOrder(deps, market.customer.organization.id, { location: '9 Briggate, Leeds, GB' });
  const tourFile = `walkthrough-${randomUUID().slice(0, 6)}.glb`;
  const planFile = `plan-${randomUUID().slice(0, 6)}.pdf`;
  await uploadDeliverable(market.provider.api, tour.orderId, tourFile, Buffer.alloc(3000, 7));
  await uploadDeliverable(second.provider.api, plan.orderId, planFile, pdf());
  await markDelivered(market.provider.api, tour.orderId);
  await markDelivered(second.provider.api, plan.orderId);

  // From the order's page to its address's page.
  await signInPage(page, market.customer);
  await page.goto(`/customer/orders?order=${tour.orderId}`);
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByRole('heading', { level: 2, name: tour.title })).toBeVisible();
  await detail.getByRole('link', { name: 'All files at this address' }).click();
  await expect(page).toHaveURL(/\/customer\/properties\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Property' })).toBeVisible();
  // The address as the newest order typed it, and the town the gazetteer placed it in.
  await expect(page.getByRole('heading', { level: 2, name: plan.location })).toBeVisible();
  await expect(page.getByText('Leeds, England, GB')).toBeVisible();
  await expect(page.getByText('2 orders at this address')).toBeVisible();
  // Both orders, newest first, each with its own files.
  await expect(page.getByRole('main').getByRole('heading', { level: 3 }).first()).toHaveText(plan.title);
  await expect(
    page
      .getByRole('table', { name: `Files of ${plan.title}` })
      .getByRole('row')
      .filter({ hasText: planFile }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: `Files of ${tour.title}` })
      .getByRole('row')
      .filter({ hasText: tourFile }),
  ).toBeVisible();
  // The other street's order is not on this page.
  await expect(page.getByRole('heading', { level: 3, name: otherStreet.title })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /^Files of / })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Download all' })).toHaveAttribute(
    'href',
    /^\/api\/customer\/properties\/[A-Za-z0-9_-]{22}\/archive$/,
  );

  // A share link of the property, made on its page.
  const shares = page.getByRole('region', { name: 'Share links' });
  await shares.getByRole('button', { name: 'Create share link' }).click();
  await expect(toast(page, 'Share link created')).toBeVisible();
  const url = await shares.getByRole('textbox', { name: 'New share link' }).inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  const links = shares.getByRole('table', { name: 'Share links of this property' });
  await expect(links.getByRole('row')).toHaveCount(2);
  await expect(links.getByRole('row').nth(1)).toContainText('active');
  // The order's own page lists no link: this one is the property's.
  await page.goto(`/customer/orders?order=${tour.orderId}`);
  await expect(
    page.getByLabel('Order detail').getByRole('region', { name: 'Share links' }).getByText('No share links yet.'),
  ).toBeVisible();

  // A signed-out visitor: the town (no address, decision 137), and each order's files under its title.
  const visitor = await newDevice(browser);
  const guest = await visitor.newPage();
  await guest.goto(new URL(url).pathname);
  await expect(guest.getByRole('heading', { level: 1, name: 'Leeds, England, GB' })).toBeVisible();
  for (const [order, file] of [
    [plan, planFile],
    [tour, tourFile],
  ] as const) {
    const title = order.title.slice(0, -`, ${order.location}`.length);
    await expect(guest.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(
      guest.getByRole('list', { name: `Files of ${title}` }).getByRole('listitem', { name: file }),
    ).toBeVisible();
  }
  await expect(guest.getByText(/park row/i)).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Download all' })).toBeVisible();
  // Fit for a phone, and for everyone.
  await guest.setViewportSize(SMALL_SCREEN);
  await expect
    .poll(() => guest.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(SMALL_SCREEN.width);
  expect(await axeViolations(guest)).toEqual([]);
  await visitor.close();
  await second.provider.api.dispose();
  expect(consoleErrors).toEqual([]);
});
