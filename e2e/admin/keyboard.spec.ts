import { expect, toast } from '../auth/support.ts';
import { backOutOfDialog, chooseWithArrows, expectRing, skipToMain, tabTo } from '../support/keyboard.ts';
import { createOrder, sqlText, test } from '../support/marketplace.ts';

// Invitations and an order on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('by keyboard alone the admin quotes an order, sends the quote, and backs out of cancelling the order', async ({
  page,
  adminCookies,
  deps,
  market,
  inspector,
  consoleErrors,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const quoteOf = () =>
    inspector.query<{ status: string }>(`SELECT status FROM quotes WHERE order_id = ${sqlText(order.orderId)}`);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/quotes');
  const orderSelect = page.getByRole('combobox', { name: 'Order' });
  await expect(orderSelect.locator(`option[value="${order.orderId}"]`)).toHaveCount(1);

  await skipToMain(page);
  await tabTo(page, orderSelect);
  // The arrow keys move the choice without opening the list.
  await chooseWithArrows(page, orderSelect, order.orderId);
  await expect(orderSelect).toHaveValue(order.orderId);
  // The default items and SLA stand; on to Create Quote past every field, each with its ring.
  await tabTo(page, page.getByRole('button', { name: 'Create Quote' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Quote created')).toContainText('Draft quote has been created.');
  await expect.poll(async () => (await quoteOf()).map((quote) => quote.status)).toEqual(['draft']);

  // The new draft's Send, reached from the form through the table (newest first).
  await tabTo(page, page.getByRole('button', { name: `Send quote for ${order.title}` }), { max: 200 });
  await page.keyboard.press('Enter');
  // The preview opens as a dialog: its confirm is reached with the keyboard too.
  const preview = page.getByRole('dialog');
  await tabTo(page, preview.getByRole('button', { name: 'Send quote', exact: true }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Quote sent')).toContainText('Customer can now accept or decline.');
  await expect.poll(async () => (await quoteOf()).map((quote) => quote.status)).toEqual(['sent']);
  // Send is gone with the draft: focus waits on the page's title, not on its body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // The order's detail: Cancel order asks for a reason in a dialog; Escape leaves the order as it was.
  await page.goto(`/admin/orders?order=${order.orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: order.title })).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  await skipToMain(page);
  await tabTo(page, cancel, { max: 200 });
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await backOutOfDialog(page, cancel, dialog);
  const [kept] = await inspector.query<{ status: string }>(
    `SELECT status FROM orders WHERE id = ${sqlText(order.orderId)}`,
  );
  expect(kept?.status).not.toBe('cancelled');
  await page.keyboard.press('Tab');
  await expectRing(page);
  expect(consoleErrors).toEqual([]);
});
