import { expect, toast } from '../auth/support.ts';
import { createOrder, sendQuote, signInPage, sqlText, test } from '../support/marketplace.ts';

// Invitations, an order and a quote on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('the dashboard shows a quote waiting for the customer with its amount, and accepts it after a confirmation naming the total', async ({
  page,
  deps,
  market,
  inspector,
}) => {
  const { customer } = market;
  const order = await createOrder(deps, customer.organization.id);
  const { quoteId } = await sendQuote(deps.admin, order.orderId, {
    items: [
      { label: 'On-site capture', amount: 1200 },
      { label: 'Floor plan drafting', amount: 345.5 },
    ],
  });

  await signInPage(page, customer);
  await page.goto('/customer-dashboard');
  const waiting = page.getByRole('region', { name: 'Quotes awaiting your answer' });
  const quote = waiting.getByRole('article', { name: order.title });
  await expect(quote.getByTestId('awaiting-quote-total')).toHaveText('$1,545.50');

  // Accept asks first and names the total; "Not now" changes nothing.
  await quote.getByRole('button', { name: 'Accept' }).click();
  let dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(dialog).toContainText(order.title);
  await expect(dialog).toContainText('$1,545.50');
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  const [stillSent] = await inspector.query<{ status: string }>(
    `SELECT status FROM quotes WHERE id = ${sqlText(quoteId)}`,
  );
  expect(stillSent?.status).toBe('sent');

  await quote.getByRole('button', { name: 'Accept' }).click();
  dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  // The answer is awaited first: on a loaded machine the server may take longer than a toast's
  // life, and a refusal then names its status instead of a missing toast.
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith(`/quotes/${quoteId}/accept`),
  );
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  expect((await answered).status()).toBe(200);
  // The toast shows although the answered quote leaves the list.
  await expect(toast(page, 'Quote accepted')).toContainText(order.title);
  await expect(waiting).toHaveCount(0);
  const [approved] = await inspector.query<{ status: string }>(
    `SELECT o.status FROM orders o WHERE o.id = ${sqlText(order.orderId)}`,
  );
  expect(approved?.status).toBe('approved');
});
