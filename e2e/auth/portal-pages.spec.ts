import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { darkBlockButtons, lowContrastTexts } from '../support/contrast.ts';
import {
  createOrder,
  markDelivered,
  scheduledOrder,
  sendQuote,
  signInPage,
  startedOrder,
  type TMarket,
  type TMarketDeps,
  test,
  uploadDeliverable,
} from '../support/marketplace.ts';
import { LINKED_PAGES, linkedPath } from './routes.ts';
import { expect, uniqueEmail } from './support.ts';

// Every page of a portal, in both schemes and at 390 px.
test.describe.configure({ timeout: 480_000 });

const SMALL_SCREEN = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

const schemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/**
 * Something on every list: a delivered job (at an address in a town the gazetteer knows, so its
 * property page shows the town too), a scheduled one, and a quote waiting for the customer.
 * Returns the delivered order's id.
 */
async function fillPortals(deps: TMarketDeps, market: TMarket) {
  const delivered = await startedOrder(deps, market, { location: '1 Park Row, Leeds, GB' });
  await uploadDeliverable(market.provider.api, delivered.orderId, 'model.glb', Buffer.alloc(2000, 7));
  await markDelivered(market.provider.api, delivered.orderId);
  await scheduledOrder(deps, market);
  const waiting = await createOrder(deps, market.customer.organization.id);
  await sendQuote(deps.admin, waiting.orderId);
  return delivered.orderId;
}

/** Texts of badges and buttons (within `within`) that are cut off, or whose words break across lines. */
function cutTexts(page: Page, within = 'body') {
  return page.evaluate((root) => {
    const found: string[] = [];
    for (const element of document
      .querySelector(root)
      ?.querySelectorAll('.mantine-Badge-label, .mantine-Button-label') ?? []) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest('[aria-hidden="true"]')) continue;
      const text = element.textContent ?? '';
      if (element.scrollWidth > element.clientWidth + 1 || box.right > document.documentElement.clientWidth + 1) {
        found.push(`cut off: ${text}`);
        continue;
      }
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const content = node.textContent ?? '';
        for (const word of content.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) found.push(`word broken: ${word[0]} in ${text}`);
        }
      }
    }
    return found;
  }, within);
}

/**
 * Opens each page of the portal's sidebar, the account page and the `linked` pages, in both schemes: every text keeps
 * AA contrast and axe finds no WCAG 2.2 A/AA violation; in the dark one no light button is a dark
 * block. In the light scheme each page is then seen
 * at 390 px too: nothing scrolls sideways, the header shows the brand's name, and no badge or button
 * label is cut (nor, `withUnread`, those of the bell's notifications). Every finding is reported,
 * not only the first.
 */
async function expectEveryPageAccessible(
  page: Page,
  start: string,
  portal: string,
  withUnread: boolean,
  linked: readonly string[] = [],
) {
  await page.setViewportSize(DESKTOP);
  await page.goto(start);
  const navigation = page.getByRole('navigation', { name: portal });
  await expect(navigation).toBeVisible();
  const paths = await navigation
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThan(3);
  paths.push('/account', ...linked);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of paths) {
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Lists and cards have loaded: no loader is left on the page.
      await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
      expect(await schemeOf(page), path).toBe(scheme);
      expect.soft(await lowContrastTexts(page), `contrast on ${path} (${scheme})`).toEqual([]);
      expect.soft(await axeViolations(page), `axe on ${path} (${scheme})`).toEqual([]);
      if (scheme === 'dark') {
        expect.soft(await darkBlockButtons(page), `light buttons on ${path} (dark)`).toEqual([]);
        continue;
      }
      // The same page at 390 px, once the shell has become the small-screen one (sidebar in a drawer).
      await page.setViewportSize(SMALL_SCREEN);
      await expect(page.locator('aside#portal-sidebar')).toHaveCount(0);
      // The header names the site, wider than a clipped screen-reader text.
      const brand = page.getByRole('banner').getByText('SpaceCapture', { exact: true });
      expect.soft(await brand.evaluate((text) => text.getBoundingClientRect().width), path).toBeGreaterThan(60);
      await expect.soft
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${path} scrolls sideways at 390 px`,
        })
        .toBeLessThanOrEqual(SMALL_SCREEN.width);
      // Waited for: labels are measured once the page has laid itself out at the new width, which
      // a headless browser does when it next draws a frame.
      await expect.soft.poll(() => cutTexts(page), { message: `${path} at 390 px` }).toEqual([]);
      if (path === start && withUnread) await expectBellFits(page);
    }
  }
}

/** The bell's dropdown at 390 px: each unread notification's Mark read whole, nothing cut. */
async function expectBellFits(page: Page) {
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByRole('button', { name: /^Mark read: / }).first()).toBeVisible();
  await expect.soft
    .poll(() => cutTexts(page, '[role="dialog"][aria-label="Notifications"]'), { message: 'the bell at 390 px' })
    .toEqual([]);
  await bell.click();
  await expect(dropdown).toHaveCount(0);
}

test('every customer portal page passes axe and keeps AA contrast in both schemes, and fits 390 px', async ({
  page,
  deps,
  market,
}) => {
  const deliveredId = await fillPortals(deps, market);
  const detail = await market.customer.api.get(`/api/customer/orders/${deliveredId}`);
  const { propertyId } = (await detail.json()) as { propertyId: string };
  const linked = LINKED_PAGES.customer.map(([pattern]) => linkedPath(pattern, { propertyId }));
  await signInPage(page, market.customer);
  await expectEveryPageAccessible(page, '/customer-dashboard', 'Customer Portal', true, linked);
});

test('every provider portal page passes axe and keeps AA contrast in both schemes, and fits 390 px', async ({
  page,
  deps,
  market,
}) => {
  await fillPortals(deps, market);
  await signInPage(page, market.provider);
  await expectEveryPageAccessible(page, '/provider-dashboard', 'Provider Portal', true);
});

test('every admin portal page passes axe and keeps AA contrast in both schemes, and fits 390 px', async ({
  page,
  adminCookies,
  deps,
  market,
}) => {
  await fillPortals(deps, market);
  // The inbox lists a conversation: a table of rows, not only its empty state, must fit 390 px.
  const asked = await createOrder(deps, market.customer.organization.id);
  const sent = await market.customer.api.post(`/api/customer/orders/${asked.orderId}/conversation/messages`, {
    data: { body: 'Is the loading bay open on Saturdays?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // A pending invitation, so Invitations shows its Copy link and Resend, as the whole suite leaves it.
  const invited = await deps.admin.post('/api/admin/invitations', {
    data: {
      email: uniqueEmail('pending-invitee'),
      orgType: 'customer',
      roleSuggested: 'customer_admin',
      organization: { name: 'Pending Invitee Ltd' },
    },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await page.context().addCookies(adminCookies);
  await expectEveryPageAccessible(page, '/admin', 'Admin Portal', false);
});

test('the portal header’s toggle switches the scheme at once and keeps it', async ({ page, market }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInPage(page, market.customer);
  await page.goto('/customer/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await schemeOf(page)).toBe('dark');
  // Mantine's own surfaces follow: the page body is the dark one.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 17, 32)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  expect(await schemeOf(page)).toBe('dark');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
