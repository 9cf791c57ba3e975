import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { PAYOUT_MESSAGES } from '@spacecapture/shared/contracts/payouts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../test/accounts.ts';
import { uploadWhole } from '../../test/deliverables.ts';
import { movableClock } from '../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, createOrganization, outboxWithSubject } from '../../test/workflow.ts';
import { balancesOf, entriesOfOrder } from '../modules/ledger/ledger-repository.ts';

/**
 * Provider payouts (decision 213): a job's compensation is due at approval and expected 14 days
 * later; an admin's payout run by recorded bank transfer books payable → cash once per job and
 * tells the provider; a job closed without approval is adjusted by an admin with a reason; a
 * payable past its date is flagged and announced once; the provider's Earnings and statements.
 */

const DAY = 86_400_000;

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let providerUser: TSignedInUser;
let otherProvider: TSignedInUser;
let customer: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Payout Scans ${randomUUID().slice(0, 6)}` });
  providerUser = await newUser('provider_user', { id: provider.orgId });
  otherProvider = await newUser('provider_admin', { name: `Other Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  // The organisation pays in pounds, so its orders and the compensation are in pounds (decision 203).
  const set = await admin.request('PATCH', `/api/admin/customers/${customerOrgId}`, { currency: 'GBP' });
  expect(set.statusCode, set.body).toBe(200);
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A job of `holder` delivered and waiting for the customer's review. */
async function deliveredJob(holder: TSignedInUser = provider) {
  const job = await acceptedJob(t.app, { admin, customerOrgId, provider: holder }, { clock });
  await uploadWhole(t.app, holder.client, job.orderId, 'Level 1 scan.e57', randomBytes(1_000));
  const delivered = await holder.client.post(`/api/provider/orders/${job.orderId}/delivered`);
  expect(delivered.statusCode, delivered.body).toBe(200);
  return job;
}

/** A job the customer approved: its compensation (500 GBP) is now payable. */
async function approvedJob(holder: TSignedInUser = provider) {
  const job = await deliveredJob(holder);
  const approved = await customer.client.post(`/api/customer/orders/${job.orderId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return job;
}

async function payoutEntriesOf(orderId: string) {
  return (await entriesOfOrder(t.db, orderId)).filter(({ entry }) => entry.kind === 'payout');
}

async function noticesOf(userId: string, eventType: string) {
  return t.db
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.eventType, eventType)));
}

function run(transfers: unknown[], client: TClient = admin) {
  return client.post('/api/admin/payout-runs', { method: 'bank_transfer', transfers });
}

async function earningOf(client: TClient, assignmentId: string) {
  const earnings = await client.get('/api/provider/earnings');
  expect(earnings.statusCode, earnings.body).toBe(200);
  return earnings.json().items.find((item: { assignmentId: string }) => item.assignmentId === assignmentId);
}

describe('a payout run', () => {
  it('pays an approved job by recorded bank transfer: booked once, audited, told to the provider', async () => {
    const pending = await deliveredJob();
    expect(await earningOf(provider.client, pending.assignmentId)).toMatchObject({
      status: 'pending_approval',
      compensation: 500,
      currency: 'GBP',
      expectedBy: null,
    });
    // Not approved yet: not payable.
    const early = await run([
      { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [pending.assignmentId], reference: 'BACS-1' },
    ]);
    expect(early.statusCode, early.body).toBe(409);
    expect(errorOf(early).message).toBe(PAYOUT_MESSAGES.notDue);

    const approvedAt = clock.now().getTime();
    const approved = await customer.client.post(`/api/customer/orders/${pending.orderId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const payable = await earningOf(providerUser.client, pending.assignmentId);
    expect(payable).toMatchObject({ status: 'payable', compensation: 500, fee: 0, net: 500, paidAt: null });
    // Expected 14 days after the approval (the FAQ's promise).
    expect(new Date(payable.expectedBy).getTime() - new Date(payable.payableSince).getTime()).toBe(14 * DAY);
    expect(Math.abs(new Date(payable.payableSince).getTime() - approvedAt)).toBeLessThan(60_000);

    const due = (await admin.get('/api/admin/payables?status=due')).json();
    expect(
      due.items.find((item: { assignmentId: string }) => item.assignmentId === pending.assignmentId),
    ).toMatchObject({
      amount: 500,
      currency: 'GBP',
      overdue: false,
      providerOrg: { id: provider.orgId },
      kind: 'compensation',
    });

    const paid = await run([
      { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [pending.assignmentId], reference: 'BACS-0001' },
    ]);
    expect(paid.statusCode, paid.body).toBe(201);
    const runView = paid.json();
    expect(runView.payouts).toEqual([
      expect.objectContaining({
        providerOrg: { id: provider.orgId, name: expect.any(String) },
        currency: 'GBP',
        amount: 500,
        reference: 'BACS-0001',
        jobs: 1,
      }),
    ]);
    // payable → cash, once.
    const booked = await payoutEntriesOf(pending.orderId);
    expect(booked.map(({ line }) => [line.account, line.organizationId, line.amountMinor])).toEqual([
      ['payable', provider.orgId, 50_000],
      ['cash', null, -50_000],
    ]);
    expect((await auditOf(t.db, runView.id)).map((row) => [row.entity, row.action])).toEqual([
      ['payout_run', 'create'],
    ]);
    expect(await noticesOf(provider.userId, 'payout_sent')).toHaveLength(1);
    const mails = await outboxWithSubject(t.db, 'Payout sent: £500.00');
    expect(mails.map((row) => row.to[0])).toEqual(expect.arrayContaining([provider.email, providerUser.email]));
    expect(mails[0]?.text).toContain('BACS-0001');

    const earning = await earningOf(provider.client, pending.assignmentId);
    expect(earning).toMatchObject({ status: 'paid', reference: 'BACS-0001', paidAt: expect.any(String) });
    const paidList = (await admin.get('/api/admin/payables?status=paid')).json().items;
    expect(paidList.find((item: { assignmentId: string }) => item.assignmentId === pending.assignmentId)).toMatchObject(
      { reference: 'BACS-0001', paidAt: expect.any(String) },
    );

    // The order's margin, from its ledger entries: price − compensation − fees; paid out in full.
    const margin = (await admin.get(`/api/admin/orders/${pending.orderId}/margin`)).json();
    expect(margin).toMatchObject({ currency: 'GBP', compensation: 500, fees: 0, paidOut: 500, adjustable: null });
    expect(margin.margin).toBe(margin.price - margin.refunds - 500);
    expect((await provider.client.get(`/api/admin/orders/${pending.orderId}/margin`)).statusCode).toBe(403);

    // Paid already: a second run is refused and books nothing.
    const again = await run([
      { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [pending.assignmentId], reference: 'BACS-0002' },
    ]);
    expect(again.statusCode, again.body).toBe(409);
    expect(errorOf(again).message).toBe(PAYOUT_MESSAGES.alreadyPaid);
    expect(await payoutEntriesOf(pending.orderId)).toHaveLength(2);
    expect(await noticesOf(provider.userId, 'payout_sent')).toHaveLength(1);
  });

  it('pays everything due to a provider in a currency when no jobs are named', async () => {
    const first = await approvedJob(otherProvider);
    const second = await approvedJob(otherProvider);
    const paid = await run([{ providerOrgId: otherProvider.orgId, currency: 'GBP', reference: 'ALL-DUE-7' }]);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payouts).toEqual([expect.objectContaining({ amount: 1000, jobs: 2, reference: 'ALL-DUE-7' })]);
    for (const job of [first, second]) expect(await payoutEntriesOf(job.orderId)).toHaveLength(2);
    const owed = (await balancesOf(t.db, otherProvider.orgId)).find((row) => row.account === 'payable');
    expect(owed?.balanceMinor).toBe(0);
    // Nothing is due any more: an empty run is refused.
    const empty = await run([{ providerOrgId: otherProvider.orgId, currency: 'GBP', reference: 'ALL-DUE-8' }]);
    expect(empty.statusCode, empty.body).toBe(400);
    expect(errorOf(empty).message).toBe(PAYOUT_MESSAGES.nothingDue);
    expect((await admin.get('/api/admin/payout-runs')).json().items[0].payouts[0].reference).toBe('ALL-DUE-7');
  });

  it('refuses bad runs with a clear 4xx, booking nothing', async () => {
    const job = await approvedJob();
    const before = (await entriesOfOrder(t.db, job.orderId)).length;
    const runsBefore = (await t.db.select().from(schema.payoutRuns)).length;
    const transfer = {
      providerOrgId: provider.orgId,
      currency: 'GBP',
      assignmentIds: [job.assignmentId],
      reference: 'R-1',
    };
    const cases: [unknown, number, string][] = [
      [{ method: 'bank_transfer', transfers: [] }, 400, PAYOUT_MESSAGES.noTransfers],
      [{ method: 'bank_transfer', transfers: [{ ...transfer, reference: '  ' }] }, 400, PAYOUT_MESSAGES.reference],
      [{ method: 'bank_transfer', transfers: [{ ...transfer, assignmentIds: [] }] }, 400, PAYOUT_MESSAGES.noJobs],
      [{ method: 'bank_transfer', transfers: [{ ...transfer, currency: 'EUR' }] }, 400, PAYOUT_MESSAGES.otherCurrency],
      [{ method: 'bank_transfer', transfers: [{ ...transfer, currency: 'pounds' }] }, 400, PAYOUT_MESSAGES.currency],
      [
        { method: 'bank_transfer', transfers: [{ ...transfer, providerOrgId: otherProvider.orgId }] },
        400,
        PAYOUT_MESSAGES.otherProvider,
      ],
      [
        { method: 'bank_transfer', transfers: [transfer, { ...transfer, reference: 'R-2' }] },
        400,
        PAYOUT_MESSAGES.duplicateTransfer,
      ],
      [{ method: 'stripe', transfers: [transfer] }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const response = await admin.post('/api/admin/payout-runs', body);
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(JSON.stringify(errorOf(response))).toContain(message);
    }
    // Without Stripe's keys there is no Stripe transfer, and providers are told payouts are by bank transfer.
    const stripe = await admin.post('/api/admin/payout-runs', {
      method: 'stripe_transfer',
      transfers: [{ providerOrgId: provider.orgId, currency: 'GBP' }],
    });
    expect(stripe.statusCode).toBe(409);
    expect(errorOf(stripe).message).toBe(PAYOUT_MESSAGES.stripeUnavailable);
    expect((await admin.get('/api/admin/payables')).json().stripeTransfers).toBe(false);
    expect((await provider.client.get('/api/provider/payout-account')).json()).toMatchObject({
      available: false,
      state: 'not_started',
    });
    const onboarding = await provider.client.post('/api/provider/payout-account/onboarding');
    expect(onboarding.statusCode).toBe(409);
    expect(errorOf(onboarding).message).toBe('Stripe is not set up: payouts are made by bank transfer.');
    // Only admins run payouts.
    expect((await run([transfer], provider.client)).statusCode).toBe(403);
    expect((await run([transfer], customer.client)).statusCode).toBe(403);
    expect(await entriesOfOrder(t.db, job.orderId)).toHaveLength(before);
    expect(await t.db.select().from(schema.payoutRuns)).toHaveLength(runsBefore);
    expect((await earningOf(provider.client, job.assignmentId)).status).toBe('payable');
  });

  it('pays a job once when two runs race for it', async () => {
    const job = await approvedJob();
    const transfer = (reference: string) => ({
      providerOrgId: provider.orgId,
      currency: 'GBP',
      assignmentIds: [job.assignmentId],
      reference,
    });
    const results = await Promise.all([run([transfer('RACE-A')]), run([transfer('RACE-B')])]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await payoutEntriesOf(job.orderId)).toHaveLength(2);
    const paid = await earningOf(provider.client, job.assignmentId);
    expect(['RACE-A', 'RACE-B']).toContain(paid.reference);
  });
});

describe('the 14-day promise', () => {
  it('flags a payable past its expected date and tells admins once', async () => {
    const job = await approvedJob();
    const countNotices = async () =>
      (await t.db.select().from(schema.notifications).where(eq(schema.notifications.eventType, 'payable_overdue')))
        .length;
    const before = await countNotices();
    expect(await t.app.overduePayables.kick()).toBe(0);
    clock.advance(15 * DAY);
    const overdue = (await admin.get('/api/admin/payables?status=overdue')).json();
    expect(
      overdue.items.find((item: { assignmentId: string }) => item.assignmentId === job.assignmentId),
    ).toMatchObject({ overdue: true });
    expect(overdue.totals.find((total: { currency: string }) => total.currency === 'GBP').overdueCount).toBeGreaterThan(
      0,
    );
    const dashboard = async () => (await admin.get('/api/admin/dashboard')).json().overduePayouts as number;
    const overdueOnDashboard = await dashboard();
    expect(overdueOnDashboard).toBeGreaterThanOrEqual(1);
    const announced = await t.app.overduePayables.kick();
    expect(announced).toBeGreaterThanOrEqual(1);
    expect(await countNotices()).toBe(before + announced);
    // Once per payable: the next day's pass tells nothing new.
    expect(await t.app.overduePayables.kick()).toBe(0);
    expect(await countNotices()).toBe(before + announced);
    // Paid, it is no longer overdue.
    const paid = await run([
      { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [job.assignmentId], reference: 'LATE-1' },
    ]);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await dashboard()).toBe(overdueOnDashboard - 1);
    const after = (await admin.get('/api/admin/payables?status=overdue')).json();
    expect(after.items.some((item: { assignmentId: string }) => item.assignmentId === job.assignmentId)).toBe(false);
  });
});

describe('an adjustment', () => {
  it('makes a job closed without approval payable, with a reason, once, within bounds', async () => {
    const job = await deliveredJob();
    const adjust = (body: unknown) => admin.post(`/api/admin/assignments/${job.assignmentId}/payout-adjustment`, body);
    // Still under review: not adjustable.
    expect((await adjust({ amount: 100, reason: 'Partial' })).statusCode).toBe(409);
    const closed = await admin.post(`/api/admin/orders/${job.orderId}/close`, { reason: 'Customer unreachable' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await earningOf(provider.client, job.assignmentId)).status).toBe('closed');
    expect((await admin.get(`/api/admin/orders/${job.orderId}/margin`)).json()).toMatchObject({
      compensation: 0,
      adjustable: { assignmentId: job.assignmentId, maxAmount: 500 },
    });

    const refusals: [unknown, string][] = [
      [{ amount: 100 }, PAYOUT_MESSAGES.reason],
      [{ amount: 100, reason: '   ' }, PAYOUT_MESSAGES.reason],
      [{ amount: 0, reason: 'Zero' }, PAYOUT_MESSAGES.amount],
      [{ amount: -5, reason: 'Negative' }, PAYOUT_MESSAGES.amount],
      [{ amount: 500.01, reason: 'Too much' }, PAYOUT_MESSAGES.amountAboveCompensation],
      [{ amount: 10.001, reason: 'Fractions' }, 'more decimals'],
    ];
    for (const [body, message] of refusals) {
      const response = await adjust(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(errorOf(response))).toContain(message);
    }
    expect((await entriesOfOrder(t.db, job.orderId)).some(({ entry }) => entry.kind === 'adjustment')).toBe(false);
    expect(
      (
        await provider.client.post(`/api/admin/assignments/${job.assignmentId}/payout-adjustment`, {
          amount: 100,
          reason: 'Mine',
        })
      ).statusCode,
    ).toBe(403);

    const made = await adjust({ amount: 250, reason: 'Half the job was captured' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'adjustment', amount: 250, currency: 'GBP', paidAt: null });
    const entries = (await entriesOfOrder(t.db, job.orderId)).filter(({ entry }) => entry.kind === 'adjustment');
    expect(entries.map(({ line }) => [line.account, line.organizationId, line.amountMinor])).toEqual([
      ['adjustments', null, 25_000],
      ['payable', provider.orgId, -25_000],
    ]);
    expect((await auditOf(t.db, job.assignmentId)).map((row) => [row.entity, row.action])).toContainEqual([
      'payout_adjustment',
      'create',
    ]);
    expect(await earningOf(provider.client, job.assignmentId)).toMatchObject({
      status: 'adjusted',
      compensation: 250,
      adjustmentReason: 'Half the job was captured',
    });
    expect((await outboxWithSubject(t.db, 'Payable adjustment:')).length).toBeGreaterThan(0);
    expect((await admin.get(`/api/admin/orders/${job.orderId}/margin`)).json()).toMatchObject({
      compensation: 250,
      adjustable: null,
    });
    // Once per job.
    expect((await adjust({ amount: 10, reason: 'Again' })).statusCode).toBe(409);
    expect((await entriesOfOrder(t.db, job.orderId)).filter(({ entry }) => entry.kind === 'adjustment')).toHaveLength(
      2,
    );
    // An approved job is payable already.
    const approved = await approvedJob();
    const refused = await admin.post(`/api/admin/assignments/${approved.assignmentId}/payout-adjustment`, {
      amount: 10,
      reason: 'Extra',
    });
    expect(refused.statusCode).toBe(409);
    expect(
      (await admin.post(`/api/admin/assignments/${randomUUID()}/payout-adjustment`, { amount: 1, reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the Earnings', () => {
  it("keeps to the caller's organisation and gives statements as CSV and PDF with the jobs and totals", async () => {
    const job = await approvedJob();
    const paid = await run([
      { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [job.assignmentId], reference: 'STMT-42' },
    ]);
    expect(paid.statusCode, paid.body).toBe(201);
    const title = (await earningOf(provider.client, job.assignmentId)).orderTitle as string;
    // Another provider never sees this job.
    expect(await earningOf(otherProvider.client, job.assignmentId)).toBeUndefined();
    expect((await customer.client.get('/api/provider/earnings')).statusCode).toBe(403);

    const earnings = (await provider.client.get('/api/provider/earnings')).json();
    const totals = earnings.totals.find((total: { currency: string }) => total.currency === 'GBP');
    const sum = (status: string) =>
      earnings.items
        .filter((item: { status: string }) => item.status === status)
        .reduce((all: number, item: { compensation: number }) => all + item.compensation, 0);
    expect(totals.paid).toBe(sum('paid'));
    expect(totals.payable).toBe(sum('payable') + sum('adjusted'));
    expect(totals.fees).toBe(0);

    const today = clock.now().toISOString().slice(0, 10);
    const csv = await provider.client.get(`/api/provider/earnings/statement.csv?from=${today}&to=${today}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(title);
    expect(csv.body).toContain('STMT-42');
    expect(csv.body).toMatch(/Total,GBP,/);

    const pdf = await provider.client.get(`/api/provider/earnings/statement.pdf?from=${today}&to=${today}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Statement of earnings');
    expect(text).toContain(title);
    expect(text).toContain('£500.00');
    expect(text).toMatch(/GBP: compensation £[\d,.]+ · fees £0\.00 · paid £[\d,.]+/);

    // A period with none of its jobs.
    const empty = await provider.client.get('/api/provider/earnings?from=2001-01-01&to=2001-01-31');
    expect(empty.json()).toMatchObject({ items: [], totals: [] });
    const backwards = await provider.client.get('/api/provider/earnings?from=2001-02-01&to=2001-01-01');
    expect(backwards.statusCode).toBe(400);
  });
});

describe('reporting', () => {
  it('shows revenue, fees, payables, paid out, receivables and overdue amounts by month and currency, with CSV', async () => {
    const job = await approvedJob();
    const month = clock.now().toISOString().slice(0, 7);
    const report = await admin.get('/api/admin/reporting');
    expect(report.statusCode, report.body).toBe(200);
    const row = report
      .json()
      .moneyByMonth.find(
        (item: { month: string; currency: string }) => item.month === month && item.currency === 'GBP',
      );
    const owed = (await admin.get('/api/admin/payables?status=due')).json();
    const gbp = owed.totals.find((total: { currency: string }) => total.currency === 'GBP');
    // Balances at the month's end (now, for this month) agree with the payables list.
    expect(row.payables).toBe(gbp.due);
    expect(row.overdue).toBe(gbp.overdue);
    expect(row.overdue).toBeGreaterThan(0);
    expect(row.compensation).toBeGreaterThanOrEqual(500);
    expect(row.paidOut).toBeGreaterThan(0);
    expect(row.fees).toBe(0);
    // Paying the new job moves it from payables to paid out.
    const paid = await run([
      { providerOrgId: provider.orgId, currency: 'GBP', assignmentIds: [job.assignmentId], reference: 'REP-1' },
    ]);
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (await admin.get('/api/admin/reporting'))
      .json()
      .moneyByMonth.find(
        (item: { month: string; currency: string }) => item.month === month && item.currency === 'GBP',
      );
    expect(after.payables).toBe(row.payables - 500);
    expect(after.paidOut).toBe(row.paidOut + 500);
    const csv = await admin.get('/api/admin/reporting.csv?table=money_by_month');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(
      'month,currency,revenue,refunds,fees,compensation,paid_out,receivables,payables,overdue_payables',
    );
    expect(csv.body).toContain(`${month},GBP,${after.revenue},0,0,${after.compensation},${after.paidOut},`);
  });
});

/** The text of every page of a PDF, as pdf.js reads it. */
async function pdfText(bytes: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The statement uses PDF's standard fonts (Helvetica), which pdf.js reads from its own folder.
  const fonts = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const loading = getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: fonts,
  });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loading.destroy();
  return pages.join('\n');
}
