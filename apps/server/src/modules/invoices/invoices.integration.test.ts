import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { storeDeliverable } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, convertedOrder } from '../../../test/workflow.ts';
import { balancesOf, entriesOfOrder, unbalancedEntries } from '../ledger/ledger-repository.ts';

/**
 * Invoices (decisions 209-212): issued by the customer organisation's billing setting at the
 * quote's acceptance or the order's delivery, numbered without gaps, with seller, buyer, tax and a
 * due date; booked into the ledger; e-mailed with their PDF; reminded; paid by bank transfer
 * recorded by an admin, with every bad payment refused and nothing booked.
 */

const DAY_MS = 86_400_000;
const clock = movableClock();
let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let other: TSignedInUser;
let provider: TSignedInUser;

const COMPANY = {
  legalName: 'Space Capture Ltd',
  address: '1 Dock Road\nLondon E1 1AA',
  country: 'GB',
  taxId: 'GB111222333',
  bankDetails: {
    accountHolder: 'Space Capture Ltd',
    bankName: 'Harbour Bank',
    iban: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
  },
  paymentTermsDays: 14,
};

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  customer = await newUser('customer_admin', { name: 'Invoice Customer' });
  other = await newUser('customer_admin', { name: 'Other Customer' });
  provider = await newUser('provider_admin', { name: 'Invoice Provider' });
  const company = await admin.request('PUT', '/api/admin/billing/company', COMPANY);
  expect(company.statusCode, company.body).toBe(200);
  const rates = await admin.request('PUT', '/api/admin/billing/tax-rates', {
    rates: [
      { country: 'GB', label: 'VAT', rateBasisPoints: 2000, reverseChargeForBusiness: false },
      { country: 'DE', label: 'USt', rateBasisPoints: 1900, reverseChargeForBusiness: true },
    ],
  });
  expect(rates.statusCode, rates.body).toBe(200);
  for (const org of [customer.orgId, other.orgId]) {
    expect((await admin.request('PATCH', `/api/admin/customers/${org}`, { currency: 'GBP' })).statusCode).toBe(200);
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function setBilling(orgId: string, billing: Record<string, unknown>) {
  const saved = await admin.request('PUT', `/api/admin/customers/${orgId}/billing`, {
    mode: 'in_advance',
    depositPercent: null,
    payBeforeDownload: false,
    legalName: null,
    address: null,
    country: null,
    taxId: null,
    ...billing,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

/** An order of the organisation with a quote of 1,000.00 + 500.00 GBP accepted by its customer. */
async function acceptedQuote(who: TSignedInUser = customer) {
  const order = await convertedOrder(t.app, admin, who.orgId, { location: `Quay ${randomUUID().slice(0, 6)}` });
  const created = await admin.post('/api/admin/quotes', {
    orderId: order.id,
    priceBreakdown: {
      items: [
        { label: 'Capture', amount: 1000 },
        { label: 'Processing', amount: 500 },
      ],
      currency: 'GBP',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${created.json().id}/send`)).statusCode).toBe(200);
  const accepted = await who.client.post(`/api/customer/quotes/${created.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { order, quoteId: created.json().id as string };
}

async function invoicesOf(orderId: string) {
  const listed = await admin.get(`/api/admin/invoices?orderId=${orderId}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().items as TInvoiceView[];
}

async function ledgerCount() {
  return (await t.db.select().from(schema.ledgerEntries)).length;
}

function pay(invoiceId: string, body: Record<string, unknown>, key?: string) {
  return admin.post(
    `/api/admin/invoices/${invoiceId}/payments`,
    { currency: 'GBP', receivedOn: '2026-12-01', reference: 'Transfer', ...body },
    key ? { headers: { 'idempotency-key': key } } : undefined,
  );
}

describe('issuing at acceptance (pay in advance)', () => {
  it('issues a numbered invoice with seller, buyer, tax and due date, books it, and e-mails its PDF', async () => {
    await setBilling(customer.orgId, {
      legalName: 'Invoice Customer plc',
      address: '9 Mill Lane\nLeeds',
      country: 'GB',
    });
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({
      kind: 'full',
      status: 'open',
      currency: 'GBP',
      seller: { legalName: 'Space Capture Ltd', country: 'GB', taxId: 'GB111222333' },
      buyer: { legalName: 'Invoice Customer plc', address: '9 Mill Lane\nLeeds', country: 'GB', taxId: null },
      lines: [
        { label: 'Capture', amountMinor: 100_000 },
        { label: 'Processing', amountMinor: 50_000 },
      ],
      taxLines: [{ label: 'VAT', rateBasisPoints: 2000, baseMinor: 150_000, amountMinor: 30_000 }],
      subtotalMinor: 150_000,
      taxMinor: 30_000,
      totalMinor: 180_000,
      openMinor: 180_000,
      instructions: { method: 'bank_transfer', reference: invoice!.number },
      // Without Stripe's keys the install offers bank transfer only (decision 230).
      payByCard: false,
    });
    const card = await customer.client.post(`/api/customer/invoices/${invoice!.id}/card-checkout`);
    expect(card.statusCode).toBe(409);
    expect(card.json().error.message).toBe('Card payment is not available; pay by bank transfer.');
    expect(invoice!.number).toMatch(/^INV-\d{6}$/);
    expect(Date.parse(invoice!.dueAt) - Date.parse(invoice!.issuedAt)).toBe(14 * DAY_MS);
    expect(invoice!.instructions?.lines).toContain('IBAN: GB33BUKB20201555555555');

    // The receivable is the invoice: total owed, subtotal earned, tax held.
    const entries = await entriesOfOrder(t.db, order.id);
    expect(entries.map(({ entry, line }) => [entry.kind, line.account, line.amountMinor])).toEqual([
      ['customer_charge', 'receivable', 180_000],
      ['customer_charge', 'tax', -30_000],
      ['customer_charge', 'revenue', -150_000],
    ]);
    expect((await auditOf(t.db, invoice!.id)).map((entry) => entry.action)).toEqual(['issue']);

    const emails = (await t.db.select().from(schema.outboxEmails)).filter(
      (email) => email.subject === `Invoice ${invoice!.number}`,
    );
    expect(emails.map((email) => email.to[0]).sort()).toEqual([COMPANY_EMAIL, customer.email].sort());
    // The customer's link opens the invoice page, which is addressed by the quote the invoice bills.
    const customerMail = emails.find((email) => email.to[0] === customer.email)!;
    expect(customerMail.text).toContain(`/customer/quotes?invoice=${invoice!.quoteId}`);
    expect(customerMail.text).not.toContain(invoice!.id);
    const attached = emails[0]!.attachments!;
    expect(attached.map((file) => [file.filename, file.contentType])).toEqual([
      [`${invoice!.number}.pdf`, 'application/pdf'],
    ]);
    const { text } = await pdfText(Buffer.from(attached[0]!.contentBase64, 'base64'));
    for (const expected of [
      invoice!.number,
      'Space Capture Ltd',
      'Invoice Customer plc',
      'Tax ID: GB111222333',
      'VAT 20%',
      '£1,800.00',
      '£300.00',
      `Reference: ${invoice!.number}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('charges no tax under reverse charge for a business buyer with a tax id', async () => {
    await setBilling(customer.orgId, { country: 'DE', taxId: 'DE999999999' });
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({
      reverseCharge: true,
      taxMinor: 0,
      totalMinor: 150_000,
      taxLines: [{ label: 'USt (reverse charge)', rateBasisPoints: 0, amountMinor: 0 }],
    });
    const pdf = await admin.get(`/api/admin/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).text).toContain('Reverse charge');
    await setBilling(customer.orgId, {});
  });

  it('shows the customer its own invoices and PDFs, and another organisation none of them', async () => {
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    const mine = await customer.client.get('/api/customer/invoices');
    expect(mine.json().items.map((item: { id: string }) => item.id)).toContain(invoice!.id);
    expect((await customer.client.get(`/api/customer/invoices/${invoice!.id}`)).json()).toMatchObject({
      number: invoice!.number,
    });
    const pdf = await customer.client.get(`/api/customer/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).text).toContain(invoice!.number);
    expect((await other.client.get(`/api/customer/invoices/${invoice!.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/customer/invoices/${invoice!.id}/pdf`)).statusCode).toBe(404);
    expect((await other.client.get('/api/customer/invoices')).json().items).toEqual([]);
    expect((await customer.client.get('/api/admin/invoices')).statusCode).toBe(403);
    expect((await provider.client.get('/api/customer/invoices')).statusCode).toBe(403);
  });
});

describe('recording bank transfers', () => {
  it('refuses bad payments with a clear 4xx and books nothing', async () => {
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    const entriesBefore = await ledgerCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: '0' }, 400, 'Enter an amount greater than zero.'],
      [{ amount: '-5' }, 400, 'Enter an amount such as 120.50.'],
      [{ amount: '12.345' }, 400, 'Enter an amount such as 120.50.'],
      [{ amount: '1500.01' }, 400, 'The amount is more than what is still open on this invoice (£1,500.00).'],
      [
        { amount: '10', currency: 'EUR' },
        400,
        'This invoice is in GBP; a payment in EUR cannot be recorded against it.',
      ],
      [{ amount: '10', receivedOn: 'yesterday' }, 400, 'Enter the date the payment arrived (YYYY-MM-DD).'],
    ];
    for (const [body, status, message] of cases) {
      const refused = await pay(invoice!.id, body);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(JSON.stringify(errorOf(refused))).toContain(message);
    }
    expect((await pay(randomUUID(), { amount: '10' })).statusCode).toBe(404);
    expect(await ledgerCount()).toBe(entriesBefore);
    expect((await invoicesOf(order.id))[0]).toMatchObject({ paidMinor: 0, status: 'open', payments: [] });
  });

  it('takes partial payments, once per idempotency key, and marks the invoice paid when nothing is open', async () => {
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    const key = `pay-${randomUUID()}`;
    const first = await pay(invoice!.id, { amount: '500.00' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open', paidMinor: 50_000, openMinor: 100_000 });
    const replay = await pay(invoice!.id, { amount: '500.00' }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().payments).toHaveLength(1);

    const rest = await pay(invoice!.id, { amount: '1000' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ status: 'paid', paidMinor: 150_000, openMinor: 0, instructions: null });
    expect(rest.json().payments.map((payment: { amountMinor: number }) => payment.amountMinor)).toEqual([
      50_000, 100_000,
    ]);

    const again = await pay(invoice!.id, { amount: '1' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This invoice is paid; no payment can be recorded against it.');

    // Cash in for each payment, the receivable of this order settled to zero.
    const entries = await entriesOfOrder(t.db, order.id);
    const receivable = entries
      .filter(({ line }) => line.account === 'receivable')
      .reduce((sum, { line }) => sum + line.amountMinor, 0);
    expect(receivable).toBe(0);
    expect(
      entries
        .filter(({ entry, line }) => entry.kind === 'payment' && line.account === 'cash')
        .map(({ line }) => line.amountMinor),
    ).toEqual([50_000, 100_000]);
    expect((await auditOf(t.db, invoice!.id)).map((entry) => entry.action)).toEqual([
      'issue',
      'record_payment',
      'record_payment',
    ]);
    const paidMail = (await t.db.select().from(schema.outboxEmails)).filter(
      (email) => email.subject === `Invoice ${invoice!.number} paid`,
    );
    expect(paidMail.map((email) => email.to[0]).sort()).toEqual([COMPANY_EMAIL, customer.email].sort());
  });

  it('voids an unpaid invoice with a reason, reversing its booking, and refuses payments on it', async () => {
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    expect((await admin.post(`/api/admin/invoices/${invoice!.id}/void`, { reason: '' })).statusCode).toBe(400);
    const voided = await admin.post(`/api/admin/invoices/${invoice!.id}/void`, {
      reason: 'Issued to the wrong branch',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void', voidReason: 'Issued to the wrong branch', openMinor: 0 });
    const entries = await entriesOfOrder(t.db, order.id);
    expect(
      entries.filter(({ line }) => line.account === 'receivable').reduce((sum, { line }) => sum + line.amountMinor, 0),
    ).toBe(0);
    const refused = await pay(invoice!.id, { amount: '10' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('This invoice is void; no payment can be recorded against it.');
    expect((await admin.post(`/api/admin/invoices/${invoice!.id}/void`, { reason: 'Again' })).statusCode).toBe(409);

    // An invoice with a payment on it stays.
    const paidPart = await acceptedQuote();
    const [partly] = await invoicesOf(paidPart.order.id);
    expect((await pay(partly!.id, { amount: '1' })).statusCode).toBe(201);
    const kept = await admin.post(`/api/admin/invoices/${partly!.id}/void`, { reason: 'Mistake' });
    expect(kept.statusCode).toBe(409);
    expect(errorOf(kept).message).toBe('A payment was recorded against this invoice; it can no longer be voided.');
  });
});

describe('other billing settings', () => {
  /** The quote's order through to delivery: offered, accepted, scheduled, a file, Mark delivered. */
  async function deliver(orderId: string) {
    const offered = await admin.post('/api/admin/assignments', {
      orderId,
      providerOrgId: provider.orgId,
      compensation: 500,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const assignmentId = offered.json().id as string;
    expect((await provider.client.post(`/api/provider/assignments/${assignmentId}/accept`)).statusCode).toBe(200);
    const start = clock.now().getTime() + 5_000;
    const window = { start: new Date(start).toISOString(), end: new Date(start + 60_000).toISOString() };
    expect((await provider.client.post(`/api/provider/assignments/${assignmentId}/schedule`, window)).statusCode).toBe(
      200,
    );
    expect((await admin.post(`/api/admin/assignments/${assignmentId}/confirm-schedule`)).statusCode).toBe(200);
    clock.advance(70_000);
    await storeDeliverable(t.app, orderId, 'plan.pdf', Buffer.from('%PDF-1.4 plan'));
    const delivered = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(delivered.statusCode, delivered.body).toBe(200);
  }

  it('a deposit at acceptance and the balance at delivery add up to the quote', async () => {
    await setBilling(customer.orgId, { mode: 'deposit', depositPercent: 30 });
    const { order } = await acceptedQuote();
    const [deposit] = await invoicesOf(order.id);
    expect(deposit).toMatchObject({ kind: 'deposit', subtotalMinor: 45_000, lines: [{ amountMinor: 45_000 }] });
    await deliver(order.id);
    const balance = (await invoicesOf(order.id)).find((invoice) => invoice.kind === 'balance');
    expect(balance).toMatchObject({ subtotalMinor: 105_000 });
    expect(balance!.lines.at(-1)).toEqual({ label: `Less deposit, invoice ${deposit!.number}`, amountMinor: -45_000 });
    expect(Number(balance!.number.slice(4))).toBeGreaterThan(Number(deposit!.number.slice(4)));
  });

  it('on delivery: nothing at acceptance, the whole invoice at delivery', async () => {
    await setBilling(customer.orgId, { mode: 'on_delivery' });
    const { order } = await acceptedQuote();
    expect(await invoicesOf(order.id)).toEqual([]);
    expect(await entriesOfOrder(t.db, order.id)).toEqual([]);
    await deliver(order.id);
    expect(await invoicesOf(order.id)).toEqual([expect.objectContaining({ kind: 'full', totalMinor: 150_000 })]);
    await setBilling(customer.orgId, {});
  });

  it('refuses a deposit without a percentage and an organisation that is not a customer', async () => {
    const refused = await admin.request('PUT', `/api/admin/customers/${customer.orgId}/billing`, {
      mode: 'deposit',
      depositPercent: null,
      payBeforeDownload: false,
      legalName: null,
      address: null,
      country: null,
      taxId: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toMatchObject({ depositPercent: 'Enter a deposit between 1 and 99 percent.' });
    expect((await admin.get(`/api/admin/customers/${provider.orgId}/billing`)).statusCode).toBe(404);
  });
});

describe('pay before download', () => {
  it('keeps files visible but refuses downloads and share links until the invoice is paid, then unlocks at once', async () => {
    const { order } = await acceptedQuote();
    const [invoice] = await invoicesOf(order.id);
    const file = await storeDeliverable(t.app, order.id, 'tour.pdf', Buffer.from('%PDF-1.4 tour'));
    // Made while the setting was off: its use is refused once it is on.
    const shared = await customer.client.post(`/api/customer/orders/${order.id}/share-links`, { expiresInDays: 7 });
    expect(shared.statusCode, shared.body).toBe(201);
    const token = new URL(shared.json().url).pathname.split('/').at(-1);
    await setBilling(customer.orgId, { payBeforeDownload: true });

    const message = `Downloads unlock once invoice ${invoice!.number} is paid. The deliverables stay visible until then.`;
    const link = await customer.client.post(`/api/customer/deliverables/${file.id}/link`);
    expect(link.statusCode).toBe(409);
    expect(errorOf(link).message).toBe(message);
    // The viewer still opens the file (decision 239), and only for the file's own organisation.
    const viewLink = await customer.client.post(`/api/customer/deliverables/${file.id}/view-link`);
    expect(viewLink.statusCode, viewLink.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: viewLink.json().url })).statusCode).toBe(200);
    const share = await customer.client.post(`/api/customer/orders/${order.id}/share-links`, { expiresInDays: 7 });
    expect(share.statusCode).toBe(409);
    expect(errorOf(share).message).toBe(message);
    const publicLink = await t.app.inject({
      method: 'POST',
      url: `/api/public/shares/${token}/deliverables/${file.id}/link`,
    });
    expect(publicLink.statusCode).toBe(409);
    // Download all waits too, for the customer and through the link.
    const customerArchive = await customer.client.get(`/api/customer/orders/${order.id}/archive`);
    expect(customerArchive.statusCode).toBe(409);
    expect(errorOf(customerArchive).message).toBe(message);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/shares/${token}/archive` })).statusCode).toBe(409);
    // Still visible, with the reason and the invoice to pay.
    const detail = (await customer.client.get(`/api/customer/orders/${order.id}`)).json();
    expect(detail.deliverables.map((row: { id: string }) => row.id)).toEqual([file.id]);
    expect(detail.paymentLock).toEqual({
      invoiceId: invoice!.id,
      quoteId: invoice!.quoteId,
      number: invoice!.number,
      message,
    });
    const byOrder = (await customer.client.get('/api/customer/deliverables')).json().items;
    expect(byOrder.find((entry: { order: { id: string } }) => entry.order.id === order.id).paymentLock).toMatchObject({
      invoiceId: invoice!.id,
    });

    // A part payment keeps them locked; the payment that settles it unlocks them.
    expect((await pay(invoice!.id, { amount: '100' })).statusCode).toBe(201);
    expect((await customer.client.post(`/api/customer/deliverables/${file.id}/link`)).statusCode).toBe(409);
    expect((await pay(invoice!.id, { amount: '1400' })).statusCode).toBe(201);
    expect((await customer.client.post(`/api/customer/deliverables/${file.id}/link`)).statusCode).toBe(200);
    expect(
      (await customer.client.post(`/api/customer/orders/${order.id}/share-links`, { expiresInDays: 7 })).statusCode,
    ).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/deliverables/${file.id}/link` }))
        .statusCode,
    ).toBe(200);
    expect((await customer.client.get(`/api/customer/orders/${order.id}`)).json().paymentLock).toBeNull();
    expect((await customer.client.get(`/api/customer/orders/${order.id}/archive`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/shares/${token}/archive` })).statusCode).toBe(200);
    await setBilling(customer.orgId, {});
  });
});

describe('due dates', () => {
  it('reminds once before the due date, then marks overdue and reminds once after it', async () => {
    const { order } = await acceptedQuote(other);
    const [invoice] = await invoicesOf(order.id);
    const subjects = async () =>
      (await t.db.select().from(schema.outboxEmails))
        .filter((email) => email.to[0] === other.email && email.subject.includes(invoice!.number))
        .map((email) => email.subject);
    expect(await subjects()).toEqual([`Invoice ${invoice!.number}`]);

    clock.advance(12 * DAY_MS);
    await t.app.invoiceReminders.kick();
    await t.app.invoiceReminders.kick();
    expect(await subjects()).toContain(`Reminder: invoice ${invoice!.number} is due soon`);
    expect((await subjects()).length).toBe(2);

    clock.advance(3 * DAY_MS);
    await t.app.invoiceReminders.kick();
    await t.app.invoiceReminders.kick();
    expect((await subjects()).filter((subject) => subject === `Invoice ${invoice!.number} is overdue`)).toHaveLength(1);
    const [row] = await t.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoice!.id));
    expect(row?.status).toBe('overdue');
    // Overdue is still payable.
    const paid = await pay(invoice!.id, { amount: '1500' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().status).toBe('paid');
    // Marking overdue and its reminder share one transaction, so one timestamp: compared as a set.
    const actions = (await auditOf(t.db, invoice!.id)).map((entry) => entry.action);
    expect(actions.toSorted()).toEqual(
      ['issue', 'send_reminder', 'mark_overdue', 'send_reminder', 'record_payment'].toSorted(),
    );
    expect(actions.at(0)).toBe('issue');
    expect(actions.at(-1)).toBe('record_payment');
  });

  it('leaves the ledger balanced and the organisation owing nothing it has paid', async () => {
    expect(await unbalancedEntries(t.db)).toEqual([]);
    expect(
      (await balancesOf(t.db, other.orgId)).find((balance) => balance.account === 'receivable')?.balanceMinor,
    ).toBe(0);
  });
});
