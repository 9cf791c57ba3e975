import { expect, newDevice, toast } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { signInPage, startedOrder, test } from '../support/marketplace.ts';

/**
 * Tour-link deliverables (decision 233) in the real app: the provider delivers a Matterport tour's
 * address on the Uploads page (an http one is refused first), the customer sees it framed in the
 * order, and a visitor sees it framed on the share page. The test machine has no network, so the
 * remote host answers with a stand-in page routed in the browser: the app, its CSP and the frame's
 * sandbox are the real ones, and the frame loads only because frame-src lists the host.
 */

const TOUR = 'https://my.matterport.com/show/?m=SxQL3iGyoDo';
const STAND_IN = '<!doctype html><html lang="en"><title>Tour</title><body><h1>Tour player</h1></body></html>';

test.describe.configure({ timeout: 180_000 });

test('a tour link delivered by the provider is framed for the customer and on a share page', async ({
  page,
  browser,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);

  await signInPage(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  const form = page.getByRole('form', { name: 'Deliver a tour link' });
  await form.getByRole('textbox', { name: 'Tour address' }).fill('http://my.matterport.com/show/?m=SxQL3iGyoDo');
  await form.getByRole('textbox', { name: 'Tour title' }).fill('Walkthrough');
  await form.getByRole('button', { name: 'Deliver tour link' }).click();
  await expect(form.getByText('Only https:// tour addresses can be delivered.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Tour address' }).fill(TOUR);
  await form.getByRole('button', { name: 'Deliver tour link' }).click();
  await expect(toast(page, 'Tour link delivered')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Walkthrough in a new tab' }).first()).toHaveAttribute('href', TOUR);

  // The customer: the tour framed in the order, sandboxed, under a policy that lists its host.
  const customer = await newDevice(browser);
  const portal = await customer.newPage();
  await portal.route('https://my.matterport.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: STAND_IN }),
  );
  await signInPage(portal, market.customer);
  const shell = await portal.goto(`/customer/orders?order=${order.orderId}`);
  expect(shell?.headers()['content-security-policy']).toContain("frame-src 'self' https://my.matterport.com");
  const detail = portal.getByLabel('Order detail');
  const framed = detail.getByRole('region', { name: 'Tour Walkthrough' });
  const frame = framed.locator('iframe');
  await expect(frame).toHaveAttribute('src', TOUR);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-forms');
  await expect(frame).toHaveAttribute('title', 'Virtual tour: Walkthrough');
  await expect(framed.frameLocator('iframe').getByRole('heading', { name: 'Tour player' })).toBeVisible();
  const newTab = framed.getByRole('link', { name: 'Open Walkthrough in a new tab' });
  await expect(newTab).toHaveAttribute('target', '_blank');
  await expect(newTab).toHaveAttribute('rel', 'noopener noreferrer');

  // A share link, and a visitor on its page: the tour framed there too, with nothing to download.
  const shares = detail.getByRole('region', { name: 'Share links' });
  await shares.getByRole('button', { name: 'Create share link' }).click();
  const shareUrl = await shares.getByRole('textbox', { name: 'New share link' }).inputValue();
  const visitor = await newDevice(browser, { viewport: { width: 390, height: 844 } });
  const guest = await visitor.newPage();
  await guest.route('https://my.matterport.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: STAND_IN }),
  );
  await guest.goto(new URL(shareUrl).pathname);
  const item = guest.getByRole('listitem', { name: 'Walkthrough' });
  await expect(item.locator('iframe')).toHaveAttribute('src', TOUR);
  await expect(item.frameLocator('iframe').getByRole('heading', { name: 'Tour player' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Download all' })).toHaveCount(0);
  expect(await axeViolations(guest)).toEqual([]);

  // The framed tour counted as an open of it, shown to the customer on the link.
  await portal.reload();
  await expect(detail.getByRole('list', { name: 'Opens per file' })).toHaveText('Walkthrough: 1');
  await customer.close();
  await visitor.close();
});
