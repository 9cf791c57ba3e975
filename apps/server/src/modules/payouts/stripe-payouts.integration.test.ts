import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { INVOICE_MESSAGES, type TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { PAYOUT_MESSAGES, type TPayable, type TPayout, type TPayoutRun } from '@spacecapture/shared/contracts/payouts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { uploadWhole } from '../../../test/deliverables.ts';
import { eventually } from '../../../test/eventually.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import {
  startStripeDouble,
  type TDoubleTransfer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type TStripeDouble,
} from '../../../test/stripe-double.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';
import { entriesOfOrder } from '../ledger/ledger-repository.ts';

/**
 * Stripe payouts by themselves and what a refund takes back (decision 243): the daily scheduled run
 * pays providers whose connected account is ready by Stripe transfer and leaves the others for a
 * bank transfer; a transfer left pending is sent again after a grace period under the same key (or
 * found where Stripe made it); a refund reversing the provider's share of a job paid by Stripe
 * transfer reverses the transfer at Stripe and books it, and a reversal made in Stripe's dashboard
 * is booked once from `transfer.reversed`; a run that read a payable while a refund was reversing
 * part of it pays what the refund left (on PostgreSQL, the two interleaved).
 */

const onPostgres = process.env.TEST_DATABASE_DRIVER === 'postgres';
const clock = movableClock();
let stripe: TStripeDouble;
let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  stripe = await startStripeDouble();
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: {
      COMPANY_EMAIL,
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    clock: clock.now,
  }));
  customerOrgId = (await createOrganization(admin, 'customer', `Payout Customer ${randomUUID().slice(0, 6)}`)).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
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
    payBeforeDownload: false,
    legalName: 'Payout Customer plc',
    address: '9 Mill Lane\nLeeds',
    country: 'GB',
    taxId: null,
  });
  expect(billing.statusCode, billing.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function deliver(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

async function provider() {
  return newUser('provider_admin', { name: `Payout Scans ${randomUUID().slice(0, 6)}` });
}

/** A provider whose connected account is ready for transfers. */
async function readyProvider() {
  const member = await provider();
  expect((await member.client.post('/api/provider/payout-account/onboarding')).statusCode).toBe(200);
  const account = [...stripe.accounts.values()].find(
    (candidate) => candidate.metadata.organizationId === member.orgId,
  )!;
  stripe.completeOnboarding(account.id);
  expect((await member.client.post('/api/provider/payout-account/refresh')).json().state).toBe('ready');
  return member;
}

/** Quotes 1,000.00 GBP on the order; the customer accepts: a 1,200.00 invoice, paid by bank transfer. */
async function paidInvoiceOn(orderId: string) {
  const created = await admin.post('/api/admin/quotes', {
    orderId,
    priceBreakdown: { items: [{ label: 'Capture', amount: 1000 }], currency: 'GBP' },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${created.json().id}/send`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/quotes/${created.json().id}/accept`)).statusCode).toBe(200);
  const invoice = ((await admin.get(`/api/admin/invoices?orderId=${orderId}`)).json().items as TInvoiceView[])[0]!;
  const paid = await admin.post(`/api/admin/invoices/${invoice.id}/payments`, {
    amount: '1200.00',
    currency: 'GBP',
    receivedOn: '2026-12-01',
    reference: 'Transfer',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return invoice;
}

/** A job of the provider with a paid invoice, delivered and approved: 500.00 GBP payable. */
async function approvedJob(member: TSignedInUser) {
  const job = await acceptedJob(t.app, { admin, customerOrgId, provider: member }, { clock });
  const invoice = await paidInvoiceOn(job.orderId);
  await uploadWhole(t.app, member.client, job.orderId, 'Floor scan.e57', randomBytes(1_000));
  expect((await member.client.post(`/api/provider/orders/${job.orderId}/delivered`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/orders/${job.orderId}/approve`)).statusCode).toBe(200);
  return { ...job, invoice };
}

function stripeRun(providerOrgId: string, assignmentIds: string[]) {
  return admin.post('/api/admin/payout-runs', {
    method: 'stripe_transfer',
    transfers: [{ providerOrgId, currency: 'GBP', assignmentIds }],
  });
}

async function paidByStripe(member: TSignedInUser) {
  const job = await approvedJob(member);
  const run = await stripeRun(member.orgId, [job.assignmentId]);
  expect(run.statusCode, run.body).toBe(201);
  const payout = (run.json() as TPayoutRun).payouts[0]!;
  expect(payout.status).toBe('paid');
  return { ...job, payout };
}

function refund(invoiceId: string, body: Record<string, unknown>, key = randomUUID()) {
  return admin.post(
    `/api/admin/invoices/${invoiceId}/refunds`,
    { reverseProviderShare: false, ...body },
    { headers: { 'idempotency-key': key } },
  );
}

async function setSchedule(on: boolean) {
  const current = (await admin.get('/api/admin/settings')).json().flags;
  const saved = await admin.request('PUT', '/api/admin/settings', { ...current, scheduledStripePayouts: on });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function payoutsOf(providerOrgId: string): Promise<(TPayout & { run: TPayoutRun })[]> {
  const runs = (await admin.get('/api/admin/payout-runs')).json().items as TPayoutRun[];
  return runs.flatMap((run) =>
    run.payouts.filter((payout) => payout.providerOrg.id === providerOrgId).map((payout) => ({ ...payout, run })),
  );
}

async function dueOf(assignmentId: string): Promise<TPayable | undefined> {
  return ((await admin.get('/api/admin/payables?status=due')).json().items as TPayable[]).find(
    (item) => item.assignmentId === assignmentId,
  );
}

/** The provider's payable account over the order's entries: negative while owed, zero once settled. */
async function providerBalance(orderId: string, providerOrgId: string) {
  return (await entriesOfOrder(t.db, orderId))
    .filter(({ line }) => line.account === 'payable' && line.organizationId === providerOrgId)
    .reduce((sum, { line }) => sum + line.amountMinor, 0);
}

function transfersOf(payoutId: string) {
  return [...stripe.transfers.values()].filter((transfer) => transfer.metadata.payoutId === payoutId);
}

describe('the scheduled Stripe payout run', () => {
  it('pays ready providers by Stripe transfer once a day, leaving the others for a bank transfer', async () => {
    // An hour into a UTC day, so that the day's slot does not change under the test.
    const now = clock.now().getTime();
    clock.advance(Math.ceil(now / 86_400_000) * 86_400_000 + 3_600_000 - now);
    const ready = await readyProvider();
    const bankOnly = await provider();
    const readyJob = await approvedJob(ready);
    const bankJob = await approvedJob(bankOnly);

    // Off by default: nothing is paid.
    expect(await t.app.scheduledPayouts.kick()).toBe(0);
    expect(await payoutsOf(ready.orgId)).toEqual([]);

    await setSchedule(true);
    expect(await t.app.scheduledPayouts.kick()).toBeGreaterThanOrEqual(1);
    const [payout] = await payoutsOf(ready.orgId);
    expect(payout).toMatchObject({
      method: 'stripe_transfer',
      status: 'paid',
      amount: 500,
      jobs: 1,
      reference: expect.stringMatching(/^tr_/),
      run: { scheduled: true, method: 'stripe_transfer' },
    });
    const sent = stripe.requests.filter(
      (request) => request.path === '/v1/transfers' && request.idempotencyKey === `payout:${payout!.id}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.get('transfer_group')).toBe(`payout-run:${payout!.run.id}`);
    expect(await dueOf(readyJob.assignmentId)).toBeUndefined();
    expect(await providerBalance(readyJob.orderId, ready.orgId)).toBe(0);
    const audited = await auditOf(t.db, payout!.run.id);
    expect(audited.map((row) => [row.action, row.actorUserId])).toEqual([['create', null]]);
    expect(audited[0]!.after).toMatchObject({ scheduled: true });

    // The provider without a ready account is left for a bank transfer.
    expect(await payoutsOf(bankOnly.orgId)).toEqual([]);
    expect(await dueOf(bankJob.assignmentId)).toMatchObject({ amount: 500, providerOrg: { stripeReady: false } });

    // Once a day: a second pass the same day pays nothing, even what became due since.
    const later = await approvedJob(ready);
    expect(await t.app.scheduledPayouts.kick()).toBe(0);
    expect(await dueOf(later.assignmentId)).toMatchObject({ amount: 500 });
    clock.advance(86_400_000);
    expect(await t.app.scheduledPayouts.kick()).toBeGreaterThanOrEqual(1);
    expect(await dueOf(later.assignmentId)).toBeUndefined();
    expect((await payoutsOf(ready.orgId)).map((row) => row.status)).toEqual(['paid', 'paid']);
    await setSchedule(false);
  });
});

describe('pending Stripe transfers resumed by the worker', () => {
  it('sends a transfer left pending again after the grace period, under the same key, booked once', async () => {
    const member = await readyProvider();
    const job = await approvedJob(member);
    stripe.setTransferMode({ kind: 'unavailable' });
    const sent = await stripeRun(member.orgId, [job.assignmentId]);
    stripe.setTransferMode({ kind: 'normal' });
    expect(sent.statusCode, sent.body).toBe(201);
    const pending = (sent.json() as TPayoutRun).payouts[0]!;
    expect(pending.status).toBe('pending');

    // Within the grace period the run may still be sending it: left alone.
    expect(await t.app.pendingPayouts.kick()).toBe(0);
    clock.advance(16 * 60_000);
    expect(await t.app.pendingPayouts.kick()).toBe(1);
    const [resumed] = await payoutsOf(member.orgId);
    expect(resumed).toMatchObject({ status: 'paid', resumedAt: expect.any(String), failureReason: null });
    expect(transfersOf(pending.id)).toHaveLength(1);
    const keys = stripe.requests
      .filter((request) => request.method === 'POST' && request.path === '/v1/transfers')
      .filter((request) => request.form.get('metadata[payoutId]') === pending.id)
      .map((request) => request.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`payout:${pending.id}`]));
    expect((await entriesOfOrder(t.db, job.orderId)).filter(({ entry }) => entry.kind === 'payout')).toHaveLength(2);
    expect((await auditOf(t.db, pending.id)).map((row) => [row.action, row.actorUserId])).toEqual([
      ['resume', null],
      ['pay', null],
    ]);
    // Paid: nothing left to resume.
    clock.advance(16 * 60_000);
    expect(await t.app.pendingPayouts.kick()).toBe(0);
  });

  it('finds the transfer Stripe made before a crash rather than sending a second one', async () => {
    const member = await readyProvider();
    const job = await approvedJob(member);
    stripe.setTransferMode({ kind: 'unavailable' });
    const pending = ((await stripeRun(member.orgId, [job.assignmentId])).json() as TPayoutRun).payouts[0]!;
    stripe.setTransferMode({ kind: 'normal' });
    // Stripe made it, but the platform never heard (and the idempotency key has since expired).
    const id = `tr_${randomUUID().replaceAll('-', '')}`;
    const made: TDoubleTransfer = {
      id,
      object: 'transfer',
      amount: 50_000,
      amount_reversed: 0,
      currency: 'gbp',
      created: Math.floor(Date.now() / 1000),
      description: null,
      destination: [...stripe.accounts.values()].find((account) => account.metadata.organizationId === member.orgId)!
        .id,
      destination_payment: 'py_made_before_the_crash',
      livemode: false,
      metadata: { payoutId: pending.id, providerOrgId: member.orgId },
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
      transfer_group: `payout-run:${(await payoutsOf(member.orgId))[0]!.run.id}`,
    };
    stripe.transfers.set(made.id, made);
    clock.advance(16 * 60_000);
    expect(await t.app.pendingPayouts.kick()).toBe(1);
    expect((await payoutsOf(member.orgId))[0]).toMatchObject({ status: 'paid', reference: made.id });
    expect(transfersOf(pending.id)).toHaveLength(1);
  });

  it('fails a resumed transfer Stripe refuses, as the admin path does, and the job stays owed', async () => {
    const member = await readyProvider();
    const job = await approvedJob(member);
    stripe.setTransferMode({ kind: 'unavailable' });
    const pending = ((await stripeRun(member.orgId, [job.assignmentId])).json() as TPayoutRun).payouts[0]!;
    stripe.setTransferMode({
      kind: 'refuse',
      code: 'balance_insufficient',
      message: 'You have insufficient available funds in your Stripe account.',
    });
    clock.advance(16 * 60_000);
    expect(await t.app.pendingPayouts.kick()).toBe(1);
    stripe.setTransferMode({ kind: 'normal' });
    expect((await payoutsOf(member.orgId))[0]).toMatchObject({
      status: 'failed',
      resumedAt: expect.any(String),
      failureReason: expect.stringContaining('insufficient available funds'),
    });
    expect((await auditOf(t.db, pending.id)).map((row) => row.action)).toEqual(['resume', 'fail']);
    expect(await dueOf(job.assignmentId)).toMatchObject({
      lastFailure: { reason: expect.stringContaining('insufficient available funds') },
    });
  });
});

describe('a refund that reverses a share paid by Stripe transfer', () => {
  it('reverses the transfer at Stripe, books the money back, and books its echo nothing', async () => {
    const member = await readyProvider();
    const { invoice, orderId, assignmentId, payout } = await paidByStripe(member);
    expect(await providerBalance(orderId, member.orgId)).toBe(0);

    // 300.00 of 1,200.00: a quarter of the subtotal, so 125.00 of the 500.00 paid.
    const done = await refund(invoice.id, { amount: '300.00', reason: 'Two rooms missed', reverseProviderShare: true });
    expect(done.statusCode, done.body).toBe(201);
    const note = (done.json() as TInvoiceView).creditNotes[0]!;
    expect(note).toMatchObject({ status: 'issued', providerShareMinor: 12_500, failure: null });
    const reversals = stripe.requests.filter(
      (request) => request.path === `/v1/transfers/${payout.reference}/reversals`,
    );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.idempotencyKey).toBe(`credit-note:${note.id}:payout:${payout.id}`);
    expect(reversals[0]!.form.get('amount')).toBe('12500');
    expect(stripe.transfers.get(payout.reference)).toMatchObject({ amount_reversed: 12_500, reversed: false });

    // The share is reversed against the payable and the money came back: the provider owes nothing.
    const entries = await entriesOfOrder(t.db, orderId);
    const booked = (key: string) =>
      entries
        .filter(({ entry }) => entry.idempotencyKey?.startsWith(key))
        .map(({ entry, line }) => [entry.kind, line.account, line.amountMinor]);
    expect(booked(`payable:`).filter(([kind]) => kind === 'refund')).toEqual([
      ['refund', 'payable', 12_500],
      ['refund', 'compensation', -12_500],
    ]);
    expect(booked('share-reversal:')).toEqual([
      ['payout', 'cash', 12_500],
      ['payout', 'payable', -12_500],
    ]);
    expect(await providerBalance(orderId, member.orgId)).toBe(0);
    expect((await admin.get(`/api/admin/orders/${orderId}/margin`)).json()).toMatchObject({
      compensation: 375,
      paidOut: 375,
    });
    expect((await auditOf(t.db, payout.id)).map((row) => row.action)).toEqual(['pay', 'reverse']);
    expect((await payoutsOf(member.orgId))[0]).toMatchObject({ amount: 500, reversed: 125 });
    const earned = (await member.client.get('/api/provider/earnings')).json().items;
    expect(earned.find((item: { assignmentId: string }) => item.assignmentId === assignmentId)).toMatchObject({
      status: 'paid',
      compensation: 375,
      reversed: 125,
    });

    // Stripe's echo of the platform's own reversal, and its replays, book nothing.
    const echo = JSON.stringify(stripe.transferReversedEvent(payout.reference));
    for (let attempt = 0; attempt < 2; attempt++) {
      const answered = await deliver(echo, stripe.sign(echo));
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toEqual({ received: true, booked: false });
    }
    // The same refund again books nothing more.
    expect((await entriesOfOrder(t.db, orderId)).length).toBe(entries.length);
  });

  it('books a reversal made in Stripe’s dashboard once, whatever is replayed or forged', async () => {
    const member = await readyProvider();
    const { orderId, payout } = await paidByStripe(member);
    stripe.reverseInDashboard(payout.reference, 5_000);
    const body = JSON.stringify(stripe.transferReversedEvent(payout.reference));

    const forged = await deliver(body, stripe.sign(body, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect((await payoutsOf(member.orgId))[0]!.reversed).toBe(0);

    const first = await deliver(body, stripe.sign(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, booked: true });
    for (const replay of [body, JSON.stringify(stripe.transferReversedEvent(payout.reference, 'transfer.updated'))]) {
      const again = await deliver(replay, stripe.sign(replay));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().booked).toBe(false);
    }
    expect((await payoutsOf(member.orgId))[0]!.reversed).toBe(50);
    expect(await providerBalance(orderId, member.orgId)).toBe(0);
    const reversedEntries = (await entriesOfOrder(t.db, orderId)).filter(({ entry }) =>
      entry.idempotencyKey?.includes(':reversal:stripe:'),
    );
    expect(reversedEntries.map(({ line }) => [line.account, line.amountMinor])).toEqual([
      ['payable', 5_000],
      ['compensation', -5_000],
    ]);
    const audit = (await auditOf(t.db, payout.id)).filter((row) => row.action === 'reverse');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ source: 'stripe', amountMinor: 5_000 });

    // A second reversal in the dashboard is booked for its own amount only.
    stripe.reverseInDashboard(payout.reference, 2_500);
    const second = JSON.stringify(stripe.transferReversedEvent(payout.reference));
    expect((await deliver(second, stripe.sign(second))).json().booked).toBe(true);
    expect((await payoutsOf(member.orgId))[0]!.reversed).toBe(75);
  });

  it('refunds the customer when Stripe refuses the reversal, and says the share was not reversed', async () => {
    const member = await readyProvider();
    const { invoice, orderId, payout } = await paidByStripe(member);
    const before = (await entriesOfOrder(t.db, orderId)).length;
    stripe.setReversalMode({
      kind: 'refuse',
      code: 'insufficient_funds',
      message: 'Insufficient funds in the account.',
    });
    const done = await refund(invoice.id, { amount: '120.00', reason: 'Late', reverseProviderShare: true });
    stripe.setReversalMode({ kind: 'normal' });
    expect(done.statusCode, done.body).toBe(201);
    const note = (done.json() as TInvoiceView).creditNotes[0]!;
    expect(note).toMatchObject({
      status: 'issued',
      providerShareMinor: 0,
      failure: expect.stringContaining("The provider's share was not reversed"),
    });
    // The refund (refunds, tax, cash) is booked; no share.
    expect((await entriesOfOrder(t.db, orderId)).length - before).toBe(3);
    expect(stripe.transfers.get(payout.reference)?.amount_reversed).toBe(0);
    expect(await providerBalance(orderId, member.orgId)).toBe(0);
  });

  it('answers 503 while Stripe does not answer, and the same request reverses once', async () => {
    const member = await readyProvider();
    const { invoice, payout } = await paidByStripe(member);
    const key = randomUUID();
    const body = { amount: '600.00', reason: 'Half the site', reverseProviderShare: true };
    stripe.setReversalMode({ kind: 'unavailable' });
    const unanswered = await refund(invoice.id, body, key);
    expect(unanswered.statusCode, unanswered.body).toBe(503);
    expect(errorOf(unanswered).message).toBe(INVOICE_MESSAGES.refundInProgress);
    stripe.setReversalMode({ kind: 'normal' });
    const resumed = await refund(invoice.id, body, key);
    expect(resumed.statusCode, resumed.body).toBe(201);
    expect((resumed.json() as TInvoiceView).creditNotes[0]).toMatchObject({ providerShareMinor: 25_000 });
    expect(stripe.transfers.get(payout.reference)).toMatchObject({ amount_reversed: 25_000 });
    expect(stripe.transfers.get(payout.reference)?.reversals.data).toHaveLength(1);
  });

  it('keeps the 409 for a share paid by bank transfer, and refuses while its Stripe transfer is being sent', async () => {
    const member = await readyProvider();
    const bank = await approvedJob(member);
    const paid = await admin.post('/api/admin/payout-runs', {
      method: 'bank_transfer',
      transfers: [
        { providerOrgId: member.orgId, currency: 'GBP', assignmentIds: [bank.assignmentId], reference: 'BACS-9' },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const byBank = await refund(bank.invoice.id, { amount: '100.00', reason: 'Bank', reverseProviderShare: true });
    expect(byBank.statusCode).toBe(409);
    expect(errorOf(byBank).message).toBe(INVOICE_MESSAGES.sharePaidOut);

    const sending = await approvedJob(member);
    stripe.setTransferMode({ kind: 'unavailable' });
    expect((await stripeRun(member.orgId, [sending.assignmentId])).statusCode).toBe(201);
    stripe.setTransferMode({ kind: 'normal' });
    const whileSent = await refund(sending.invoice.id, {
      amount: '100.00',
      reason: 'Sent',
      reverseProviderShare: true,
    });
    expect(whileSent.statusCode).toBe(409);
    expect(errorOf(whileSent).message).toBe(INVOICE_MESSAGES.shareTransferPending);
    const notes = await t.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, sending.orderId));
    expect(notes).toEqual([]);
  });
});

describe('a payout run and a refund reversing the same share', () => {
  it('leaves a payable a refund is reversing alone until the refund is done', async () => {
    const member = await readyProvider();
    const job = await approvedJob(member);
    // A refund's first step has written its reversal of the share; Stripe has not answered yet.
    await t.db.insert(schema.shareReversals).values({
      requestKey: `test:${randomUUID()}`,
      source: 'refund',
      payableEntryId: (await dueOf(job.assignmentId))!.id,
      providerOrgId: member.orgId,
      orderId: job.orderId,
      currency: 'GBP',
      amountMinor: 10_000,
      status: 'pending',
      createdAt: clock.now(),
    });
    const refused = await stripeRun(member.orgId, [job.assignmentId]);
    expect(refused.statusCode).toBe(409);
    expect(JSON.stringify(errorOf(refused))).toContain(PAYOUT_MESSAGES.shareBeingReversed);
    const everything = await admin.post('/api/admin/payout-runs', {
      method: 'bank_transfer',
      transfers: [{ providerOrgId: member.orgId, currency: 'GBP', reference: 'BACS-HELD' }],
    });
    expect(everything.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(everything))).toContain(PAYOUT_MESSAGES.nothingDue);
    await t.db
      .update(schema.shareReversals)
      .set({ status: 'failed' })
      .where(eq(schema.shareReversals.orderId, job.orderId));
  });

  if (onPostgres) {
    it('pays what the refund left when the run read the payable before the refund committed', async () => {
      const member = await provider();
      const job = await approvedJob(member);
      // An earlier credit note, so the refund below waits on the credit-note counter's row.
      expect((await refund(job.invoice.id, { amount: '12.00', reason: 'Earlier' })).statusCode).toBe(201);

      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held!: () => void;
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const counter = t.db.transaction(async (tx) => {
        await tx.execute(sql`select * from invoice_counters where series = 'CN' for update`);
        held();
        await released;
      });
      await holding;
      const waiting = async (event: string) => {
        const rows = (
          (await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event in (${sql.join(
              event.split(',').map((name) => sql`${name}`),
              sql`, `,
            )})`)) as {
            rows: { n: number }[];
          }
        ).rows;
        return rows[0]!.n;
      };

      // The refund (a quarter of the subtotal: 125.00 of the share) locks the payable and waits
      // on the counter, before it commits its reversal.
      const refunding = refund(job.invoice.id, { amount: '297.00', reason: 'Race', reverseProviderShare: true });
      await eventually(async () => expect(await waiting('transactionid,tuple')).toBeGreaterThanOrEqual(1));
      // The run reads the payable as 500.00 (the reversal is not committed) and waits on its lock.
      const running = admin.post('/api/admin/payout-runs', {
        method: 'bank_transfer',
        transfers: [{ providerOrgId: member.orgId, currency: 'GBP', reference: 'BACS-RACE' }],
      });
      await eventually(async () => expect(await waiting('advisory')).toBeGreaterThanOrEqual(1));
      release();
      await counter;
      const refunded = await refunding;
      expect(refunded.statusCode, refunded.body).toBe(201);
      const share = (refunded.json() as TInvoiceView).creditNotes.find((note) => note.reason === 'Race')!;
      expect(share.providerShareMinor).toBe(12_375);
      const run = await running;
      expect(run.statusCode, run.body).toBe(201);
      // Paid what the refund left: the provider's payable account is settled, owing nothing back.
      expect((run.json() as TPayoutRun).payouts[0]!.amount).toBe(376.25);
      expect(await providerBalance(job.orderId, member.orgId)).toBe(0);
    });
  }
});
