import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import * as yauzl from 'yauzl';
import { expect, newDevice, toast } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { deliverableBytes, solidPng } from '../support/deliverable-bytes.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

/**
 * The delivery kit (decisions 221–223) in the real app: the organisation's branding set on its
 * page, a branded and an unbranded share page, "Download all" saved byte-exact by the browser,
 * and the customer seeing the views, visitors and opens move.
 */

/** Every file of a zip, read by yauzl (an unzipper of its own). */
function unzip(zip: Buffer) {
  return new Promise<Record<string, Buffer>>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const out: Record<string, Buffer> = {};
      archive.on('error', reject);
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          buffer(stream).then((body) => {
            out[entry.fileName] = body;
            archive.readEntry();
          }, reject);
        });
      });
      archive.on('end', () => resolve(out));
      archive.readEntry();
    });
  });
}

// A whole flow (schedule, uploads, delivery, two visitors) on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

test('delivery kit: branded and unbranded pages, download all byte-exact, and the views move', async ({
  page,
  browser,
  consoleErrors,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const files: Record<string, Buffer> = {
    [`tour-${randomUUID().slice(0, 6)}.mp4`]: deliverableBytes('tour.mp4', 200_000),
    'plan.pdf': deliverableBytes('plan.pdf', 0),
    'scan.e57': deliverableBytes('scan.e57', 30_000),
  };
  for (const [name, bytes] of Object.entries(files)) {
    await uploadDeliverable(market.provider.api, order.orderId, name, bytes);
  }
  await markDelivered(market.provider.api, order.orderId);
  const orgName = market.customer.organization.name;

  // The customer admin sets the organisation's branding on its page.
  await signInPage(page, market.customer);
  await page.goto('/customer/organization');
  const brand = page.getByRole('region', { name: 'Branding of share pages' });
  await brand.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(300, 100, [20, 110, 80]),
  });
  // The logo is re-encoded by a child process: on a busy machine starting it takes a while.
  await expect(toast(page, 'Logo saved')).toBeVisible({ timeout: 30_000 });
  await expect(brand.getByRole('img', { name: "Your organization's logo" })).toBeVisible();
  await brand.getByRole('textbox', { name: 'Accent colour' }).fill('#146e50');
  await brand.getByRole('textbox', { name: 'Contact name' }).fill('Dana Reyes');
  await brand.getByRole('textbox', { name: 'Contact e-mail' }).fill('dana@harbour.example');
  await brand.getByRole('textbox', { name: 'Contact phone' }).fill('+44 20 7946 0000');
  await brand.getByRole('button', { name: 'Save branding' }).click();
  await expect(toast(page, 'Branding saved')).toBeVisible();

  // Two links from the order's page: one branded, one unbranded (the default).
  await page.goto(`/customer/orders?order=${order.orderId}`);
  const detail = page.getByLabel('Order detail');
  const shares = detail.getByRole('region', { name: 'Share links' });
  await shares.getByRole('combobox', { name: 'Page', exact: true }).click();
  await page.getByRole('option', { name: 'Branded (your logo and contact)' }).click();
  await shares.getByRole('button', { name: 'Create share link' }).click();
  await expect(toast(page, 'Share link created')).toBeVisible();
  const brandedUrl = await shares.getByRole('textbox', { name: 'New share link' }).inputValue();
  await shares.getByRole('button', { name: 'Done' }).click();
  await shares.getByRole('combobox', { name: 'Page', exact: true }).click();
  await page.getByRole('option', { name: 'Unbranded (for listing services)' }).click();
  await shares.getByRole('button', { name: 'Create share link' }).click();
  const plainUrl = await shares.getByRole('textbox', { name: 'New share link' }).inputValue();
  expect(plainUrl).not.toBe(brandedUrl);

  // A visitor on the branded page: the organisation's logo, name and contact.
  const visitor = await newDevice(browser);
  const guest = await visitor.newPage();
  await guest.goto(new URL(brandedUrl).pathname);
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guest.getByRole('img', { name: `${orgName} logo` })).toBeVisible();
  await expect(guest.getByText(orgName, { exact: true })).toBeVisible();
  const contact = guest.getByRole('region', { name: 'Contact' });
  await expect(contact.getByText('Dana Reyes')).toBeVisible();
  await expect(contact.getByRole('link', { name: 'dana@harbour.example' })).toHaveAttribute(
    'href',
    'mailto:dana@harbour.example',
  );
  expect(await axeViolations(guest)).toEqual([]);

  // Another visitor on the unbranded page: no name, logo or contact, not even the platform's.
  const other = await newDevice(browser, { viewport: { width: 390, height: 844 } });
  const lister = await other.newPage();
  await lister.goto(new URL(plainUrl).pathname);
  await expect(lister.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(lister.getByRole('listitem', { name: 'plan.pdf' })).toBeVisible();
  for (const named of [orgName, 'Dana Reyes', 'dana@harbour.example', '7946', 'SpaceCapture']) {
    await expect(lister.getByText(named)).toHaveCount(0);
  }
  await expect(lister.getByRole('img', { name: /logo/i })).toHaveCount(0);
  await expect(lister.getByRole('region', { name: 'Contact' })).toHaveCount(0);
  expect(await lister.title()).not.toContain(orgName);
  expect(await axeViolations(lister)).toEqual([]);

  // Download all: the browser saves one zip holding the three files, byte for byte.
  const downloading = lister.waitForEvent('download');
  await lister.getByRole('link', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect(await unzip(await readFile(await download.path()))).toEqual(files);

  // An open of one file through the branded link.
  const planItem = guest.getByRole('listitem', { name: 'plan.pdf' });
  const saving = guest.waitForEvent('download');
  await planItem.getByRole('button', { name: 'Download plan.pdf' }).click();
  await saving;

  // The customer sees the counts move: each link viewed once by one visitor; the plan opened once.
  await page.reload();
  const links = detail.getByRole('table', { name: 'Share links of this order' });
  await expect(links.getByRole('row')).toHaveCount(3);
  // Newest first: the unbranded link, then the branded one. Columns: Created, Expires, Views, Visitors.
  const [plainRow, brandedRow] = [links.getByRole('row').nth(1), links.getByRole('row').nth(2)];
  await expect(plainRow.getByRole('cell').nth(2)).toHaveText('1');
  await expect(plainRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(brandedRow.getByRole('cell').nth(2)).toHaveText('1');
  await expect(brandedRow.getByRole('list', { name: 'Opens per file' })).toHaveText('plan.pdf: 1');

  // The same visitor again: one more view, still one visitor today.
  await guest.reload();
  await expect(guest.getByRole('img', { name: `${orgName} logo` })).toBeVisible();
  await page.reload();
  await expect(brandedRow.getByRole('cell').nth(2)).toHaveText('2');
  await expect(brandedRow.getByRole('cell').nth(3)).toHaveText('1');

  await visitor.close();
  await other.close();
  expect(consoleErrors).toEqual([]);
});
