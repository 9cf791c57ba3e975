import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, toast } from '../auth/support.ts';
import { createMember, createOrder, sendQuote, signInPage, sqlText, test } from '../support/marketplace.ts';

// Whole flows (invitations, sign-ups, quotes) on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** The card of the quote for this order (cards are articles named by the order's title). */
function quoteCard(page: Page, orderTitle: string) {
  return page.getByRole('article', { name: orderTitle });
}

test('a customer accepts one quote, declines another, cannot answer an expired one, and prints the invoice', async ({
  page,
  admin,
  inspector,
  deps,
}) => {
  const customer = await createMember(deps, 'customer_admin', `Billing ${randomUUID().slice(0, 8)}`);
  const orgId = customer.organization.id;
  const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();

  const accepted = await createOrder(deps, orgId);
  const acceptedQuote = await sendQuote(admin, accepted.orderId, {
    items: [
      { label: 'On-site capture', amount: 1200 },
      { label: 'Floor plan drafting', amount: 345.5 },
    ],
    validityUntil: inTenDays,
  });
  const declined = await createOrder(deps, orgId);
  const declinedQuote = await sendQuote(admin, declined.orderId);
  const expired = await createOrder(deps, orgId);
  const expiredQuote = await sendQuote(admin, expired.orderId, { validityUntil: inTenDays });
  // The admin API refuses a validity date in the past, so time passes in the database instead.
  await inspector.query(
    `UPDATE quotes SET validity_until = now() - interval '1 day' WHERE id = ${sqlText(expiredQuote.quoteId)}`,
  );

  await signInPage(page, customer);
  await page.goto('/customer/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes & Invoices' })).toBeVisible();

  // The card: breakdown, total in the currency, SLA, validity, status.
  const acceptCard = quoteCard(page, accepted.title);
  await expect(acceptCard.getByRole('row', { name: /On-site capture/ })).toContainText('$1,200.00');
  await expect(acceptCard.getByRole('row', { name: /Floor plan drafting/ })).toContainText('$345.50');
  await expect(acceptCard.getByTestId('quote-total')).toHaveText('$1,545.50');
  await expect(acceptCard).toContainText('Standard SLA: 5 business days after capture');
  await expect(acceptCard).toContainText('Valid until');
  await expect(acceptCard.getByText('sent', { exact: true })).toBeVisible();

  // Accept asks first, naming the total; then the toast, the order approved.
  await acceptCard.getByRole('button', { name: 'Accept' }).click();
  const acceptDialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(acceptDialog).toContainText('$1,545.50');
  await acceptDialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(toast(page, 'Quote accepted')).toBeVisible();
  await expect(acceptCard.getByText('accepted', { exact: true })).toBeVisible();
  // Answered: no Accept or Decline left on it.
  await expect(acceptCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  const [acceptedOrder] = await inspector.query<{ status: string }>(
    `SELECT status FROM orders WHERE id = ${sqlText(accepted.orderId)}`,
  );
  expect(acceptedOrder?.status).toBe('approved');

  // Decline asks first; keeping the quote changes nothing.
  const declineCard = quoteCard(page, declined.title);
  await declineCard.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this quote?' });
  await expect(dialog).toContainText(declined.title);
  await dialog.getByRole('button', { name: 'Keep quote' }).click();
  await expect(dialog).toBeHidden();
  const [stillSent] = await inspector.query<{ status: string }>(
    `SELECT status FROM quotes WHERE id = ${sqlText(declinedQuote.quoteId)}`,
  );
  expect(stillSent?.status).toBe('sent');
  await declineCard.getByRole('button', { name: 'Decline' }).click();
  await page
    .getByRole('dialog', { name: 'Decline this quote?' })
    .getByRole('button', { name: 'Decline quote' })
    .click();
  await expect(toast(page, 'Quote declined')).toBeVisible();
  await expect(declineCard.getByText('declined', { exact: true })).toBeVisible();
  await expect(declineCard.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await expect(declineCard.getByRole('link', { name: 'View invoice' })).toHaveCount(0);
  const [declinedRow] = await inspector.query<{ status: string }>(
    `SELECT status FROM quotes WHERE id = ${sqlText(declinedQuote.quoteId)}`,
  );
  expect(declinedRow?.status).toBe('declined');

  // Past its validity date: shown expired, no answer offered, and the reason given.
  const expiredCard = quoteCard(page, expired.title);
  await expect(expiredCard.getByText('expired', { exact: true })).toBeVisible();
  await expect(expiredCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(expiredCard.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await expect(expiredCard).toContainText('can no longer be accepted or declined');

  // The invoice issued at the acceptance: number, date, bill-to, lines, total, Print.
  await acceptCard.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/quotes\\?invoice=${acceptedQuote.quoteId}$`));
  const sheet = page.locator('[data-invoice-sheet]');
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{6}$/ })).toBeVisible();
  await expect(sheet).toContainText('Invoice date');
  await expect(sheet).toContainText('Bill to');
  await expect(sheet).toContainText(customer.organization.name);
  await expect(sheet).toContainText(accepted.title);
  const lines = sheet.getByRole('table', { name: 'Invoice lines' });
  await expect(lines.getByRole('row', { name: /On-site capture/ })).toContainText('$1,200.00');
  await expect(lines.getByRole('row', { name: /Floor plan drafting/ })).toContainText('$345.50');
  await expect(sheet.getByTestId('invoice-total')).toHaveText('$1,545.50');

  // Print calls the browser's print; printed, the page is the sheet alone.
  await page.evaluate(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => {
      (window as { printed?: number }).printed = ((window as { printed?: number }).printed ?? 0) + 1;
    };
  });
  const printButton = page.getByRole('button', { name: 'Print' });
  await printButton.click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header')).toBeHidden();
  await expect(page.locator('aside#portal-sidebar')).toBeHidden();
  await expect(printButton).toBeHidden();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('invoice-total')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('header')).toBeVisible();

  // Back removes the parameter and shows the cards again.
  await page.getByRole('link', { name: 'Back to quotes' }).click();
  await expect(page).toHaveURL(/\/customer\/quotes$/);
  await expect(quoteCard(page, accepted.title)).toBeVisible();
});

test('the help page explains ordering, and its contact form stores a support request', async ({
  page,
  playwright,
  admin,
  inspector,
  request,
}) => {
  const customer = await createMember({ playwright, admin, inspector, request }, 'customer_user');
  await signInPage(page, customer);
  await page.goto('/customer/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const steps = page.getByRole('region', { name: 'How ordering works' });
  await expect(steps.getByRole('listitem')).toHaveCount(6);
  await expect(steps).toContainText('300 seconds');
  await expect(steps.getByRole('link', { name: 'Quotes & Invoices' })).toHaveAttribute('href', '/customer/quotes');

  // FAQ: a question opens its answer.
  const faq = page.getByRole('region', { name: 'FAQ' });
  await faq.getByRole('button', { name: 'Why did my download link stop working?' }).click();
  await expect(faq.getByText(/works for 300 seconds only/)).toBeVisible();

  // Contact Support: empty fields get the contract's messages and nothing is stored.
  const form = page.getByRole('region', { name: 'Contact Support' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Please enter a subject.')).toBeVisible();
  await expect(form.getByText('Please enter a message.')).toBeVisible();

  const subject = `Reschedule ${randomUUID().slice(0, 8)}`;
  await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await form.getByRole('textbox', { name: 'Message' }).fill('Could the capture move to the afternoon?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Message Sent')).toBeVisible();
  const confirmation = form.getByRole('status');
  await expect(confirmation).toContainText('Support request sent');
  await expect(confirmation).toContainText(subject);
  await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('');

  const rows = await inspector.query<{ id: string; org_id: string; message: string; status: string }>(
    `SELECT id, org_id, message, status FROM support_requests WHERE subject = ${sqlText(subject)}`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    org_id: customer.organization.id,
    message: 'Could the capture move to the afternoon?',
    status: 'open',
  });
  await expect(confirmation).toContainText(rows[0]!.id);
});
