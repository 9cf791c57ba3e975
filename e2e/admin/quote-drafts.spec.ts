import { randomInt } from 'node:crypto';
import { expect, toast } from '../auth/support.ts';
import { createOrder, test } from '../support/marketplace.ts';

/**
 * Decision 205: a price in the price book (Settings) starts a new quote for an order of that capture
 * type and size in the same currency; the form is empty again once the draft is created; the draft
 * is edited, its Send previewed with the customer's address, then sent.
 */

test.describe.configure({ timeout: 180_000 });
const PAGE_LOAD = { timeout: 30_000 };

/** A currency code of this test's own, so the book's other prices never match it. */
function uniqueCurrency() {
  const letter = () => String.fromCharCode(65 + randomInt(26));
  return `Q${letter()}${letter()}`;
}

test('a price book entry prefills a new quote; the admin edits the draft, previews and sends it', async ({
  page,
  adminCookies,
  deps,
  market,
}) => {
  const currency = uniqueCurrency();
  // The customer organisation pays in the test's currency, so its order and quote are in it (decision 203).
  const setCurrency = await deps.admin.patch(`/api/admin/customers/${market.customer.organization.id}`, {
    data: { currency },
  });
  expect(setCurrency.status(), await setCurrency.text()).toBe(200);
  const order = await createOrder(deps, market.customer.organization.id, { captureType: 'digital-twin' });
  await page.context().addCookies(adminCookies);

  // Settings: a price for Digital Twin, Medium, in the test's currency.
  await page.goto('/admin/settings');
  const book = page.getByRole('form', { name: 'Price book' });
  await expect(book.getByRole('button', { name: 'Add price' })).toBeVisible(PAGE_LOAD);
  await book.getByRole('button', { name: 'Add price' }).click();
  const count = await book.getByRole('combobox', { name: /capture type$/ }).count();
  await book.getByRole('combobox', { name: `Price ${count} capture type` }).selectOption('digital-twin');
  await book.getByRole('combobox', { name: `Price ${count} size` }).selectOption('medium');
  await book.getByRole('textbox', { name: `Price ${count} currency` }).fill(currency);
  await book.getByRole('textbox', { name: `Price ${count} capture amount` }).fill('1850');
  await book.getByRole('textbox', { name: `Price ${count} processing amount` }).fill('640');
  await book.getByRole('button', { name: 'Save price book' }).click();
  await expect(toast(page, 'Price book saved')).toBeVisible();

  // A new quote in that currency starts from the book's prices.
  await page.goto('/admin/quotes');
  await expect(page.getByRole('heading', { level: 2, name: 'Create quote' })).toBeVisible(PAGE_LOAD);
  await page.getByLabel('Order').selectOption(order.orderId);
  await expect(page.getByRole('textbox', { name: 'Currency' })).toHaveValue(currency);
  await expect(page.getByRole('status').filter({ hasText: 'Prices from the price book' })).toHaveText(
    `Prices from the price book for Digital Twin, Medium (1,000-5,000 sq ft), in ${currency}.`,
  );
  await expect(page.getByRole('textbox', { name: 'Item 1 amount' })).toHaveValue('1850');
  await expect(page.getByRole('textbox', { name: 'Item 2 amount' })).toHaveValue('640');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(toast(page, 'Quote created')).toContainText('Draft quote has been created.');
  // The form is ready for the next quote.
  await expect(page.getByLabel('Order')).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Item 1 amount' })).toHaveValue('1000');

  const row = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: order.title });
  await expect(row).toContainText('draft');
  await expect(row).toContainText('2,490.00');

  // Edit the draft.
  await row.getByRole('button', { name: `Edit quote for ${order.title}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Edit draft quote' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Item 1 amount' })).toHaveValue('1850');
  await page.getByRole('textbox', { name: 'Item 1 amount' }).fill('2000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Quote updated')).toContainText('The draft quote was saved.');
  await expect(page.getByRole('heading', { level: 2, name: 'Create quote' })).toBeVisible();
  await expect(row).toContainText('2,640.00');

  // Send shows what the customer will receive, and to whom, before it goes.
  await row.getByRole('button', { name: `Send quote for ${order.title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(market.customer.email.toLowerCase(), PAGE_LOAD);
  await expect(dialog).toContainText(`Quote sent: ${order.title}`);
  await expect(dialog.getByRole('row', { name: /Total/ })).toContainText('2,640.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('draft');
  await row.getByRole('button', { name: `Send quote for ${order.title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send quote', exact: true }).click();
  await expect(toast(page, 'Quote sent')).toContainText('Customer can now accept or decline.');
  await expect(row).toContainText('sent');
  await expect(row.getByRole('button', { name: `Edit quote for ${order.title}` })).toHaveCount(0);
});
