import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient } from '../../../test/accounts.ts';
import { eventually } from '../../../test/eventually.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  addDevice,
  assignmentRow,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  DEFAULT_BREAKDOWN,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';
import type { TActor } from '../../lib/actor.ts';

/**
 * The auto-offer cascade (decision 144) on a clock the test moves: behind the setting, an approved
 * order is offered down the ranking, to the next provider on a decline and on an expired deadline,
 * until one accepts, no one is left, or an admin stops it.
 */

const HOUR = 3_600_000;
const LEEDS = { lat: 53.7997, lon: -1.5492 };
const YORK = { lat: 53.959, lon: -1.0815 };
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));

let t: TTestApp;
let admin: TClient;
let customerOrgId: string;
const clock = movableClock();
const providers: Record<'near' | 'far', string> = { near: '', far: '' };

async function insertProvider(name: string, base: { lat: number; lon: number }) {
  const [org] = await t.db.insert(schema.organizations).values({ name, type: 'provider' }).returning();
  await addDevice(t.db, org!.id, 'PRO3');
  await t.db.insert(schema.providerCertifications).values({
    orgId: org!.id,
    scope: 'Matterport',
    status: 'active',
    regions: [],
    expiry: new Date(Date.now() + 365 * 24 * HOUR),
  });
  await t.db.insert(schema.providerAvailability).values({
    orgId: org!.id,
    workingHours: WEEKDAYS,
    blockedDates: [],
    jobsPerDay: 3,
    bases: [{ label: name, ...base, radiusKm: 100 }],
  });
  return org!.id;
}

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  customerOrgId = (await createOrganization(admin, 'customer', 'Cascade Customer')).id;
  providers.near = await insertProvider('Leeds Scans', LEEDS);
  providers.far = await insertProvider('York Scans', YORK);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function setCascade(on: boolean) {
  const response = await admin.request('PUT', '/api/admin/settings', {
    addressMaskingDefault: true,
    providerAcceptanceDeadlineHours: 48,
    mfaRequiredForAdmins: false,
    autoOfferCascade: on,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A placed order in Leeds whose quote the customer accepted: approved, ready for assignment. */
async function approvedOrder() {
  const order = await convertedOrder(t.app, admin, customerOrgId, {
    location: `Wellington Street ${randomUUID().slice(0, 8)}`,
  });
  const placed = await admin.request('PUT', `/api/admin/orders/${order.id}/place`, {
    place: { label: 'Leeds, West Yorkshire, GB', ...LEEDS, timeZone: 'Europe/London' },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const quote = (
    await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN })
  ).json();
  await admin.post(`/api/admin/quotes/${quote.id}/send`);
  await t.app.services.quotes.accept(quote.id, { userId: 'customer', role: 'customer_admin', orgId: customerOrgId });
  expect((await orderRow(t.db, order.id)).status).toBe('approved');
  return order;
}

const providerActor = (orgId: string): TActor => ({ userId: `member-${orgId}`, role: 'provider_admin', orgId });

async function cascadeOf(orderId: string) {
  const response = await admin.get(`/api/admin/orders/${orderId}/cascade`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cascade;
}

describe('auto-offer cascade', () => {
  it('does nothing while the setting is off (the default)', async () => {
    const order = await approvedOrder();
    expect(await t.app.cascades.kick()).toBe(0);
    expect(await cascadeOf(order.id)).toBeNull();
    expect((await orderRow(t.db, order.id)).status).toBe('approved');
    // Assigned by hand so it stays out of the later passes.
    await admin.post('/api/admin/assignments', { orderId: order.id, providerOrgId: providers.far, compensation: 100 });
  });

  it('offers to the best-ranked, then the next on a decline, then runs out after an expiry', async () => {
    await setCascade(true);
    const order = await approvedOrder();
    await t.app.cascades.kick();
    let cascade = await cascadeOf(order.id);
    expect(cascade).toMatchObject({
      status: 'running',
      steps: [{ providerOrg: { name: 'Leeds Scans' }, status: 'offered' }],
    });
    expect((await orderRow(t.db, order.id)).status).toBe('assigned');
    expect(await outboxWithSubject(t.db, `Auto-offer: ${order.title}`)).toHaveLength(1);
    const first = cascade.steps[0].assignmentId as string;
    // The offer pays 70 % of the accepted quote.
    expect(Number((await assignmentRow(t.db, first)).compensation)).toBeGreaterThan(0);

    await t.app.services.assignments.decline(first, providerActor(providers.near), {
      providerOrgId: providers.near,
    });
    await t.app.cascades.kick();
    cascade = await cascadeOf(order.id);
    expect(
      cascade.steps.map((step: { providerOrg: { name: string }; status: string }) => [
        step.providerOrg.name,
        step.status,
      ]),
    ).toEqual([
      ['Leeds Scans', 'declined'],
      ['York Scans', 'offered'],
    ]);

    // York lets its deadline pass: the expiry worker returns the order, the cascade runs out.
    clock.advance(49 * HOUR);
    expect(await t.app.offerExpiry.kick()).toBeGreaterThanOrEqual(1);
    await t.app.cascades.kick();
    cascade = await cascadeOf(order.id);
    expect(cascade.status).toBe('exhausted');
    expect(cascade.steps.map((step: { status: string }) => step.status)).toEqual(['declined', 'expired']);
    expect((await orderRow(t.db, order.id)).status).toBe('approved');
    expect(await outboxWithSubject(t.db, `Auto-offer exhausted: ${order.title}`)).toHaveLength(1);
    expect((await auditOf(t.db, order.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['start', 'offer', 'exhaust']),
    );
  });

  it('ends when a provider accepts', async () => {
    const order = await approvedOrder();
    await t.app.cascades.kick();
    const [step] = (await cascadeOf(order.id)).steps;
    await t.app.services.assignments.accept(step.assignmentId, providerActor(providers.near), {
      providerOrgId: providers.near,
    });
    await t.app.cascades.kick();
    expect((await cascadeOf(order.id)).status).toBe('accepted');
  });

  it('an admin stops it: nothing more is offered; a second stop is refused', async () => {
    const order = await approvedOrder();
    await t.app.cascades.kick();
    const stopped = await admin.post(`/api/admin/orders/${order.id}/cascade/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().cascade.status).toBe('stopped');
    const [step] = stopped.json().cascade.steps;
    await t.app.services.assignments.decline(step.assignmentId, providerActor(providers.near), {
      providerOrgId: providers.near,
    });
    await t.app.cascades.kick();
    expect((await cascadeOf(order.id)).steps).toHaveLength(1);
    const again = await admin.post(`/api/admin/orders/${order.id}/cascade/stop`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move cascade from stopped to stopped.');
    await setCascade(false);
  });

  it('takes each step right after the commit that makes it due, not at the next minute’s poll', async () => {
    await setCascade(true);
    // The worker as it runs in production, polling every 60 s: only the commits can make it quick.
    t.app.cascades.start();
    try {
      await t.app.cascades.kick();
      const order = await approvedOrder();
      await eventually(async () => expect((await cascadeOf(order.id))?.steps).toHaveLength(1), 10_000);
      const [first] = (await cascadeOf(order.id)).steps;
      await t.app.services.assignments.decline(first.assignmentId, providerActor(providers.near), {
        providerOrgId: providers.near,
      });
      await eventually(
        async () =>
          expect((await cascadeOf(order.id)).steps.map((step: { status: string }) => step.status)).toEqual([
            'declined',
            'offered',
          ]),
        10_000,
      );
    } finally {
      await t.app.cascades.stop();
      await setCascade(false);
    }
  });
});
