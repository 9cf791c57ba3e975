import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, toast } from '../auth/support.ts';
import { actAs, markDelivered, sqlText, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';
import { glbCube } from '../support/viewer-fixtures.ts';

// A marketplace, a WebGL scene and two sign-ins on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** The 3D viewer once its model has loaded. */
function readyModel(page: Page) {
  return page.locator('[data-viewer="model"][data-viewer-state="ready"]');
}

const PINNED = /Pinned at x -?\d+\.\d\d, y -?\d+\.\d\d, z -?\d+\.\d\d/;

test('the customer pins and writes a comment inside the model viewer, sends it from the order, and sees the request standing; the provider delivers version 2; the pin stays on version 1', async ({
  page,
  consoleErrors,
  deps,
  market,
  inspector,
}, testInfo) => {
  const order = await startedOrder(deps, market);
  const fileName = `cube-${randomUUID().slice(0, 6)}.glb`;
  const firstId = await uploadDeliverable(market.provider.api, order.orderId, fileName, glbCube());
  await markDelivered(market.provider.api, order.orderId);

  // The customer sees the delivery awaiting the review, opens the model and picks a point on it.
  await actAs(page, market.customer);
  await page.goto(`/customer/orders?order=${order.orderId}`);
  const review = page.getByLabel('Review', { exact: true });
  await expect(review.getByRole('heading', { name: 'Awaiting your review' })).toBeVisible();
  await expect(page.getByLabel('Order detail').locator('[data-status="awaiting_review"]')).toHaveText(
    'Awaiting your review',
  );
  await page
    .getByLabel('Order detail')
    .getByRole('table', { name: `Files of ${order.title}` })
    .getByRole('link', { name: `View ${fileName}` })
    .click();
  await expect(page).toHaveURL(`/customer/orders/${order.orderId}/files/${firstId}`);
  const model = readyModel(page);
  await expect(model.locator('canvas')).toBeVisible();
  await expect(model).toHaveAttribute('data-pins', '0');
  const pinMode = model.getByRole('button', { name: 'Pin a comment' });
  await pinMode.click();
  await expect(pinMode).toHaveAttribute('aria-pressed', 'true');
  await expect(model.getByText('Click the model where the comment belongs')).toBeVisible();
  const canvas = model.locator('canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the model canvas has no box');
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });

  // The comment box opens inside the viewer, at the point: written and saved there, nothing lost.
  const commentBox = page.getByRole('dialog', { name: 'Comment at the picked point' });
  await expect(commentBox).toBeVisible();
  const pinnedInViewer = commentBox.getByTestId('picked-pin');
  await expect(pinnedInViewer).toHaveText(PINNED);
  const pinned = (await pinnedInViewer.textContent()) ?? '';
  const boxTop = (await commentBox.boundingBox())?.y ?? 0;
  expect(Math.abs(boxTop - (box.y + box.height / 2))).toBeLessThan(40);
  await commentBox.getByRole('button', { name: 'Save comment' }).click();
  await expect(commentBox.getByText('Write what should change.')).toBeVisible();
  await commentBox.getByRole('textbox', { name: 'Comment' }).fill('The rail is missing here.');
  await commentBox.getByRole('button', { name: 'Save comment' }).click();
  await expect(commentBox).toHaveCount(0);
  await expect(model).toHaveAttribute('data-pins', '1');
  const notice = page.getByRole('status', { name: 'Your change request' });
  await expect(notice).toContainText('1 comment in your change request, not sent yet.');

  // On the order, the change request holds the comment with its point, ready to send.
  await notice.getByRole('link', { name: 'Review and send' }).click();
  await expect(page).toHaveURL(`/customer/orders?order=${order.orderId}`);
  const form = review.getByRole('form', { name: 'Request changes' });
  await expect(form.getByRole('combobox', { name: 'About' })).toHaveValue(firstId);
  await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue('The rail is missing here.');
  await expect(form.getByTestId('comment-pin')).toHaveText(pinned);
  await form.getByRole('button', { name: 'Send change request' }).click();
  await expect(toast(page, 'Changes requested')).toBeVisible();
  // The decision stands in the panel: who and when, with the pinned comment.
  await expect(review.getByRole('heading', { name: 'Changes requested' })).toBeVisible();
  await expect(review.getByRole('region', { name: 'Review decision' })).toContainText(/Changes requested by .+ on /);
  await expect(review.getByLabel('Round 1 change request')).toContainText(`${fileName} (version 1) · ${pinned}`);
  await expect(review.getByLabel('Round 1 change request')).toContainText('The rail is missing here.');

  // The server kept the pin on the comment: a point on the 2 × 2 × 2 cube centred on the origin.
  const [stored] = await inspector.query<{
    deliverable_id: string;
    pin: { kind: string; x: number; y: number; z: number };
  }>(`SELECT deliverable_id, pin FROM review_comments WHERE order_id = ${sqlText(order.orderId)}`);
  expect(stored?.deliverable_id).toBe(firstId);
  expect(stored?.pin.kind).toBe('model');
  const onCube = [stored?.pin.x, stored?.pin.y, stored?.pin.z].map((value) => Math.abs(value ?? 9));
  expect(Math.max(...onCube)).toBeCloseTo(1, 2);

  // The provider reads the pinned comment, uploads version 2 under the same name and re-delivers.
  await actAs(page, market.provider);
  await page.goto(`/provider/uploads?order=${order.orderId}`);
  const providerReview = page.getByLabel('Customer review');
  await expect(providerReview.getByTestId('review-comment')).toContainText(`${fileName} (version 1) · ${pinned}`);
  await expect(providerReview.getByTestId('review-comment')).toContainText('The rail is missing here.');
  const revisedPath = testInfo.outputPath(fileName);
  await writeFile(revisedPath, glbCube());
  await page.getByLabel('Files', { exact: true }).setInputFiles(revisedPath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('listitem', { name: fileName }).getByTestId('upload-status')).toContainText('Uploaded');
  const redeliver = page.getByRole('button', { name: 'Mark re-delivered' });
  await expect(redeliver).toBeEnabled();
  await redeliver.click();
  await expect(toast(page, 'Marked re-delivered')).toBeVisible();

  // The customer reopens version 1: the pin of its change request is on the model.
  await actAs(page, market.customer);
  await page.goto(`/customer/orders/${order.orderId}/files/${firstId}`);
  await expect(readyModel(page)).toHaveAttribute('data-pins', '1');
  expect(consoleErrors).toEqual([]);
});
