import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { expect, toast, waitForMail } from '../auth/support.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import { actAs, markDelivered, sqlText, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';

// A whole marketplace and three sign-ins on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('review loop: the customer asks for a change, the provider delivers version 2, the customer rates and approves', async ({
  page,
  consoleErrors,
  deps,
  market,
  inspector,
}, testInfo) => {
  const order = await startedOrder(deps, market);
  const fileName = `model-${randomUUID().slice(0, 6)}.glb`;
  const firstId = await uploadDeliverable(
    market.provider.api,
    order.orderId,
    fileName,
    deliverableBytes(fileName, 2000),
  );
  await markDelivered(market.provider.api, order.orderId);

  // The customer sends the delivery back with a comment on the model.
  await actAs(page, market.customer);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  const review = page.getByLabel('Review', { exact: true });
  await expect(review.getByRole('heading', { name: 'Awaiting your review' })).toBeVisible();
  await expect(page.getByLabel('Order detail').locator('[data-status="awaiting_review"]')).toHaveText(
    'Awaiting your review',
  );
  await review.getByRole('button', { name: 'Request changes' }).click();
  const form = review.getByRole('form', { name: 'Request changes' });
  await form.getByRole('combobox', { name: 'About' }).selectOption({ label: `${fileName} (version 1)` });
  await form.getByRole('button', { name: 'Send change request' }).click();
  await expect(form.getByText('Write what should change.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Comment' }).fill('The north stair rail is missing.');
  // A comment added and left empty is not sent, and does not stop the sending.
  await form.getByRole('button', { name: 'Add comment' }).click();
  await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveCount(2);
  await form.getByRole('button', { name: 'Send change request' }).click();
  await expect(toast(page, 'Changes requested')).toBeVisible();
  await expect(review.getByRole('heading', { name: 'Changes requested' })).toBeVisible();
  const decision = review.getByRole('region', { name: 'Review decision' });
  await expect(decision).toContainText(/Changes requested by .+ on /);
  await expect(decision).toContainText('The provider is working on your comments.');
  await expect(review.getByLabel('Round 1 change request')).toContainText('The north stair rail is missing.');
  await expect(review.getByTestId('review-comment')).toHaveCount(1);
  await expect(page.getByLabel('Order detail').getByText('In progress').first()).toBeVisible();
  const mail = await waitForMail(inspector, market.provider.email, /^Changes requested:/);
  expect(mail.text).toContain('The north stair rail is missing.');

  // The provider reads the comment, uploads version 2 under the same name and re-delivers.
  await actAs(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  const providerReview = page.getByLabel('Customer review');
  await expect(providerReview.getByTestId('review-comment')).toContainText(`${fileName} (version 1)`);
  await expect(providerReview.getByTestId('review-comment')).toContainText('The north stair rail is missing.');
  const redeliver = page.getByRole('button', { name: 'Mark re-delivered' });
  const revisedPath = testInfo.outputPath(fileName);
  await writeFile(revisedPath, deliverableBytes(fileName, 3000));
  await page.getByLabel('Files', { exact: true }).setInputFiles(revisedPath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('listitem', { name: fileName }).getByTestId('upload-status')).toContainText('Uploaded');
  const versions = providerReview.getByRole('table', { name: 'File versions' });
  await expect(versions.getByRole('row').filter({ hasText: 'Superseded' })).toHaveCount(1);
  await expect(redeliver).toBeEnabled();
  await redeliver.click();
  await expect(toast(page, 'Marked re-delivered')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();

  // The customer sees round 2 with the first version superseded, still downloadable; rates; approves.
  await actAs(page, market.customer);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  const detail = page.getByLabel('Order detail');
  await expect(detail.getByText(/Revised delivery \(round 2\)/)).toBeVisible();
  const files = detail.getByRole('table', { name: `Files of ${order.title}` });
  const superseded = files.getByRole('row').filter({ hasText: 'Superseded' });
  await expect(superseded).toContainText('Version 1');
  await expect(files.getByRole('row').filter({ hasText: 'Version 2' })).not.toContainText('Superseded');
  await expect(superseded.getByRole('button', { name: `Download ${fileName}` })).toBeEnabled();

  const rating = detail.getByRole('form', { name: 'Rate this job' });
  await rating.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('Space');
  await rating.getByRole('textbox', { name: 'Comment (optional)' }).fill('Fixed within a day.');
  await rating.getByRole('button', { name: 'Submit rating' }).click();
  await expect(toast(page, 'Rating saved')).toBeVisible();

  await detail.getByRole('button', { name: 'Approve all' }).click();
  await page
    .getByRole('dialog', { name: 'Approve the delivery?' })
    .getByRole('button', { name: 'Approve delivery' })
    .click();
  await expect(toast(page, 'Delivery approved')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve all' })).toHaveCount(0);
  // The approval stands in the panel once the toast has gone; the order reads Completed.
  await expect(review.getByRole('heading', { name: 'Delivery approved' })).toBeVisible();
  await expect(review.getByRole('region', { name: 'Review decision' })).toContainText(/Approved by .+ on /);
  await expect(detail.getByText('Completed', { exact: true })).toBeVisible();

  const [row] = await inspector.query<{ status: string; delivery_round: number }>(
    `SELECT status, delivery_round FROM orders WHERE id = ${sqlText(order.orderId)}`,
  );
  expect(row).toEqual({ status: 'completed', delivery_round: 2 });
  const [stored] = await inspector.query<{ superseded: boolean }>(
    `SELECT superseded_at IS NOT NULL AS superseded FROM deliverables WHERE id = ${sqlText(firstId)}`,
  );
  expect(stored?.superseded).toBe(true);
  const ratings = await inspector.query<{ score: number }>(
    `SELECT score FROM ratings WHERE order_id = ${sqlText(order.orderId)}`,
  );
  expect(ratings).toEqual([{ score: 5 }]);
  await waitForMail(inspector, market.provider.email, /^Delivery approved:/);
  expect(consoleErrors).toEqual([]);
});
