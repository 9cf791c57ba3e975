import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TInvoiceView, TMonthlyRunResult } from '@spacecapture/shared/contracts/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, convertedOrder } from '../../../test/workflow.ts';
import { balancesOf, entriesOfOrder } from '../ledger/ledger-repository.ts';

/**
 * Monthly invoicing for approved accounts (decision 242): the mode only once an admin approved the
 * organisation; orders accrue at acceptance with no invoice; the monthly run (the worker and the
 * admin's "Issue monthly invoices now") issues one invoice per organisation and currency for the
 * orders accepted before this month, once, even when runs overlap (on PostgreSQL the runs really
 * race on the pool's connections); payments, void and refunds work on it.
 */

const DAY_MS = 86_400_000;
const clock = movableClock();
let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let monthly: TSignedInUser;
let second: TSignedInUser;
let unapproved: TSignedInUser;

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
  paymentTermsDays: 30,
};

const BILLING = {
  mode: 'monthly',
  depositPercent: null,
  payBeforeDownload: true,
  legalName: null,
  address: null,
  country: 'GB',
  taxId: null,
};

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  monthly = await newUser('customer_admin', { name: 'Monthly Customer' });
  second = await newUser('customer_admin', { name: 'Second Monthly' });
  unapproved = await newUser('customer_admin', { name: 'Not Approved' });
  expect((await admin.request('PUT', '/api/admin/billing/company', COMPANY)).statusCode).toBe(200);
  const rates = await admin.request('PUT', '/api/admin/billing/tax-rates', {
    rates: [{ country: 'GB', label: 'VAT', rateBasisPoints: 2000, reverseChargeForBusiness: false }],
  });
  expect(rates.statusCode, rates.body).toBe(200);
  for (const who of [monthly, second, unapproved]) {
    expect((await admin.request('PATCH', `/api/admin/customers/${who.orgId}`, { currency: 'GBP' })).statusCode).toBe(
      200,
    );
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
});

function approve(orgId: string, approved: boolean) {
  return admin.request('PUT', `/api/admin/customers/${orgId}/billing/monthly-approval`, { approved });
}

/** An order of the organisation with a quote of 1,000.00 + 500.00 GBP accepted by its customer. */
async function acceptedQuote(who: TSignedInUser) {
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
  return { orderId: order.id as string, quoteId: created.json().id as string };
}

async function invoicesOfOrg(orgId: string) {
  const listed = await admin.get(`/api/admin/invoices?orgId=${orgId}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().items as TInvoiceView[];
}

function runNow() {
  return admin.post('/api/admin/invoices/monthly-run');
}

/** YYYY-MM of an instant in UTC. */
function monthOf(at: Date) {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('approval for monthly invoicing', () => {
  it('refuses the monthly mode until an admin approves the organisation, and audits the approval', async () => {
    const refused = await admin.request('PUT', `/api/admin/customers/${unapproved.orgId}/billing`, BILLING);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This organisation is not approved for monthly invoicing. Approve it first, then choose Monthly invoicing.',
    );
    const unchanged = await admin.get(`/api/admin/customers/${unapproved.orgId}/billing`);
    expect(unchanged.json()).toMatchObject({ mode: 'in_advance', monthlyApproved: false, monthlyApprovedAt: null });

    const approved = await approve(unapproved.orgId, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ monthlyApproved: true, mode: 'in_advance' });
    expect(approved.json().monthlyApprovedAt).not.toBeNull();
    const saved = await admin.request('PUT', `/api/admin/customers/${unapproved.orgId}/billing`, BILLING);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mode: 'monthly', monthlyApproved: true });

    // The approval cannot be withdrawn while the organisation is billed monthly.
    const withdraw = await approve(unapproved.orgId, false);
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error.message).toBe(
      'This organisation is invoiced monthly. Choose another billing mode before withdrawing its approval.',
    );
    expect(
      (
        await admin.request('PUT', `/api/admin/customers/${unapproved.orgId}/billing`, {
          ...BILLING,
          mode: 'on_delivery',
        })
      ).statusCode,
    ).toBe(200);
    expect((await approve(unapproved.orgId, false)).json()).toMatchObject({ monthlyApproved: false });
    const actions = (await auditOf(t.db, unapproved.orgId))
      .filter((entry) => entry.entity === 'billing_settings')
      .map((entry) => entry.action);
    expect(actions).toEqual(['approve_monthly', 'update_organization', 'update_organization', 'withdraw_monthly']);
  });

  it('answers 404 for an organisation that is not a customer', async () => {
    expect((await approve(randomUUID(), true)).statusCode).toBe(404);
  });
});

describe('the monthly run', () => {
  const lastMonth: { orderId: string; quoteId: string }[] = [];
  const secondOrders: { orderId: string; quoteId: string }[] = [];
  let thisMonth: { orderId: string; quoteId: string };
  let invoice: TInvoiceView;
  let secondInvoice: TInvoiceView;

  it('issues nothing at acceptance: the orders accrue for the month', async () => {
    for (const who of [monthly, second]) {
      expect((await approve(who.orgId, true)).statusCode).toBe(200);
      const saved = await admin.request('PUT', `/api/admin/customers/${who.orgId}/billing`, BILLING);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    lastMonth.push(await acceptedQuote(monthly), await acceptedQuote(monthly));
    secondOrders.push(await acceptedQuote(second), await acceptedQuote(second));
    expect(await invoicesOfOrg(monthly.orgId)).toEqual([]);
    expect(await entriesOfOrder(t.db, lastMonth[0]!.orderId)).toEqual([]);

    // The quote says which month's invoice will bill it; the invoice is not there yet.
    const quotes = await monthly.client.get('/api/customer/quotes?limit=50');
    const card = quotes.json().items.find((quote: { id: string }) => quote.id === lastMonth[0]!.quoteId);
    expect(card.monthlyInvoice).toEqual({ period: monthOf(clock.now()), invoiceId: null, invoiceNumber: null });
    // The account is trusted: nothing holds the order's downloads back (pay before download is on).
    const detail = await monthly.client.get(`/api/customer/orders/${lastMonth[0]!.orderId}`);
    expect(detail.json().paymentLock ?? null).toBeNull();
    // A run within the month issues nothing.
    expect((await runNow()).json()).toEqual({ issued: [] });
  });

  it("issues one invoice per organisation for last month's orders, once, however many runs race", async () => {
    const accrued = clock.now();
    const next = Date.UTC(accrued.getUTCFullYear(), accrued.getUTCMonth() + 1, 1, 1);
    clock.advance(next - accrued.getTime());
    thisMonth = await acceptedQuote(monthly);

    const before = (await t.db.select().from(schema.invoices)).length;
    const [one, two, worker] = await Promise.all([runNow(), runNow(), t.app.monthlyInvoices.kick()]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const issued = [...(one.json() as TMonthlyRunResult).issued, ...(two.json() as TMonthlyRunResult).issued];
    expect(issued.length + worker).toBe(2);
    const rows = await t.db.select().from(schema.invoices);
    expect(rows).toHaveLength(before + 2);
    // Numbers stay gapless across single-order and monthly invoices.
    expect(rows.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(rows.map((_, index) => index + 1));

    const [only, ...more] = await invoicesOfOrg(monthly.orgId);
    expect(more).toEqual([]);
    invoice = only!;
    [secondInvoice] = (await invoicesOfOrg(second.orgId)) as [TInvoiceView];
    expect(invoice).toMatchObject({
      kind: 'monthly',
      status: 'open',
      period: monthOf(accrued),
      quoteId: null,
      order: null,
      currency: 'GBP',
      subtotalMinor: 300_000,
      taxMinor: 60_000,
      totalMinor: 360_000,
      taxLines: [{ label: 'VAT', rateBasisPoints: 2000, baseMinor: 300_000, amountMinor: 60_000 }],
    });
    expect(invoice.orders.map((order) => order.id)).toEqual(lastMonth.map((order) => order.orderId));
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.lines[0]!.label).toContain(`Order ${lastMonth[0]!.orderId.slice(0, 8).toUpperCase()}`);
    expect(invoice.lines[0]!.label).toContain('(Capture, Processing)');
    expect(Date.parse(invoice.dueAt) - Date.parse(invoice.issuedAt)).toBe(30 * DAY_MS);
    // This month's order waits for next month's run.
    expect(invoice.orders.map((order) => order.id)).not.toContain(thisMonth.orderId);

    // Each order's receivable, revenue and tax are booked on the order.
    for (const { orderId } of lastMonth) {
      const entries = await entriesOfOrder(t.db, orderId);
      expect(entries.map(({ line }) => [line.account, line.amountMinor])).toEqual([
        ['receivable', 180_000],
        ['tax', -30_000],
        ['revenue', -150_000],
      ]);
    }
    const receivable = (await balancesOf(t.db, monthly.orgId)).find((balance) => balance.account === 'receivable');
    expect(receivable?.balanceMinor).toBe(360_000);

    // E-mailed with its PDF, which lists both orders.
    const emails = (await t.db.select().from(schema.outboxEmails)).filter(
      (email) => email.subject === `Invoice ${invoice.number}`,
    );
    expect(emails.map((email) => email.to[0]).sort()).toEqual([COMPANY_EMAIL, monthly.email].sort());
    const mail = emails.find((email) => email.to[0] === monthly.email)!;
    expect(mail.text).toContain(`/customer/quotes?invoiceId=${invoice.id}`);
    const { text } = await pdfText(Buffer.from(mail.attachments![0]!.contentBase64, 'base64'));
    for (const { orderId } of lastMonth) expect(text).toContain(`Order ${orderId.slice(0, 8).toUpperCase()}`);
    expect(text).toContain('Covers');
    expect(text).toContain('£3,600.00');
  });

  it('issues nothing on a rerun', async () => {
    expect((await runNow()).json()).toEqual({ issued: [] });
    expect(await t.app.monthlyInvoices.kick()).toBe(0);
    expect(await invoicesOfOrg(monthly.orgId)).toHaveLength(1);
  });

  it("shows the customer the monthly invoice with its orders, from any of its orders' quotes", async () => {
    const listed = await monthly.client.get('/api/customer/invoices');
    expect(listed.json().items.map((item: TInvoiceView) => item.id)).toEqual([invoice.id]);
    const byQuote = await monthly.client.get(`/api/customer/quotes/${lastMonth[1]!.quoteId}/invoice`);
    expect(byQuote.statusCode, byQuote.body).toBe(200);
    expect(byQuote.json()).toMatchObject({ id: invoice.id, orders: invoice.orders });
    const quotes = (await monthly.client.get('/api/customer/quotes?limit=50')).json().items as {
      id: string;
      monthlyInvoice: unknown;
    }[];
    expect(quotes.find((quote) => quote.id === lastMonth[0]!.quoteId)?.monthlyInvoice).toEqual({
      period: invoice.period,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
    });
    // The admin finds it by either order.
    const byOrder = await admin.get(`/api/admin/invoices?orderId=${lastMonth[1]!.orderId}`);
    expect(byOrder.json().items.map((item: TInvoiceView) => item.id)).toEqual([invoice.id]);
    // Another organisation does not see it.
    expect((await second.client.get(`/api/customer/invoices/${invoice.id}`)).statusCode).toBe(404);
  });

  it('books a payment of the monthly invoice once', async () => {
    const body = { currency: 'GBP', receivedOn: '2026-12-01', reference: 'Monthly transfer' };
    const key = `pay-${randomUUID()}`;
    const headers = { headers: { 'idempotency-key': key } };
    const first = await admin.post(
      `/api/admin/invoices/${invoice.id}/payments`,
      { ...body, amount: '1000.00' },
      headers,
    );
    expect(first.statusCode, first.body).toBe(201);
    // A retried request answers the same and books nothing more.
    const retried = await admin.post(
      `/api/admin/invoices/${invoice.id}/payments`,
      { ...body, amount: '1000.00' },
      headers,
    );
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().payments).toHaveLength(1);
    const rest = await admin.post(`/api/admin/invoices/${invoice.id}/payments`, { ...body, amount: '2600.00' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ status: 'paid', paidMinor: 360_000, openMinor: 0 });
    expect(rest.json().payments).toHaveLength(2);
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/payments`, { ...body, amount: '1' })).statusCode).toBe(
      409,
    );
    const payments = (await t.db.select().from(schema.ledgerEntries)).filter(
      (entry) => entry.kind === 'payment' && entry.memo === `Payment for invoice ${invoice.number}`,
    );
    expect(payments).toHaveLength(2);
    const receivable = (await balancesOf(t.db, monthly.orgId)).find((balance) => balance.account === 'receivable');
    expect(receivable?.balanceMinor ?? 0).toBe(0);
    expect(
      (await t.db.select().from(schema.outboxEmails)).filter(
        (email) => email.subject === `Invoice ${invoice.number} paid`,
      ),
    ).toHaveLength(2);
  });

  it("refunds without the provider's share, and refuses to reverse it on a monthly invoice", async () => {
    const share = await admin.post(
      `/api/admin/invoices/${invoice.id}/refunds`,
      { amount: '100.00', reason: 'Goodwill', reverseProviderShare: true },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(share.statusCode).toBe(409);
    expect(share.json().error.message).toContain('A monthly invoice covers several orders');
    const refunded = await admin.post(
      `/api/admin/invoices/${invoice.id}/refunds`,
      { amount: '120.00', reason: 'Goodwill', reverseProviderShare: false },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ status: 'partly_refunded', refundedMinor: 12_000 });
    expect(refunded.json().creditNotes[0]).toMatchObject({ status: 'issued', totalMinor: 12_000, taxMinor: 2_000 });
    const pdf = await admin.get(`/api/admin/credit-notes/${refunded.json().creditNotes[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it('voids a monthly invoice order by order, and its orders are not billed again', async () => {
    const voided = await admin.post(`/api/admin/invoices/${secondInvoice.id}/void`, { reason: 'Billed by hand' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void', openMinor: 0 });
    for (const { orderId } of secondOrders) {
      const revenue = (await entriesOfOrder(t.db, orderId))
        .filter(({ line }) => line.account === 'revenue')
        .reduce((sum, { line }) => sum + line.amountMinor, 0);
      expect(revenue).toBe(0);
    }
    const receivable = (await balancesOf(t.db, second.orgId)).find((balance) => balance.account === 'receivable');
    expect(receivable?.balanceMinor ?? 0).toBe(0);
    expect((await runNow()).json()).toEqual({ issued: [] });
  });

  it("bills this month's order in next month's run", async () => {
    const now = clock.now();
    clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1) - now.getTime());
    const { issued } = (await runNow()).json() as TMonthlyRunResult;
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ customerOrgId: monthly.orgId, orderCount: 1, totalMinor: 180_000 });
    const next = await admin.get(`/api/admin/invoices/${issued[0]!.id}`);
    expect(next.json().orders.map((order: { id: string }) => order.id)).toEqual([thisMonth.orderId]);
    const rows = await t.db.select().from(schema.invoices);
    expect(next.json().number).toBe(`INV-${String(rows.length).padStart(6, '0')}`);
  });
});
