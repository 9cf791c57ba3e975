import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  acceptedJob,
  assignmentRow,
  auditOf,
  COMPANY_EMAIL,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';

/**
 * Scheduling through the portals (decision 145): the provider proposes windows, the customer
 * picks one (refused when it clashes with the provider's other captures or time off), either side
 * asks to reschedule and the confirmed window stands until a new pick; the 24-hour reminder goes
 * out once.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let providerUser: TSignedInUser;
let customer: TSignedInUser;
let customerUser: TSignedInUser;
let otherCustomer: TSignedInUser;
let otherProvider: TSignedInUser;
const clock = movableClock();

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: 'Window Scans' });
  providerUser = await newUser('provider_user', { id: provider.orgId });
  customer = await newUser('customer_admin', { name: 'Picking Customer' });
  customerUser = await newUser('customer_user', { id: customer.orgId });
  otherCustomer = await newUser('customer_admin', { name: 'Other Customer' });
  otherProvider = await newUser('provider_admin', { name: 'Other Scans' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** An order the provider accepted and has not scheduled yet. */
function acceptedOrder() {
  return acceptedJob(
    t.app,
    { admin, customerOrgId: customer.orgId, provider: { client: provider.client, orgId: provider.orgId } },
    { scheduled: false },
  );
}

/** A window `days` ahead of the app's clock, `hours` long, on the hour. */
function windowAt(days: number, hours = 2, startHour = 9) {
  const day = new Date(clock.now().getTime() + days * DAY);
  day.setUTCHours(startHour, 0, 0, 0);
  return { start: day.toISOString(), end: new Date(day.getTime() + hours * HOUR).toISOString() };
}

async function propose(assignmentId: string, windows: { start: string; end: string }[], as = provider.client) {
  return as.post(`/api/provider/assignments/${assignmentId}/windows`, { windows });
}

describe('the provider proposes windows', () => {
  it('proposes two windows; the customer sees them in the order’s zone and is e-mailed', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const windows = [windowAt(5), windowAt(4)];
    const response = await propose(assignmentId, windows, providerUser.client);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'proposed',
      // Earliest first.
      proposedWindows: [windows[1], windows[0]],
      confirmed: null,
      timeZone: 'UTC',
    });
    const seen = await customerUser.client.get(`/api/customer/orders/${orderId}/schedule`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().schedule.proposedWindows).toHaveLength(2);
    const [mail] = (await emailsTo(t.db, customer.email)).filter((row) =>
      row.subject.startsWith('Pick a capture window'),
    );
    expect(mail?.text).toContain('UTC');
    expect((await auditOf(t.db, assignmentId)).map((entry) => entry.action)).toContain('propose_schedule');
    expect((await jobEventsOf(t.db, orderId)).at(-1)).toMatchObject({
      type: 'deadline',
      metadata: { windows: [windows[1], windows[0]] },
    });
  });

  it("lists the order as the customer's move until a window is picked", async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const awaiting = async () =>
      (await customerUser.client.get('/api/customer/orders?awaiting=window')).json().items as {
        id: string;
        windowsToPick: number;
      }[];
    expect((await awaiting()).map((order) => order.id)).not.toContain(orderId);
    const windows = [windowAt(6), windowAt(7)];
    expect((await propose(assignmentId, windows)).statusCode).toBe(200);
    expect((await awaiting()).find((order) => order.id === orderId)).toMatchObject({ windowsToPick: 2 });
    const detail = await customerUser.client.get(`/api/customer/orders/${orderId}`);
    expect(detail.json().windowsToPick).toBe(2);
    // Another organisation's customer never sees it.
    const theirs = (await otherCustomer.client.get('/api/customer/orders?awaiting=window')).json().items as {
      id: string;
    }[];
    expect(theirs.map((order) => order.id)).not.toContain(orderId);
    const picked = await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: windows[0]!.start,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect((await awaiting()).map((order) => order.id)).not.toContain(orderId);
    const bad = await customerUser.client.get('/api/customer/orders?awaiting=quote');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses four windows, overlapping windows and a window in the past, changing nothing', async () => {
    const { assignmentId } = await acceptedOrder();
    const tooMany = await propose(assignmentId, [windowAt(2), windowAt(3), windowAt(4), windowAt(5)]);
    expect(tooMany.statusCode).toBe(400);
    expect(Object.values(errorOf(tooMany).fields ?? {})).toContain('Propose one to 3 windows.');
    const overlap = await propose(assignmentId, [windowAt(2, 3), windowAt(2, 2, 10)]);
    expect(overlap.statusCode).toBe(400);
    expect(errorOf(overlap).message).toBe('Proposed windows must not overlap.');
    const past = await propose(assignmentId, [windowAt(-1)]);
    expect(past.statusCode).toBe(400);
    expect((await assignmentRow(t.db, assignmentId)).scheduleStatus).toBe('unproposed');
  });

  it('refuses a window longer than the longest allowed (24 hours unless configured), changing nothing', async () => {
    const { assignmentId } = await acceptedOrder();
    const month = await propose(assignmentId, [windowAt(2, 30 * 24)]);
    expect(month.statusCode).toBe(400);
    expect(errorOf(month).message).toBe('A window lasts at most 24 hours.');
    expect(Object.values(errorOf(month).fields ?? {})).toContain('A window lasts at most 24 hours.');
    const single = await provider.client.post(`/api/provider/assignments/${assignmentId}/schedule`, windowAt(2, 25));
    expect(single.statusCode).toBe(400);
    expect(errorOf(single)).toMatchObject({
      message: 'A window lasts at most 24 hours.',
      fields: { end: 'A window lasts at most 24 hours.' },
    });
    expect((await assignmentRow(t.db, assignmentId)).scheduleStatus).toBe('unproposed');
    expect((await propose(assignmentId, [windowAt(2, 24)])).statusCode).toBe(200);
  });

  it("does not find another provider's job, and customers cannot propose", async () => {
    const { assignmentId } = await acceptedOrder();
    expect((await propose(assignmentId, [windowAt(3)], otherProvider.client)).statusCode).toBe(404);
    expect((await propose(assignmentId, [windowAt(3)], customer.client)).statusCode).toBe(403);
  });
});

describe('the customer picks', () => {
  it('picks the second window: the order is scheduled at it, both sides are told, audited', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const windows = [windowAt(6), windowAt(7)];
    await propose(assignmentId, windows);
    const picked = await customerUser.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: windows[1]!.start,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ status: 'confirmed', confirmed: windows[1], proposedWindows: [] });
    const order = await orderRow(t.db, orderId);
    expect(order.status).toBe('scheduled');
    expect(order.scheduledStart?.toISOString()).toBe(windows[1]!.start);
    expect((await auditOf(t.db, assignmentId)).map((entry) => entry.action)).toContain('confirm_schedule');
    const confirmedMails = await outboxWithSubject(t.db, `Schedule confirmed: ${order.title}`);
    expect(confirmedMails.map((mail) => mail.to[0])).toEqual(
      expect.arrayContaining([customer.email, provider.email].map((email) => email.toLowerCase())),
    );
    // A second pick of a confirmed schedule is a move the machine refuses.
    const again = await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: windows[0]!.start,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move schedule from confirmed to confirmed.');
  });

  it('refuses a window that is not proposed, and the pick of another organisation', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    await propose(assignmentId, [windowAt(8)]);
    const stale = await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: windowAt(9).start,
    });
    expect(stale.statusCode).toBe(409);
    const foreign = await otherCustomer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: windowAt(8).start,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await otherCustomer.client.get(`/api/customer/orders/${orderId}/schedule`)).statusCode).toBe(404);
    const byProvider = await provider.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: windowAt(8).start,
    });
    expect(byProvider.statusCode).toBe(403);
    expect((await orderRow(t.db, orderId)).status).toBe('assigned');
  });

  it("refuses a window that clashes with the provider's other confirmed capture (409, nothing changed)", async () => {
    const first = await acceptedOrder();
    const busy = windowAt(10, 4);
    await propose(first.assignmentId, [busy]);
    expect(
      (await customer.client.post(`/api/customer/orders/${first.orderId}/schedule/pick`, { start: busy.start }))
        .statusCode,
    ).toBe(200);
    const second = await acceptedOrder();
    const overlapping = windowAt(10, 2, 11);
    await propose(second.assignmentId, [overlapping]);
    const refused = await customer.client.post(`/api/customer/orders/${second.orderId}/schedule/pick`, {
      start: overlapping.start,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toMatch(
      /^Window Scans already has a confirmed capture .+ \(UTC\); pick another window\.$/,
    );
    expect((await orderRow(t.db, second.orderId)).status).toBe('assigned');
    expect((await assignmentRow(t.db, second.assignmentId)).scheduleStatus).toBe('proposed');
  });

  it("refuses a window on the provider's blocked date", async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const window = windowAt(12);
    await t.db.insert(schema.providerAvailability).values({
      orgId: provider.orgId,
      workingHours: [],
      blockedDates: [window.start.slice(0, 10)],
      jobsPerDay: 3,
      bases: [{ label: 'Base', lat: 51.5, lon: -0.1, radiusKm: 50 }],
    });
    try {
      await propose(assignmentId, [window]);
      const refused = await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
        start: window.start,
      });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(
        `Window Scans is not working on ${window.start.slice(0, 10)}; pick another window.`,
      );
    } finally {
      await t.db.delete(schema.providerAvailability).where(eq(schema.providerAvailability.orgId, provider.orgId));
    }
  });

  it('lets an admin pick on the customer’s behalf', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const windows = [windowAt(14), windowAt(15)];
    await propose(assignmentId, windows);
    const picked = await admin.post(`/api/admin/assignments/${assignmentId}/schedule/pick`, {
      start: windows[1]!.start,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect((await orderRow(t.db, orderId)).scheduledStart?.toISOString()).toBe(windows[1]!.start);
  });
});

describe('rescheduling', () => {
  it('round trip: the customer asks, the confirmed time stays, the provider proposes again, the customer picks', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const first = windowAt(16);
    await propose(assignmentId, [first]);
    await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, { start: first.start });

    // Before anyone asks, a new proposal is refused.
    expect((await propose(assignmentId, [windowAt(17)])).statusCode).toBe(409);
    const noReason = await customer.client.post(`/api/customer/orders/${orderId}/schedule/reschedule`, {
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);

    const asked = await customer.client.post(`/api/customer/orders/${orderId}/schedule/reschedule`, {
      reason: 'The tenant moves out a week later.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      status: 'reschedule_requested',
      rescheduleReason: 'The tenant moves out a week later.',
      confirmed: first,
    });
    const order = await orderRow(t.db, orderId);
    expect(order.status).toBe('scheduled');
    expect(order.scheduledStart?.toISOString()).toBe(first.start);
    expect(await outboxWithSubject(t.db, `Reschedule asked: ${order.title}`)).not.toHaveLength(0);

    const again = [windowAt(23), windowAt(24)];
    expect((await propose(assignmentId, again)).statusCode).toBe(200);
    expect((await orderRow(t.db, orderId)).scheduledStart?.toISOString()).toBe(first.start);
    const picked = await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, {
      start: again[0]!.start,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const after = await orderRow(t.db, orderId);
    expect(after.status).toBe('scheduled');
    expect(after.scheduledStart?.toISOString()).toBe(again[0]!.start);
    const timeline = (await jobEventsOf(t.db, orderId)).map((event) => event.type);
    expect(timeline).toEqual(expect.arrayContaining(['reschedule_requested', 'rescheduled']));
  });

  it('the provider asks too; a customer pick while no new windows are proposed is refused', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const first = windowAt(18);
    await propose(assignmentId, [first]);
    await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, { start: first.start });
    const asked = await providerUser.client.post(`/api/provider/assignments/${assignmentId}/reschedule`, {
      reason: 'The drone is in for repair.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const order = await orderRow(t.db, orderId);
    expect(await outboxWithSubject(t.db, `Reschedule asked: ${order.title}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: [customer.email.toLowerCase()] })]),
    );
    const pick = await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, { start: first.start });
    expect(pick.statusCode).toBe(409);
    expect(errorOf(pick).message).toBe('Cannot move schedule from reschedule_requested to confirmed.');
    const twice = await customer.client.post(`/api/customer/orders/${orderId}/schedule/reschedule`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('24-hour reminders', () => {
  it('e-mails the provider and the customer once, however many passes run at once', async () => {
    const { orderId, assignmentId } = await acceptedOrder();
    const window = windowAt(3);
    await propose(assignmentId, [window]);
    await customer.client.post(`/api/customer/orders/${orderId}/schedule/pick`, { start: window.start });
    const { title } = await orderRow(t.db, orderId);
    const reminders = () => outboxWithSubject(t.db, `Capture tomorrow: ${title}`);

    await t.app.services.reminders.sendDueReminders(50);
    expect(await reminders()).toHaveLength(0); // three days ahead: not yet

    // 23 hours before the start.
    clock.advance(new Date(window.start).getTime() - clock.now().getTime() - 23 * HOUR);
    await Promise.all([
      t.app.services.reminders.sendDueReminders(50),
      t.app.services.reminders.sendDueReminders(50),
      t.app.captureReminders.kick(),
    ]);
    await t.app.services.reminders.sendDueReminders(50);
    const sent = await reminders();
    expect(sent.map((mail) => mail.to[0]).sort()).toEqual(
      [customer.email, customerUser.email, provider.email, providerUser.email]
        .map((email) => email.toLowerCase())
        .sort(),
    );
    expect((await assignmentRow(t.db, assignmentId)).reminderSentAt).toBeInstanceOf(Date);
    expect((await auditOf(t.db, assignmentId)).filter((entry) => entry.action === 'send_reminder')).toHaveLength(1);
  });

  it('titles a capture later today "Capture today", and never reminds one that starts within three hours', async () => {
    const today = await acceptedOrder();
    // A window at 20:00 UTC (the order is unplaced: UTC) the day after tomorrow; the clock moves to
    // 10:00 that day, ten hours before it.
    const evening = windowAt(2, 2, 20);
    await propose(today.assignmentId, [evening]);
    await customer.client.post(`/api/customer/orders/${today.orderId}/schedule/pick`, { start: evening.start });
    const soon = await acceptedOrder();
    const close = windowAt(2, 2, 11);
    await propose(soon.assignmentId, [close]);
    await customer.client.post(`/api/customer/orders/${soon.orderId}/schedule/pick`, { start: close.start });

    clock.advance(new Date(evening.start).getTime() - clock.now().getTime() - 10 * HOUR);
    await t.app.services.reminders.sendDueReminders(50);
    const todayTitle = (await orderRow(t.db, today.orderId)).title;
    expect(await outboxWithSubject(t.db, `Capture today: ${todayTitle}`)).not.toHaveLength(0);
    expect(await outboxWithSubject(t.db, `Capture tomorrow: ${todayTitle}`)).toHaveLength(0);
    // The 11:00 capture is an hour away: no reminder, now or later.
    const soonTitle = (await orderRow(t.db, soon.orderId)).title;
    expect(await outboxWithSubject(t.db, `Capture today: ${soonTitle}`)).toHaveLength(0);
    expect((await assignmentRow(t.db, soon.assignmentId)).reminderSentAt).toBeNull();
  });
});
