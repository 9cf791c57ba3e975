import { randomUUID } from 'node:crypto';
import { expect } from '../auth/support.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

/**
 * An SVG deliverable with script in it (issue 26, decision 172): the viewer draws it as an image,
 * and the image's address opened in a tab of its own is a sandboxed download, so its script never
 * runs at our origin with the customer's session.
 */

test('an SVG with script is drawn as an image and never runs its script at our origin', async ({
  page,
  context,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const name = `site-plan-${randomUUID().slice(0, 6)}.svg`;
  // Were its script ever to run at our origin, it would leave this mark in the origin's storage.
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">' +
      '<rect width="400" height="200" fill="#2860c8"/>' +
      '<script>localStorage.setItem("svg-script-ran", "yes")</script></svg>',
  );
  const fileId = await uploadDeliverable(market.provider.api, order.orderId, name, svg);
  await markDelivered(market.provider.api, order.orderId);

  await signInPage(page, market.customer);
  await page.goto(`/customer/orders/${order.orderId}/files/${fileId}`);
  const viewer = page.locator('[data-viewer="image"][data-viewer-state="ready"]');
  const image = viewer.getByRole('img', { name });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(400);

  // "Open image in new tab": the browser goes to the image's own address.
  const address = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  expect(address).not.toMatch(/^blob:/);
  const tab = await context.newPage();
  const download = tab.waitForEvent('download');
  const answer = tab.waitForResponse((response) => response.url() === address);
  await tab.goto(address).catch(() => {
    // A download is no page: the navigation ends with the download instead.
  });
  const response = await answer;
  expect(response.headers()['content-security-policy']).toMatch(/^sandbox;/);
  expect((await download).suggestedFilename()).toBe(name);
  await tab.close();

  expect(await page.evaluate(() => localStorage.getItem('svg-script-ran'))).toBeNull();
});
