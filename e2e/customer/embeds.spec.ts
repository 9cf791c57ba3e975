import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, expect, newDevice } from '../auth/support.ts';
import { solidPng } from '../support/deliverable-bytes.ts';
import { markDelivered, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

/**
 * Embeds (decision 224): a share link's embed page loads in an iframe on a site its link lists,
 * and is refused on any other. Both sites are tiny pages served here, on origins of their own.
 */

/** A site of its own (another origin) whose one page frames `embedUrl`. */
async function siteFraming(embedUrl: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Listing</title></head><body><h1>A listing</h1>` +
        `<iframe src="${embedUrl}" title="Virtual tour" width="900" height="700"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

test.describe.configure({ timeout: 180_000 });

test('embeds: the embed loads on a site the link lists and is refused on another', async ({
  browser,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  await uploadDeliverable(market.provider.api, order.orderId, 'plan.png', solidPng(320, 200, [40, 90, 160]));
  await markDelivered(market.provider.api, order.orderId);
  const created = await market.customer.api.post(`/api/customer/orders/${order.orderId}/share-links`, {
    data: { expiresInDays: 7 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { link, url } = (await created.json()) as { link: { id: string }; url: string };
  const embedUrl = `${baseUrl()}${new URL(url).pathname.replace('/share/', '/embed/')}`;

  const allowed = await siteFraming(embedUrl);
  const other = await siteFraming(embedUrl);
  try {
    const listed = await market.customer.api.patch(`/api/customer/share-links/${link.id}`, {
      data: { embedOrigins: [allowed.origin] },
    });
    expect(listed.status(), await listed.text()).toBe(200);

    // On the listed site: the shared order in the frame, its first file open in the viewer.
    const device = await newDevice(browser);
    const listing = await device.newPage();
    await listing.goto(allowed.origin);
    const tour = listing.frameLocator('iframe[title="Virtual tour"]');
    await expect(tour.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tour.getByRole('region', { name: 'Viewing plan.png' })).toBeVisible();

    // On any other site: the browser refuses to frame it, by the link's frame-ancestors.
    const elsewhere = await device.newPage();
    const refused = elsewhere.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await elsewhere.goto(other.origin);
    expect((await refused).text()).toContain(allowed.origin);
    await expect(elsewhere.getByRole('heading', { name: 'A listing' })).toBeVisible();
    await expect(elsewhere.frameLocator('iframe[title="Virtual tour"]').getByRole('heading', { level: 1 })).toHaveCount(
      0,
    );

    await device.close();
  } finally {
    await closeServer(allowed.server);
    await closeServer(other.server);
  }
});
