import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TPayoutRun } from '@spacecapture/shared/contracts/payouts';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TClient, type TSignedInUser } from '../../../test/accounts.ts';
import { uploadWhole } from '../../../test/deliverables.ts';
import { startStripeDouble, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../../test/stripe-double.ts';
import { createTwoInstances } from '../../../test/two-instances.ts';
import { acceptedJob, createOrganization } from '../../../test/workflow.ts';
import { entriesOfOrder, unbalancedEntries } from '../ledger/ledger-repository.ts';

/**
 * One scheduled Stripe payout run a day, however many instances run the schedule (decision 243):
 * two instances on one database (on PostgreSQL each with its own pool) run the scheduled pass at
 * the same moment, twice each. The day has one run, each ready provider one transfer, each job one
 * payout booking.
 */

let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let instances: Awaited<ReturnType<typeof createTwoInstances>>;
let admin: TClient;
let customer: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  stripe = await startStripeDouble();
  instances = await createTwoInstances({
    env: { STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
  });
  admin = (await createSignedInAdmin(instances.first)).client;
  customerOrgId = (await createOrganization(admin, 'customer', `Twin Payouts ${randomUUID().slice(0, 6)}`)).id;
  expect((await admin.request('PATCH', `/api/admin/customers/${customerOrgId}`, { currency: 'GBP' })).statusCode).toBe(
    200,
  );
  customer = await createSignedInUser(instances.first, instances.first.db, admin, {
    role: 'customer_admin',
    organization: { id: customerOrgId },
  });
}, 240_000);
afterAll(async () => {
  await instances?.close();
  await stripe?.close();
});

async function readyProvider() {
  const { first } = instances;
  const provider = await createSignedInUser(first, first.db, admin, {
    role: 'provider_admin',
    organization: { name: `Twin Scans ${randomUUID().slice(0, 6)}` },
  });
  expect((await provider.client.post('/api/provider/payout-account/onboarding')).statusCode).toBe(200);
  const account = [...stripe.accounts.values()].find(
    (candidate) => candidate.metadata.organizationId === provider.orgId,
  )!;
  stripe.completeOnboarding(account.id);
  expect((await provider.client.post('/api/provider/payout-account/refresh')).json().state).toBe('ready');
  return provider;
}

async function approvedJob(provider: TSignedInUser) {
  const { first } = instances;
  const job = await acceptedJob(first, { admin, customerOrgId, provider });
  // The capture window is ahead on the real clock: the admin lets the provider deliver now.
  const opened = await admin.post(`/api/admin/orders/${job.orderId}/open-uploads`, { reason: 'Captured early' });
  expect(opened.statusCode, opened.body).toBe(200);
  await uploadWhole(first, provider.client, job.orderId, 'Twin scan.e57', randomBytes(1_000));
  expect((await provider.client.post(`/api/provider/orders/${job.orderId}/delivered`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/orders/${job.orderId}/approve`)).statusCode).toBe(200);
  return job;
}

it('makes one scheduled run of the day when both instances run the schedule at once', async () => {
  const { first, second } = instances;
  const north = await readyProvider();
  const south = await readyProvider();
  const jobs = [await approvedJob(north), await approvedJob(north), await approvedJob(south)];
  const flags = (await admin.get('/api/admin/settings')).json().flags;
  expect(
    (await admin.request('PUT', '/api/admin/settings', { ...flags, scheduledStripePayouts: true })).statusCode,
  ).toBe(200);

  // Each instance's worker pass, and a second pass of each beside it (a kick would join the first).
  const sent = await Promise.all([
    first.scheduledPayouts.kick(),
    second.scheduledPayouts.kick(),
    first.services.payouts.payScheduled(50),
    second.services.payouts.payScheduled(50),
  ]);
  expect(sent.reduce((sum, count) => sum + count, 0)).toBe(2);

  const runs = await first.db.select().from(schema.payoutRuns).where(isNotNull(schema.payoutRuns.scheduleSlot));
  expect(runs).toHaveLength(1);
  const [run] = (await admin.get('/api/admin/payout-runs')).json().items as TPayoutRun[];
  expect(run).toMatchObject({ id: runs[0]!.id, scheduled: true });
  expect(
    run!.payouts.map((payout) => [payout.providerOrg.id, payout.amount, payout.jobs, payout.status]).sort(),
  ).toEqual(
    [
      [north.orgId, 1000, 2, 'paid'],
      [south.orgId, 500, 1, 'paid'],
    ].sort(),
  );
  for (const payout of run!.payouts) {
    expect([...stripe.transfers.values()].filter((transfer) => transfer.metadata.payoutId === payout.id)).toHaveLength(
      1,
    );
  }
  expect(stripe.transfers.size).toBe(2);
  for (const job of jobs) {
    const payouts = (await entriesOfOrder(first.db, job.orderId)).filter(({ entry }) => entry.kind === 'payout');
    expect(payouts.map(({ line }) => line.amountMinor)).toEqual([50_000, -50_000]);
  }
  expect(await unbalancedEntries(first.db)).toEqual([]);
}, 180_000);
