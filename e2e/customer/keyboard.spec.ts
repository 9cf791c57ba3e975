import { expect, toast } from '../auth/support.ts';
import { backOutOfDialog, expectRing, skipToMain, tabTo } from '../support/keyboard.ts';
import { createOrder, sendQuote, signInPage, sqlText, test } from '../support/marketplace.ts';

// Invitations, an order and a quote on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('by keyboard alone the customer opens a waiting quote from the dashboard, backs out, then accepts it', async ({
  page,
  deps,
  market,
  inspector,
  consoleErrors,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { quoteId } = await sendQuote(deps.admin, order.orderId);

  await signInPage(page, market.customer);
  await page.goto('/customer-dashboard');
  const quote = page
    .getByRole('region', { name: 'Quotes awaiting your answer' })
    .getByRole('article', { name: order.title });
  const accept = quote.getByRole('button', { name: 'Accept', exact: true });
  await expect(accept).toBeVisible();

  // From the top of the page: the skip link first, then on to the quote's Accept.
  await skipToMain(page);
  await tabTo(page, accept);

  // Enter opens the question; focus stays in it, and Escape backs out to Accept, nothing answered.
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await backOutOfDialog(page, accept, dialog);
  const [unanswered] = await inspector.query<{ status: string }>(
    `SELECT status FROM quotes WHERE id = ${sqlText(quoteId)}`,
  );
  expect(unanswered?.status).toBe('sent');

  // Space opens it again; Tab reaches "Accept quote" and Enter answers.
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Accept quote' }), { max: 4 });
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Quote accepted')).toContainText(order.title);
  await expect(dialog).toBeHidden();
  const [answered] = await inspector.query<{ status: string }>(
    `SELECT status FROM orders WHERE id = ${sqlText(order.orderId)}`,
  );
  expect(answered?.status).toBe('approved');
  // The answered quote has left the page, and focus waits on the page's title, not on its body.
  await expect(quote).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expectRing(page);
  expect(consoleErrors).toEqual([]);
});
