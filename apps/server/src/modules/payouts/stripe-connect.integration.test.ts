import { randomBytes, randomUUID } from 'node:crypto';
import { PAYOUT_MESSAGES, type TPayable, type TPayoutRun } from '@spacecapture/shared/contracts/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { uploadWhole } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import {
  startStripeDouble,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type TStripeDouble,
} from '../../../test/stripe-double.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, createOrganization, outboxWithSubject } from '../../../test/workflow.ts';
import { entriesOfOrder } from '../ledger/ledger-repository.ts';

/**
 * Stripe Connect for providers (decisions 227-229): a provider organisation's admin starts Stripe
 * onboarding (an Express account created once, an account link back to Earnings); the account's
 * state is read on the return and from the verified `account.updated` event; a payout run by Stripe
 * transfer pays a ready provider once (idempotency key per payout, transfer group per run), books
 * payable → cash once, and a refused transfer leaves the job owed with the reason. Stripe's
 * accounts, account links and transfers are the test double of its documented shapes.
 */

const CONNECT_SECRET = 'whsec_connect_endpoint_secret';
let stripe: TStripeDouble;
let t: TTestApp;
const clock = movableClock();
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
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    clock: clock.now,
  }));
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  const set = await admin.request('PATCH', `/api/admin/customers/${customerOrgId}`, { currency: 'GBP' });
  expect(set.statusCode, set.body).toBe(200);
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function newProvider() {
  return newUser('provider_admin', { name: `Connect Scans ${randomUUID().slice(0, 6)}` });
}

function deliver(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

/** Starts onboarding as the provider's admin: the account the double made for it. */
async function onboard(provider: TSignedInUser) {
  const started = await provider.client.post('/api/provider/payout-account/onboarding');
  expect(started.statusCode, started.body).toBe(200);
  const account = [...stripe.accounts.values()].find(
    (candidate) => candidate.metadata.organizationId === provider.orgId,
  );
  expect(account).toBeDefined();
  return { url: started.json().url as string, accountId: account!.id };
}

/** A provider whose connected account is ready for transfers (onboarded, read back on the return). */
async function readyProvider() {
  const provider = await newProvider();
  const { accountId } = await onboard(provider);
  stripe.completeOnboarding(accountId);
  const back = await provider.client.post('/api/provider/payout-account/refresh');
  expect(back.json().state).toBe('ready');
  return { provider, accountId };
}

/** A job of the provider the customer approved: 500 GBP payable. */
async function approvedJob(provider: TSignedInUser) {
  const job = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock });
  await uploadWhole(t.app, provider.client, job.orderId, 'Floor scan.e57', randomBytes(1_000));
  expect((await provider.client.post(`/api/provider/orders/${job.orderId}/delivered`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/orders/${job.orderId}/approve`)).statusCode).toBe(200);
  return job;
}

function stripeRun(providerOrgId: string, assignmentIds?: string[], extra: Record<string, unknown> = {}) {
  return admin.post('/api/admin/payout-runs', {
    method: 'stripe_transfer',
    transfers: [{ providerOrgId, currency: 'GBP', ...(assignmentIds ? { assignmentIds } : {}), ...extra }],
  });
}

async function payoutEntriesOf(orderId: string) {
  return (await entriesOfOrder(t.db, orderId)).filter(({ entry }) => entry.kind === 'payout');
}

async function duePayable(assignmentId: string): Promise<TPayable | undefined> {
  const list = await admin.get('/api/admin/payables?status=due');
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().items as TPayable[]).find((item) => item.assignmentId === assignmentId);
}

function transfersFor(payoutId: string) {
  return [...stripe.transfers.values()].filter((transfer) => transfer.metadata.payoutId === payoutId);
}

describe('Connect onboarding', () => {
  it("creates the organisation's Express account once and sends its admin to Stripe's onboarding", async () => {
    const provider = await newProvider();
    const before = await provider.client.get('/api/provider/payout-account');
    expect(before.json()).toEqual({
      available: true,
      state: 'not_started',
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      syncedAt: null,
    });

    const first = await onboard(provider);
    expect(first.url).toMatch(new RegExp(`^${stripe.url}/connect/onboarding/`));
    const created = stripe.requests.filter(
      (request) => request.path === '/v1/accounts' && request.form.get('metadata[organizationId]') === provider.orgId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.form.get('type')).toBe('express');
    expect(created[0]!.form.get('capabilities[transfers][requested]')).toBe('true');
    expect(created[0]!.idempotencyKey).toBe(`connect-account:${provider.orgId}`);
    const link = stripe.requests.filter((request) => request.path === '/v1/account_links').at(-1)!;
    expect(link.form.get('account')).toBe(first.accountId);
    expect(link.form.get('type')).toBe('account_onboarding');
    expect(link.form.get('return_url')).toMatch(/\/provider\/earnings\?stripe=return$/);
    expect(link.form.get('refresh_url')).toMatch(/\/provider\/earnings\?stripe=refresh$/);

    // Again (a refresh URL, a second click): the same account, a new link.
    const again = await provider.client.post('/api/provider/payout-account/onboarding');
    expect(again.statusCode).toBe(200);
    expect(again.json().url).not.toBe(first.url);
    expect([...stripe.accounts.values()].filter((a) => a.metadata.organizationId === provider.orgId)).toHaveLength(1);
    expect((await auditOf(t.db, provider.orgId)).filter((row) => row.action === 'connect_stripe_account')).toHaveLength(
      1,
    );
    expect((await provider.client.get('/api/provider/payout-account')).json().state).toBe('pending');

    // Only the organisation's admin onboards it; customers and admins have no payout account.
    const member = await newUser('provider_user', { id: provider.orgId });
    expect((await member.client.post('/api/provider/payout-account/onboarding')).statusCode).toBe(403);
    expect((await member.client.get('/api/provider/payout-account')).json().state).toBe('pending');
    expect((await customer.client.post('/api/provider/payout-account/onboarding')).statusCode).toBe(403);
    expect((await admin.post('/api/provider/payout-account/onboarding')).statusCode).toBe(403);
  });

  it('reads the account from Stripe on the return, not from the URL', async () => {
    const provider = await newProvider();
    const { accountId } = await onboard(provider);
    // Back without finishing: Stripe says nothing is submitted yet.
    const early = await provider.client.post('/api/provider/payout-account/refresh');
    expect(early.json()).toMatchObject({ state: 'pending', detailsSubmitted: false, payoutsEnabled: false });

    stripe.completeOnboarding(accountId);
    const back = await provider.client.post('/api/provider/payout-account/refresh');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      state: 'ready',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      syncedAt: expect.any(String),
    });
    const synced = (await auditOf(t.db, provider.orgId)).filter((row) => row.action === 'sync_stripe_account');
    expect(synced).toHaveLength(1);
    expect(synced[0]!.after).toMatchObject({ accountId, detailsSubmitted: true, payoutsEnabled: true });
  });

  it('records account.updated from a verified event, once however often it is replayed', async () => {
    const provider = await newProvider();
    const { accountId } = await onboard(provider);
    const body = JSON.stringify(stripe.completeOnboarding(accountId));

    // A forged or missing signature changes nothing.
    for (const signature of [stripe.sign(body, 'whsec_someone_else'), undefined]) {
      const refused = await deliver(body, signature);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe('The webhook signature does not match.');
    }
    expect((await provider.client.get('/api/provider/payout-account')).json().state).toBe('pending');

    // Signed by the Connect endpoint's own secret, and replayed with the account endpoint's.
    for (const signature of [stripe.sign(body, CONNECT_SECRET), stripe.sign(body), stripe.sign(body)]) {
      const answered = await deliver(body, signature);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toEqual({ received: true, booked: false });
    }
    expect((await provider.client.get('/api/provider/payout-account')).json()).toMatchObject({
      state: 'ready',
      payoutsEnabled: true,
    });
    expect((await auditOf(t.db, provider.orgId)).filter((row) => row.action === 'sync_stripe_account')).toHaveLength(1);

    // An account no organisation holds is acknowledged and changes nothing.
    const stranger = JSON.stringify({
      ...JSON.parse(body),
      data: { object: { id: 'acct_unknown', object: 'account' } },
    });
    expect((await deliver(stranger, stripe.sign(stranger))).statusCode).toBe(200);
  });
});

describe('payout runs by Stripe transfer', () => {
  it('pays a ready provider by one transfer, booked once and told to the provider', async () => {
    const { provider, accountId } = await readyProvider();
    const job = await approvedJob(provider);

    const paid = await stripeRun(provider.orgId, [job.assignmentId]);
    expect(paid.statusCode, paid.body).toBe(201);
    const run = paid.json() as TPayoutRun;
    const [payout] = run.payouts;
    expect(payout).toMatchObject({
      method: 'stripe_transfer',
      status: 'paid',
      amount: 500,
      currency: 'GBP',
      reference: expect.stringMatching(/^tr_/),
      failureReason: null,
      paidAt: expect.any(String),
      jobs: 1,
    });
    expect(transfersFor(payout!.id)).toEqual([
      expect.objectContaining({
        id: payout!.reference,
        amount: 50_000,
        currency: 'gbp',
        destination: accountId,
        transfer_group: `payout-run:${run.id}`,
      }),
    ]);
    const sent = stripe.requests.filter((request) => request.path === '/v1/transfers').at(-1)!;
    expect(sent.idempotencyKey).toBe(`payout:${payout!.id}`);

    const booked = await payoutEntriesOf(job.orderId);
    expect(booked.map(({ line }) => [line.account, line.organizationId, line.amountMinor])).toEqual([
      ['payable', provider.orgId, 50_000],
      ['cash', null, -50_000],
    ]);
    expect((await auditOf(t.db, payout!.id)).map((row) => [row.entity, row.action])).toEqual([['payout', 'pay']]);
    const mails = await outboxWithSubject(t.db, 'Payout sent: £500.00');
    const told = mails.find((mail) => mail.to.includes(provider.email));
    expect(told?.text).toContain(payout!.reference);
    expect(told?.text).toContain('by Stripe transfer');
    const earnings = (await provider.client.get('/api/provider/earnings')).json();
    expect(
      earnings.items.find((item: { assignmentId: string }) => item.assignmentId === job.assignmentId),
    ).toMatchObject({ status: 'paid', reference: payout!.reference });

    // Replays: the payout is not pending any more, and the job is paid.
    const resumed = await admin.post(`/api/admin/payouts/${payout!.id}/resume`);
    expect(resumed.statusCode).toBe(409);
    expect(errorOf(resumed).message).toBe(PAYOUT_MESSAGES.payoutNotPending);
    const twice = await stripeRun(provider.orgId, [job.assignmentId]);
    expect(twice.statusCode).toBe(409);
    expect(transfersFor(payout!.id)).toHaveLength(1);
    expect(await payoutEntriesOf(job.orderId)).toHaveLength(2);
  });

  it('finds the transfer Stripe made when its answer was lost, by the payout’s idempotency key', async () => {
    const { provider } = await readyProvider();
    const job = await approvedJob(provider);
    stripe.setTransferMode({ kind: 'lose_answer' });
    const paid = await stripeRun(provider.orgId);
    expect(paid.statusCode, paid.body).toBe(201);
    const [payout] = (paid.json() as TPayoutRun).payouts;
    expect(payout?.status).toBe('paid');
    const tries = stripe.requests.filter((request) => request.idempotencyKey === `payout:${payout!.id}`);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(transfersFor(payout!.id)).toHaveLength(1);
    expect(await payoutEntriesOf(job.orderId)).toHaveLength(2);
  });

  it('leaves the job owed with the reason when Stripe refuses the transfer, and pays it in a later run', async () => {
    const { provider } = await readyProvider();
    const job = await approvedJob(provider);
    stripe.setTransferMode({
      kind: 'refuse',
      code: 'balance_insufficient',
      message: 'You have insufficient available funds in your Stripe account.',
    });
    const refused = await stripeRun(provider.orgId, [job.assignmentId]);
    stripe.setTransferMode({ kind: 'normal' });
    expect(refused.statusCode, refused.body).toBe(201);
    const [failed] = (refused.json() as TPayoutRun).payouts;
    expect(failed).toMatchObject({
      status: 'failed',
      paidAt: null,
      failureReason: expect.stringContaining('insufficient available funds'),
    });
    expect(await payoutEntriesOf(job.orderId)).toEqual([]);
    expect(await duePayable(job.assignmentId)).toMatchObject({
      paidAt: null,
      lastFailure: { reason: expect.stringContaining('insufficient available funds'), at: expect.any(String) },
    });
    expect((await auditOf(t.db, failed!.id)).map((row) => row.action)).toEqual(['fail']);
    const listed = (await admin.get('/api/admin/payout-runs')).json().items as TPayoutRun[];
    expect(listed.flatMap((item) => item.payouts).find((payout) => payout.id === failed!.id)).toMatchObject({
      status: 'failed',
      jobs: 1,
    });

    const retried = await stripeRun(provider.orgId, [job.assignmentId]);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((retried.json() as TPayoutRun).payouts[0]).toMatchObject({ status: 'paid' });
    expect(await payoutEntriesOf(job.orderId)).toHaveLength(2);
    expect(await duePayable(job.assignmentId)).toBeUndefined();
  });

  it('keeps an unanswered transfer pending and books it once when resumed twice at once', async () => {
    const { provider } = await readyProvider();
    const job = await approvedJob(provider);
    stripe.setTransferMode({ kind: 'unavailable' });
    const sent = await stripeRun(provider.orgId, [job.assignmentId]);
    stripe.setTransferMode({ kind: 'normal' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [pending] = (sent.json() as TPayoutRun).payouts;
    expect(pending).toMatchObject({
      status: 'pending',
      paidAt: null,
      failureReason: expect.stringContaining('Stripe did not confirm'),
    });
    expect(await payoutEntriesOf(job.orderId)).toEqual([]);
    // Still owed, and not payable by another run while its transfer may be on its way.
    expect(await duePayable(job.assignmentId)).toMatchObject({ paidAt: null });
    const other = await stripeRun(provider.orgId, [job.assignmentId]);
    expect(other.statusCode).toBe(409);
    expect(JSON.stringify(errorOf(other))).toContain(PAYOUT_MESSAGES.transferPending);

    const resumed = await Promise.all([
      admin.post(`/api/admin/payouts/${pending!.id}/resume`),
      admin.post(`/api/admin/payouts/${pending!.id}/resume`),
    ]);
    for (const answer of resumed) expect(answer.statusCode, answer.body).toBe(200);
    expect(transfersFor(pending!.id)).toHaveLength(1);
    expect(await payoutEntriesOf(job.orderId)).toHaveLength(2);
    const after = (await admin.get('/api/admin/payout-runs')).json().items as TPayoutRun[];
    expect(after.flatMap((item) => item.payouts).find((payout) => payout.id === pending!.id)).toMatchObject({
      status: 'paid',
      failureReason: null,
    });
  });

  it('refuses a Stripe transfer to a provider without a ready account, and other bad runs, booking nothing', async () => {
    const stranger = await newProvider();
    const job = await approvedJob(stranger);
    const asked = stripe.requests.length;

    const noAccount = await stripeRun(stranger.orgId, [job.assignmentId]);
    expect(noAccount.statusCode).toBe(409);
    expect(JSON.stringify(errorOf(noAccount))).toContain(PAYOUT_MESSAGES.noStripeAccount);
    // Onboarding started but not finished: still not ready.
    await onboard(stranger);
    const started = stripe.requests.length;
    const notReady = await stripeRun(stranger.orgId, [job.assignmentId]);
    expect(notReady.statusCode).toBe(409);
    expect(stripe.requests.slice(started).filter((request) => request.path === '/v1/transfers')).toEqual([]);
    expect(stripe.requests.slice(asked).filter((request) => request.path === '/v1/transfers')).toEqual([]);

    const withReference = await stripeRun(stranger.orgId, [job.assignmentId], { reference: 'BACS-1' });
    expect(withReference.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(withReference))).toContain(PAYOUT_MESSAGES.referenceWithStripe);
    const bankWithout = await admin.post('/api/admin/payout-runs', {
      method: 'bank_transfer',
      transfers: [{ providerOrgId: stranger.orgId, currency: 'GBP' }],
    });
    expect(bankWithout.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(bankWithout))).toContain(PAYOUT_MESSAGES.reference);
    const customerOrg = await stripeRun(customerOrgId, [job.assignmentId]);
    expect(customerOrg.statusCode).toBe(400);
    expect((await admin.post(`/api/admin/payouts/${randomUUID()}/resume`)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/payouts/not-an-id/resume')).statusCode).toBe(400);
    expect((await stranger.client.post(`/api/admin/payouts/${randomUUID()}/resume`)).statusCode).toBe(403);
    expect(await payoutEntriesOf(job.orderId)).toEqual([]);
    expect(await duePayable(job.assignmentId)).toMatchObject({
      providerOrg: { id: stranger.orgId, stripeReady: false },
      lastFailure: null,
    });

    // Paid by bank transfer instead, as before.
    const bank = await admin.post('/api/admin/payout-runs', {
      method: 'bank_transfer',
      transfers: [{ providerOrgId: stranger.orgId, currency: 'GBP', reference: 'BACS-STRANGER' }],
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const [payout] = (bank.json() as TPayoutRun).payouts;
    expect(payout).toMatchObject({ method: 'bank_transfer', status: 'paid', reference: 'BACS-STRANGER' });
    const resumeBank = await admin.post(`/api/admin/payouts/${payout!.id}/resume`);
    expect(resumeBank.statusCode).toBe(409);
  });
});
