import type { Locator } from '@playwright/test';
import { expect } from '../auth/support.ts';
import { acceptQuote, createOrder, sendQuote, test } from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

/** The badge's label is shown whole: nothing of it is cut off or replaced by an ellipsis. */
async function expectWhole(badge: Locator) {
  await expect(badge).toBeVisible();
  const cut = await badge.evaluate((root) => {
    const label = root.querySelector('.mantine-Badge-label') ?? root;
    const style = getComputedStyle(label);
    return {
      label: label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight,
      root: root.scrollWidth > root.clientWidth,
      ellipsis: style.textOverflow === 'ellipsis' && style.overflow === 'hidden',
    };
  });
  expect(cut).toEqual({ label: false, root: false, ellipsis: false });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
]) {
  test(`status badges show their whole label and capture types their names (${viewport.name})`, async ({
    page,
    adminCookies,
    deps,
    market,
  }) => {
    // A long location makes a long title beside the badge, as on real orders.
    const order = await createOrder(deps, market.customer.organization.id, {
      captureType: '3d-model',
      location: `Unit 4, The Long Industrial Estate Access Road ${Date.now()}, Milton Keynes`,
    });
    const { quoteId } = await sendQuote(deps.admin, order.orderId);
    await acceptQuote(market.customer.api, quoteId);

    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.context().addCookies(adminCookies);
    await page.goto('/admin/assignments');
    const card = page.getByTestId('assignment-card').filter({ hasText: order.location });
    await expect(card).toContainText('Capture type: 3D Model');
    await expect(card).not.toContainText('3d-model');
    const badge = card.locator('.mantine-Badge-root').filter({ hasText: /^approved$/i });
    await expectWhole(badge);
    await expect(badge).toHaveText(/^approved$/i);
  });
}
