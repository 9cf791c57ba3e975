import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatDateTimeRange } from '@spacecapture/shared/format';
import { expect, toast, waitForMail } from '../auth/support.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import {
  createMember,
  createOrder,
  markDelivered,
  scheduledOrder,
  signInPage,
  sqlText,
  startedOrder,
  test,
  uploadDeliverable,
} from '../support/marketplace.ts';

// Whole flows (invitations, sign-ups, quotes, schedules) on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** The company address form notifications go to (the server's default COMPANY_EMAIL). */
const COMPANY_EMAIL = 'hello@spacecapture.example';

function orderRow(page: Page, title: string) {
  return page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: title });
}

test('orders: only our organisation, search, status filter, detail with steps and window, Back', async ({
  page,
  consoleErrors,
  deps,
  market,
}) => {
  const tag = randomUUID().slice(0, 8);
  const outsider = await createMember(deps, 'customer_admin');
  const waiting = await createOrder(deps, market.customer.organization.id, { location: `1 Mill Lane ${tag}, York` });
  // Unplaced (no town the map knows): its window is shown in the viewer's zone.
  const scheduled = await scheduledOrder(deps, market, { location: `9 Quay Street ${tag}, Harbour Yard` });
  const foreign = await createOrder(deps, outsider.organization.id, { location: `5 Dock Road ${tag}, York` });

  await signInPage(page, market.customer);
  await page.goto('/customer/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders' });
  // Newest first; another organisation's order is never listed.
  await expect(table.getByRole('row').nth(1)).toContainText(scheduled.title);
  await expect(table.getByRole('row').nth(2)).toContainText(waiting.title);
  await expect(table).not.toContainText(foreign.location);
  await expect(orderRow(page, scheduled.title).getByText('In progress')).toBeVisible();
  await expect(orderRow(page, waiting.title).getByText('Pending')).toBeVisible();

  // Search by location: the address keeps it.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(`Mill Lane ${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=Mill\\+Lane\\+${tag}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(orderRow(page, waiting.title)).toBeVisible();

  // Status filter over the same search: nothing in progress matches, then one pending order.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('in_progress');
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(page.getByText('No orders match your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(orderRow(page, scheduled.title)).toBeVisible();

  // A reload keeps the filters; the detail opens on ?order= and Back returns to the same list.
  await page.reload();
  await expect(orderRow(page, scheduled.title)).toBeVisible();
  await orderRow(page, scheduled.title).getByRole('button', { name: scheduled.title }).click();
  await expect(page).toHaveURL(new RegExp(`order=${scheduled.orderId}`));
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByRole('heading', { level: 2, name: scheduled.title })).toBeVisible();
  await expect(detail.getByText(scheduled.location, { exact: true })).toBeVisible();
  await expect(detail.getByText('In progress', { exact: true })).toBeVisible();
  // Scheduled for next week: only the confirmed schedule is done (one step of five, dated when it
  // was confirmed); nothing claims a capture that has not happened.
  await expect(detail.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '20');
  await expect(detail.getByRole('listitem').filter({ hasText: 'Capture scheduled ·' })).toHaveAttribute(
    'data-state',
    'done',
  );
  await expect(detail.getByText('Capture pending')).toBeVisible();
  await expect(detail.getByText('Capture completed')).toHaveCount(0);
  await expect(detail.getByText('Processing and QA pending')).toBeVisible();
  await expect(detail.getByText('Final delivery pending')).toBeVisible();
  // In the viewer's zone, named.
  const viewerZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(
    detail.getByText(formatDateTimeRange(scheduled.start, scheduled.end, viewerZone), { exact: true }),
  ).toBeVisible();
  await expect(detail.getByText('No files delivered yet.')).toBeVisible();
  // Not delivered yet: no rating form.
  await expect(detail.getByRole('heading', { name: /Rate this job|Your rating/ })).toHaveCount(0);
  await detail.getByRole('button', { name: /Back/ }).click();
  await expect(page).not.toHaveURL(/order=/);
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(orderRow(page, scheduled.title)).toBeVisible();

  // Another organisation's order by its id: the server answers 404 and the page says so.
  await page.goto(`/customer/orders?order=${foreign.orderId}`);
  await expect(page.getByRole('alert')).toContainText('Could not load the order');
  await expect(page.getByRole('alert')).toContainText('Order not found.');
  await expect(page.getByText(foreign.location)).toHaveCount(0);
  expect(consoleErrors.filter((error) => !/404/.test(error))).toEqual([]);
});

test('deliverables: listed per order, downloaded through a signed link (Range too); rating once', async ({
  page,
  inspector,
  deps,
  market,
}) => {
  const order = await startedOrder(deps, market);
  const fileName = `scan-${randomUUID().slice(0, 6)}.e57`;
  const bytes = deliverableBytes(fileName, 3000);
  const deliverableId = await uploadDeliverable(market.provider.api, order.orderId, fileName, bytes);
  const goneId = await uploadDeliverable(
    market.provider.api,
    order.orderId,
    'floor-plan.pdf',
    deliverableBytes('floor-plan.pdf', 0),
  );
  await markDelivered(market.provider.api, order.orderId);

  await signInPage(page, market.customer);
  await page.goto('/customer/deliverables');
  await expect(page.getByRole('heading', { level: 1, name: 'Deliverables' })).toBeVisible();
  const section = page.getByRole('region', { name: order.title });
  await expect(section.getByText('Awaiting your review')).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText('Point cloud');
  await expect(row).toContainText('2.9 KB');

  // The browser downloads exactly the stored bytes, under the file's name.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect((await readFile(await download.path())).equals(bytes)).toBe(true);

  // A link asked for through the API serves byte ranges.
  const link = await market.customer.api.post(`/api/customer/deliverables/${deliverableId}/link`);
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const part = await market.customer.api.get(url, { headers: { Range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-199/${bytes.length}`);
  expect((await part.body()).equals(bytes.subarray(100, 200))).toBe(true);

  // A file removed since the page loaded: the server refuses the link and the page says so.
  await inspector.query(`DELETE FROM job_events WHERE metadata->>'deliverableId' = ${sqlText(goneId)}`);
  await inspector.query(`DELETE FROM deliverables WHERE id = ${sqlText(goneId)}`);
  await section.getByRole('button', { name: 'Download floor-plan.pdf' }).click();
  await expect(toast(page, 'Link error')).toContainText('File not found.');

  // The order's detail: the job's steps done, the review under way, the files, and the rating form.
  await page.goto(`/customer/orders?order=${order.orderId}`);
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '90');
  await expect(detail.getByRole('listitem').filter({ hasText: 'Awaiting your review' })).toHaveAttribute(
    'data-state',
    'current',
  );
  await expect(detail.getByText('Capture completed')).toBeVisible();
  await expect(detail.getByText('Processing and QA completed')).toBeVisible();
  await expect(detail.getByText('Final delivery completed')).toBeVisible();
  await expect(detail.getByRole('button', { name: `Download ${fileName}` })).toBeVisible();

  const form = detail.getByRole('form', { name: 'Rate this job' });
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose from 1 to 5 stars.');
  // The stars are radios: chosen with the keyboard as with the mouse.
  await form.getByRole('radio', { name: '4 stars' }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clean scans, on time.');
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await expect(toast(page, 'Rating saved')).toBeVisible();
  await expect(detail.getByText('Clean scans, on time.')).toBeVisible();
  await expect(detail.getByRole('form', { name: 'Rate this job' })).toHaveCount(0);
  const ratings = await inspector.query<{ score: number; comment: string; provider_org_id: string }>(
    `SELECT score, comment, provider_org_id FROM ratings WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(ratings).toEqual([
    { score: 4, comment: 'Clean scans, on time.', provider_org_id: market.provider.organization.id },
  ]);
  // After a reload the given rating is shown, not a second form.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your rating' })).toBeVisible();
  await expect(page.getByTestId('given-rating')).toContainText('4/5');
  await expect(page.getByTestId('given-rating')).toContainText('Clean scans, on time.');
  await expect(page.getByRole('form', { name: 'Rate this job' })).toHaveCount(0);
});

test('dashboard: My Orders with detail and Back, Deliverables, and a support request stored and e-mailed', async ({
  page,
  inspector,
  deps,
  market,
}) => {
  const delivered = await startedOrder(deps, market);
  const fileName = `plan-${randomUUID().slice(0, 6)}.pdf`;
  await uploadDeliverable(market.provider.api, delivered.orderId, fileName, Buffer.from('%PDF-1.7 floor plan'));
  await markDelivered(market.provider.api, delivered.orderId);
  const pending = await createOrder(deps, market.customer.organization.id);

  await signInPage(page, market.customer);
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const name of ['My Orders', 'Deliverables', 'Support']) {
    await expect(page.getByRole('tab', { name })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'My Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(orderRow(page, delivered.title).getByText('Awaiting your review')).toBeVisible();
  await expect(orderRow(page, pending.title).getByText('Pending')).toBeVisible();

  // A delivered order lists its real files with Download; Back returns to the list.
  await orderRow(page, delivered.title).getByRole('button', { name: delivered.title }).click();
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByRole('button', { name: `Download ${fileName}` })).toBeVisible();
  await detail.getByRole('button', { name: /Back/ }).click();
  await expect(orderRow(page, pending.title)).toBeVisible();

  await page.getByRole('tab', { name: 'Deliverables' }).click();
  await expect(page.getByRole('region', { name: delivered.title })).toContainText(fileName);
  await expect(page.getByRole('region', { name: pending.title })).toHaveCount(0);

  // Support: the required fields, then a request stored for the organisation and e-mailed.
  await page.getByRole('tab', { name: 'Support' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '4');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  const subject = `Where is the point cloud ${randomUUID().slice(0, 6)}`;
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill('The floor plan arrived, the point cloud did not.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Message Sent')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  const stored = await inspector.query<{ org_id: string; message: string; status: string }>(
    `SELECT org_id, message, status FROM support_requests WHERE subject = ${sqlText(subject)}`,
  );
  expect(stored).toEqual([
    {
      org_id: market.customer.organization.id,
      message: 'The floor plan arrived, the point cloud did not.',
      status: 'open',
    },
  ]);
  const mail = await waitForMail(inspector, COMPANY_EMAIL, new RegExp(`Support request: ${subject}`));
  expect(mail.text).toContain('The floor plan arrived, the point cloud did not.');
});
