import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { INVOICE_MESSAGES, type TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { uploadWhole } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, convertedOrder, createOrganization } from '../../../test/workflow.ts';
import { entriesOfOrder } from '../ledger/ledger-repository.ts';

/**
 * Refunds and credit notes (decision 215): an admin refunds part or all of what was paid on an
 * invoice with a reason; a credit note with its own gapless number, the invoice's parties and its
 * tax reversed in proportion is issued, booked, audited and e-mailed with its PDF; the provider's
 * unpaid share is reversed when asked, and refused once paid out; every bad request is a 4xx that
 * books nothing.
 */

const clock = movableClock();
let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let other: TSignedInUser;
let provider: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  customerOrgId = (await createOrganization(admin, 'customer', `Refund Customer ${randomUUID().slice(0, 6)}`)).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
  other = await newUser('customer_admin', { name: 'Other Refund Customer' });
  provider = await newUser('provider_admin', { name: `Refund Scans ${randomUUID().slice(0, 6)}` });
  const company = await admin.request('PUT', '/api/admin/billing/company', {
    legalName: 'Space Capture Ltd',
    address: '1 Dock Road\nLondon E1 1AA',
    country: 'GB',
    taxId: 'GB111222333',
    bankDetails: null,
    paymentTermsDays: 14,
  });
  expect(company.statusCode, company.body).toBe(200);
  const rates = await admin.request('PUT', '/api/admin/billing/tax-rates', {
    rates: [{ country: 'GB', label: 'VAT', rateBasisPoints: 2000, reverseChargeForBusiness: false }],
  });
  expect(rates.statusCode, rates.body).toBe(200);
  expect((await admin.request('PATCH', `/api/admin/customers/${customerOrgId}`, { currency: 'GBP' })).statusCode).toBe(
    200,
  );
  const billing = await admin.request('PUT', `/api/admin/customers/${customerOrgId}/billing`, {
    mode: 'in_advance',
    depositPercent: null,
    payBeforeDownload: true,
    legalName: 'Refund Customer plc',
    address: '9 Mill Lane\nLeeds',
    country: 'GB',
    taxId: null,
  });
  expect(billing.statusCode, billing.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Quotes 1,000.00 GBP on the order and has the customer accept it: a 1,200.00 invoice (20 % VAT). */
async function invoiceOn(orderId: string) {
  const created = await admin.post('/api/admin/quotes', {
    orderId,
    priceBreakdown: { items: [{ label: 'Capture', amount: 1000 }], currency: 'GBP' },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${created.json().id}/send`)).statusCode).toBe(200);
  const accepted = await customer.client.post(`/api/customer/quotes/${created.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const listed = await admin.get(`/api/admin/invoices?orderId=${orderId}`);
  return (listed.json().items as TInvoiceView[])[0]!;
}

function pay(invoiceId: string, amount: string) {
  return admin.post(`/api/admin/invoices/${invoiceId}/payments`, {
    amount,
    currency: 'GBP',
    receivedOn: '2026-12-01',
    reference: 'Transfer',
  });
}

async function paidInvoice() {
  const order = await convertedOrder(t.app, admin, customerOrgId, { location: `Quay ${randomUUID().slice(0, 6)}` });
  const invoice = await invoiceOn(order.id);
  expect((await pay(invoice.id, '1200.00')).statusCode).toBe(201);
  return invoice;
}

function refund(invoiceId: string, body: Record<string, unknown>, key: string | null = randomUUID(), client = admin) {
  return client.post(
    `/api/admin/invoices/${invoiceId}/refunds`,
    { reverseProviderShare: false, ...body },
    key ? { headers: { 'idempotency-key': key } } : undefined,
  );
}

async function ledgerCount() {
  return (await t.db.select().from(schema.ledgerEntries)).length;
}
async function creditNoteCount() {
  return (await t.db.select().from(schema.creditNotes)).length;
}

describe('a refund of a paid invoice', () => {
  it('issues a numbered credit note with the tax reversed in proportion, books and e-mails it', async () => {
    const invoice = await paidInvoice();
    const key = randomUUID();
    const first = await refund(invoice.id, { amount: '300.00', reason: 'Two rooms were not captured' }, key);
    expect(first.statusCode, first.body).toBe(201);
    const after = first.json() as TInvoiceView;
    expect(after).toMatchObject({ status: 'partly_refunded', paidMinor: 120_000, refundedMinor: 30_000 });
    expect(after.refundableMinor).toBe(90_000);
    const [note] = after.creditNotes;
    expect(note).toMatchObject({
      status: 'issued',
      source: 'admin',
      totalMinor: 30_000,
      taxMinor: 5_000,
      subtotalMinor: 25_000,
      reason: 'Two rooms were not captured',
      methods: ['bank_transfer'],
      reverseProviderShare: false,
      providerShareMinor: 0,
    });
    expect(note!.number).toMatch(/^CN-\d{6}$/);

    // The ledger: refunds (before tax) and the tax back, out of cash; the receivable untouched.
    const refunds = (await entriesOfOrder(t.db, invoice.order!.id)).filter(({ entry }) => entry.kind === 'refund');
    expect(refunds.map(({ line }) => [line.account, line.amountMinor])).toEqual([
      ['refunds', 25_000],
      ['tax', 5_000],
      ['cash', -30_000],
    ]);
    expect((await auditOf(t.db, invoice.id)).map((entry) => entry.action)).toEqual([
      'issue',
      'record_payment',
      'refund',
    ]);
    expect((await auditOf(t.db, note!.id)).map((entry) => entry.action)).toEqual(['request', 'issue']);

    // E-mailed with its PDF to the customer and the company.
    const emails = (await t.db.select().from(schema.outboxEmails)).filter((email) =>
      email.subject.startsWith(`Credit note ${note!.number}`),
    );
    expect(emails.map((email) => email.to[0]).sort()).toEqual([COMPANY_EMAIL, customer.email].sort());
    const attached = emails[0]!.attachments!;
    expect(attached.map((file) => file.filename)).toEqual([`${note!.number}.pdf`]);
    const { text } = await pdfText(Buffer.from(attached[0]!.contentBase64, 'base64'));
    for (const expected of [
      `Credit note ${note!.number}`,
      invoice.number,
      'Space Capture Ltd',
      'Refund Customer plc',
      'VAT 20%',
      '-£50.00',
      '-£300.00',
      'Two rooms were not captured',
    ]) {
      expect(text).toContain(expected);
    }

    // The customer reads it too; another organisation does not find it.
    const mine = await customer.client.get(`/api/customer/credit-notes/${note!.id}/pdf`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(mine.rawPayload)).text).toContain(note!.number!);
    expect((await other.client.get(`/api/customer/credit-notes/${note!.id}/pdf`)).statusCode).toBe(404);
    const listed = (await customer.client.get('/api/customer/invoices')).json().items as TInvoiceView[];
    expect(listed.find((item) => item.id === invoice.id)?.creditNotes.map((item) => item.number)).toEqual([
      note!.number,
    ]);

    // The same request again: the same answer, nothing booked twice.
    const entries = await ledgerCount();
    const replay = await refund(invoice.id, { amount: '300.00', reason: 'Two rooms were not captured' }, key);
    expect(replay.statusCode, replay.body).toBe(201);
    expect((replay.json() as TInvoiceView).creditNotes).toHaveLength(1);
    expect(await ledgerCount()).toBe(entries);
    // The same key for another refund is refused.
    const reused = await refund(invoice.id, { amount: '10.00', reason: 'Something else' }, key);
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).message).toBe(INVOICE_MESSAGES.refundKeyReused);

    // The rest: refunded in full, the next number of the series.
    const rest = await refund(invoice.id, { amount: '900.00', reason: 'Order cancelled' });
    expect(rest.statusCode, rest.body).toBe(201);
    const whole = rest.json() as TInvoiceView;
    expect(whole).toMatchObject({ status: 'refunded', refundedMinor: 120_000, refundableMinor: 0 });
    const [, second] = whole.creditNotes;
    expect(Number(second!.number!.slice(3))).toBe(Number(note!.number!.slice(3)) + 1);
    expect(second).toMatchObject({ totalMinor: 90_000, taxMinor: 15_000 });

    // Downloads stay unlocked: a refund does not impose pay before download again.
    expect(await t.app.services.invoices.downloadLock(invoice.order!.id, customerOrgId)).toBeNull();

    // Reporting shows the month's refunds.
    const month = new Date(clock.now()).toISOString().slice(0, 7);
    const report = (await admin.get('/api/admin/reporting')).json();
    const row = report.moneyByMonth.find(
      (candidate: { month: string; currency: string }) => candidate.month === month && candidate.currency === 'GBP',
    );
    expect(row.refunds).toBeGreaterThanOrEqual(1000);
  });

  it('refunds a partly paid invoice up to what was paid and leaves its open balance owed', async () => {
    const order = await convertedOrder(t.app, admin, customerOrgId, { location: `Pier ${randomUUID().slice(0, 6)}` });
    const invoice = await invoiceOn(order.id);
    expect((await pay(invoice.id, '500.00')).statusCode).toBe(201);
    const above = await refund(invoice.id, { amount: '500.01', reason: 'Too much' });
    expect(above.statusCode).toBe(400);
    expect(errorOf(above).message).toBe(INVOICE_MESSAGES.refundAboveRefundable('£500.00'));
    const done = await refund(invoice.id, { amount: '120.00', reason: 'Goodwill' });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ status: 'open', paidMinor: 50_000, refundedMinor: 12_000, openMinor: 70_000 });
  });
});

describe('refusals', () => {
  it('refuses bad amounts, a missing reason or key, a void or unpaid invoice, and a customer, booking nothing', async () => {
    const paid = await paidInvoice();
    const order = await convertedOrder(t.app, admin, customerOrgId, { location: `Yard ${randomUUID().slice(0, 6)}` });
    const unpaid = await invoiceOn(order.id);
    const voidOrder = await convertedOrder(t.app, admin, customerOrgId, {
      location: `Lock ${randomUUID().slice(0, 6)}`,
    });
    const voided = await invoiceOn(voidOrder.id);
    expect((await admin.post(`/api/admin/invoices/${voided.id}/void`, { reason: 'Duplicate' })).statusCode).toBe(200);
    const entries = await ledgerCount();
    const notes = await creditNoteCount();

    const cases: [Record<string, unknown>, string | null, string, number, string?][] = [
      [{ amount: '0', reason: 'Zero' }, randomUUID(), paid.id, 400, INVOICE_MESSAGES.amountPositive],
      [{ amount: '-5', reason: 'Negative' }, randomUUID(), paid.id, 400],
      [{ amount: '1200.01', reason: 'Too much' }, randomUUID(), paid.id, 400],
      [{ amount: '1.001', reason: 'Too precise' }, randomUUID(), paid.id, 400, INVOICE_MESSAGES.amountFormat],
      [{ amount: '10.00', reason: '' }, randomUUID(), paid.id, 400],
      [{ amount: '10.00', reason: 'x'.repeat(201) }, randomUUID(), paid.id, 400],
      [{ amount: '10.00' }, randomUUID(), paid.id, 400],
      [{ amount: '10.00', reason: 'No key' }, null, paid.id, 400, INVOICE_MESSAGES.refundKeyRequired],
      [{ amount: '10.00', reason: 'Unpaid' }, randomUUID(), unpaid.id, 409, INVOICE_MESSAGES.refundNothingPaid],
      [{ amount: '10.00', reason: 'Void' }, randomUUID(), voided.id, 409],
      [{ amount: '10.00', reason: 'Nowhere' }, randomUUID(), randomUUID(), 404],
    ];
    for (const [body, key, invoiceId, status, message] of cases) {
      const answer = await refund(invoiceId, body, key);
      expect(answer.statusCode, `${JSON.stringify(body)} → ${answer.body}`).toBe(status);
      if (message) expect(errorOf(answer).message).toBe(message);
    }
    const byCustomer = await refund(
      paid.id,
      { amount: '10.00', reason: 'Self-service' },
      randomUUID(),
      customer.client,
    );
    expect(byCustomer.statusCode).toBe(403);
    expect(await ledgerCount()).toBe(entries);
    expect(await creditNoteCount()).toBe(notes);
    const still = (await admin.get(`/api/admin/invoices/${paid.id}`)).json() as TInvoiceView;
    expect(still).toMatchObject({ status: 'paid', refundedMinor: 0, creditNotes: [] });
  });
});

describe("the provider's share", () => {
  /** An order with a paid 1,200.00 invoice whose job (500.00 compensation) is approved, so payable. */
  async function approvedOrder() {
    const job = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock });
    const invoice = await invoiceOn(job.orderId);
    expect((await pay(invoice.id, '1200.00')).statusCode).toBe(201);
    await uploadWhole(t.app, provider.client, job.orderId, 'Level 1 scan.e57', randomBytes(1_000));
    expect((await provider.client.post(`/api/provider/orders/${job.orderId}/delivered`)).statusCode).toBe(200);
    return { ...job, invoice };
  }

  async function payableOf(assignmentId: string) {
    const due = (await admin.get('/api/admin/payables?status=due')).json();
    return due.items.find((item: { assignmentId: string }) => item.assignmentId === assignmentId);
  }

  it('refuses to reverse a share that is not payable yet', async () => {
    const { invoice } = await approvedOrder();
    const entries = await ledgerCount();
    const refused = await refund(invoice.id, { amount: '120.00', reason: 'Late', reverseProviderShare: true });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(INVOICE_MESSAGES.shareNotPayable);
    expect(await ledgerCount()).toBe(entries);
  });

  it('reverses the unpaid share in proportion, so the provider is paid that much less', async () => {
    const { invoice, orderId, assignmentId } = await approvedOrder();
    expect((await customer.client.post(`/api/customer/orders/${orderId}/approve`)).statusCode).toBe(200);
    expect(await payableOf(assignmentId)).toMatchObject({ amount: 500 });
    // 300.00 of 1,200.00 is 250.00 of the 1,000.00 subtotal: a quarter of the 500.00 compensation.
    const done = await refund(invoice.id, { amount: '300.00', reason: 'Partial capture', reverseProviderShare: true });
    expect(done.statusCode, done.body).toBe(201);
    expect((done.json() as TInvoiceView).creditNotes[0]).toMatchObject({
      reverseProviderShare: true,
      providerShareMinor: 12_500,
    });
    const reversal = (await entriesOfOrder(t.db, orderId)).filter(
      ({ entry }) => entry.kind === 'refund' && entry.idempotencyKey?.startsWith('payable:'),
    );
    expect(reversal.map(({ line }) => [line.account, line.organizationId, line.amountMinor])).toEqual([
      ['payable', provider.orgId, 12_500],
      ['compensation', null, -12_500],
    ]);
    expect(await payableOf(assignmentId)).toMatchObject({ amount: 375 });
    const margin = (await admin.get(`/api/admin/orders/${orderId}/margin`)).json();
    expect(margin).toMatchObject({ refunds: 250, compensation: 375 });

    // Paid out (375.00), a further reversal is refused and books nothing; a refund without it is made.
    const run = await admin.post('/api/admin/payout-runs', {
      method: 'bank_transfer',
      transfers: [
        { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [assignmentId], reference: 'BACS-R1' },
      ],
    });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json().payouts[0].amount).toBe(375);
    const entries = await ledgerCount();
    const refused = await refund(invoice.id, { amount: '100.00', reason: 'More', reverseProviderShare: true });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(INVOICE_MESSAGES.sharePaidOut);
    expect(await ledgerCount()).toBe(entries);
    const plain = await refund(invoice.id, { amount: '100.00', reason: 'More' });
    expect(plain.statusCode, plain.body).toBe(201);
    const [, note] = (plain.json() as TInvoiceView).creditNotes;
    expect(note).toMatchObject({ reverseProviderShare: false, providerShareMinor: 0 });
    const stored = await t.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.id, note!.id));
    expect(stored[0]?.status).toBe('issued');
  });
});
