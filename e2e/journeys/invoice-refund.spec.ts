import { expect } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { acceptQuote, actAs, createOrder, sendQuote, sqlText, test } from '../support/marketplace.ts';

// A marketplace, two portals and a PDF rendered per credit note on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** The captured mail's attachment as bytes (the inspector answers Buffers as JSON). */
function bytesOf(content: unknown) {
  const json = content as { type?: string; data?: number[] };
  return Buffer.from(json.data ?? []);
}

test('a refund: an admin refunds part of a paid invoice with a reason, and the customer finds the credit note with its PDF', async ({
  page,
  consoleErrors,
  deps,
  market,
  admin,
  inspector,
}) => {
  // A paid invoice: the quote accepted (1,500.00 USD invoiced) and the whole transfer recorded.
  const order = await createOrder(deps, market.customer.organization.id);
  const { quoteId } = await sendQuote(deps.admin, order.orderId);
  await acceptQuote(market.customer.api, quoteId);
  const [invoice] = await inspector.query<{ id: string; number: string; total: string }>(
    `select id, number, total_minor::text as total from invoices where order_id = ${sqlText(order.orderId)}`,
  );
  if (!invoice) throw new Error('no invoice was issued at the acceptance');
  const total = Number(invoice.total) / 100;
  const paid = await admin.post(`/api/admin/invoices/${invoice.id}/payments`, {
    data: { amount: total.toFixed(2), currency: 'USD', receivedOn: '2026-12-01', reference: 'BACS-PAID' },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The admin opens it on the Invoices page and refunds 400.00 with a reason, confirming the amount.
  await actAs(page, { api: admin });
  await page.goto('/admin/invoices');
  await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: invoice.number }).click();
  const form = page.getByRole('form', { name: 'Refund' });
  await expect(form.getByRole('textbox', { name: 'Refund amount (USD)' })).toHaveValue(String(total));
  await form.getByRole('textbox', { name: 'Refund amount (USD)' }).fill('400.00');
  await form.getByRole('textbox', { name: 'Refund reason' }).fill('One floor was not captured');
  await expect(form.getByRole('checkbox', { name: "Reverse the provider's share" })).not.toBeChecked();
  await form.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(form).toContainText(`Refund 400.00 USD of invoice ${invoice.number}`);
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Confirm refund' }).click();

  const opened = page.getByRole('region', { name: `Invoice ${invoice.number}` });
  const notes = opened.getByRole('table', { name: 'Credit notes' });
  await expect(notes).toContainText('One floor was not captured');
  await expect(notes).toContainText('$400.00');
  const [note] = await inspector.query<{ id: string; number: string }>(
    `select id, number from credit_notes where invoice_id = ${sqlText(invoice.id)} and status = 'issued'`,
  );
  if (!note) throw new Error('no credit note was issued');
  expect(note.number).toMatch(/^CN-\d{6}$/);
  await expect(notes).toContainText(note.number);
  await expect(
    page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: invoice.number }),
  ).toContainText('Partly refunded');
  await expect(opened.getByTestId('invoice-refunded')).toHaveText('$400.00');
  expect(await axeViolations(page)).toEqual([]);

  // The credit note reaches the customer by e-mail with its PDF.
  const mail = await inspector.waitForEmail(
    (candidate) =>
      candidate.to.includes(market.customer.email) && candidate.subject.startsWith(`Credit note ${note.number}`),
    30_000,
  );
  const attached = mail.attachments.find((attachment) => attachment.filename === `${note.number}.pdf`);
  expect(attached?.contentType).toBe('application/pdf');
  expect(bytesOf(attached?.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Quotes & Invoices lists the credit note; its PDF downloads.
  await actAs(page, market.customer);
  await page.goto('/customer/quotes');
  const listed = page.getByRole('region', { name: 'Credit notes' });
  await expect(listed).toContainText(note.number);
  await expect(listed).toContainText('$400.00');
  expect(await axeViolations(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await listed.getByRole('link', { name: `Download ${note.number} PDF` }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${note.number}.pdf`);
  const path = await saved.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The invoice itself shows what was refunded and the note.
  await page.goto(`/customer/quotes?invoice=${quoteId}`);
  const sheet = page.locator('[data-invoice-sheet]');
  await expect(sheet.getByTestId('invoice-refunded')).toHaveText('$400.00');
  await expect(sheet.getByRole('table', { name: 'Credit notes' })).toContainText(note.number);
  expect(consoleErrors).toEqual([]);
});
