import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { desc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, errorOf, type TClient, type TNewUser, uniqueAddress } from '../../../test/accounts.ts';
import {
  at,
  insertAssignment,
  insertDeliverable,
  insertJobEvent,
  insertMember,
  insertOrders,
  insertOrg,
  insertQuote,
  insertRating,
  walkPages,
} from '../../../test/admin-console.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { submitLead } from '../../../test/workflow.ts';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let adminUserId: string;
const BASE = new Date('2026-06-01T12:00:00.000Z');
const STATUSES = ['triage', 'quoted', 'approved', 'assigned', 'scheduled'];
let acme: { id: string; name: string };
let blue: { id: string; name: string };
let cedar: { id: string; name: string };
/** Every order this file made, newest first as the database orders them. */
let expectedOrder: string[];
let special: { id: string };

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin());
  adminUserId = (await admin.me()).body.user.id;
  acme = await insertOrg(t.db, { type: 'customer', name: 'Acme Holdings', createdAt: at(BASE, 300) });
  blue = await insertOrg(t.db, { type: 'customer', name: 'Blue 100% Estates', createdAt: at(BASE, 200) });
  cedar = await insertOrg(t.db, { type: 'customer', name: 'Cedar_Works', createdAt: at(BASE, 100) });
  // 45 orders: three share each second (ties broken by id) and differ in the microseconds of others.
  const seeds = Array.from({ length: 45 }, (_, index) => ({
    customerOrgId: [acme.id, blue.id, cedar.id][index % 3]!,
    title: `Virtual Tour — Commercial, Site ${index}`,
    location: index % 2 === 0 ? `Berlin, street ${index}` : `Oslo, road ${index}`,
    status: STATUSES[index % STATUSES.length]!,
    createdAt: at(BASE, Math.floor(index / 3), index % 3 === 2 ? 0 : 500),
  }));
  await insertOrders(t.db, seeds);
  special = (
    await insertOrders(t.db, [
      { customerOrgId: cedar.id, title: 'Warehouse 50% off_scan', location: 'Madrid', createdAt: at(BASE, 1000) },
    ])
  )[0]!;
  const rows = await t.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .orderBy(desc(schema.orders.createdAt), desc(schema.orders.id));
  expectedOrder = rows.map((row) => row.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/orders', () => {
  it('pages through every order newest first, without duplicates or gaps, with the customer name', async () => {
    const first = await admin.get('/api/admin/orders?limit=7');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(7);
    expect(page.items[0]).toMatchObject({ customerOrg: { id: expect.any(String), name: expect.any(String) } });
    expect(page.nextCursor).toEqual(expect.any(String));
    const { ids, pages } = await walkPages(admin, '/api/admin/orders?limit=7');
    expect(ids).toEqual(expectedOrder);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.ceil(expectedOrder.length / 7));
  });

  it('uses 50 by default and refuses more than 100, a bad cursor or an unknown status', async () => {
    const page = (await admin.get('/api/admin/orders')).json();
    expect(page.items).toHaveLength(46);
    expect(page.nextCursor).toBeNull();
    expect((await admin.get('/api/admin/orders?limit=101')).statusCode).toBe(400);
    const badCursor = await admin.get('/api/admin/orders?cursor=not-a-cursor');
    expect(badCursor.statusCode).toBe(400);
    expect(errorOf(badCursor).message).toBe('The cursor is not valid.');
    const badStatus = await admin.get('/api/admin/orders?status=shipped');
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(errorOf(badStatus).fields ?? {}).some((key) => key.startsWith('status'))).toBe(true);
  });

  it('filters by one status, or several (comma-separated or repeated), across pages', async () => {
    const scheduled = await walkPages(admin, '/api/admin/orders?status=scheduled&limit=3');
    const rows = await t.db.select().from(schema.orders).where(inArray(schema.orders.id, scheduled.ids));
    expect(rows.every((row) => row.status === 'scheduled')).toBe(true);
    expect(scheduled.ids).toEqual(expectedOrder.filter((id) => rows.some((row) => row.id === id)));
    expect(scheduled.ids).toHaveLength(9);

    const both = await walkPages(admin, '/api/admin/orders?status=triage,quoted&limit=4');
    const repeated = await walkPages(admin, '/api/admin/orders?status=triage&status=quoted&limit=5');
    expect(repeated.ids).toEqual(both.ids);
    const bothRows = await t.db.select().from(schema.orders).where(inArray(schema.orders.id, both.ids));
    expect(new Set(bothRows.map((row) => row.status))).toEqual(new Set(['triage', 'quoted']));
    // 9 of each in the 45, and the special order (triage).
    expect(both.ids).toHaveLength(19);
    expect(both.ids).toEqual(expectedOrder.filter((id) => both.ids.includes(id)));
  });

  it('searches title, location and customer name, case-insensitively, across pages', async () => {
    const byCustomer = await walkPages(admin, '/api/admin/orders?q=ACME&limit=4');
    expect(byCustomer.ids).toHaveLength(15);
    const rows = await t.db.select().from(schema.orders).where(inArray(schema.orders.id, byCustomer.ids));
    expect(rows.every((row) => row.customerOrgId === acme.id)).toBe(true);

    const byLocation = await walkPages(admin, '/api/admin/orders?q=berlin&limit=6');
    expect(byLocation.ids).toHaveLength(23);
    expect(byLocation.ids).toEqual(expectedOrder.filter((id) => byLocation.ids.includes(id)));

    const byTitle = (await admin.get('/api/admin/orders?q=site%2012')).json();
    expect(byTitle.items.map((item: { title: string }) => item.title)).toEqual(['Virtual Tour — Commercial, Site 12']);
  });

  it('takes % and _ in a search literally', async () => {
    const percent = (await admin.get(`/api/admin/orders?q=${encodeURIComponent('50%')}`)).json();
    expect(percent.items.map((item: { id: string }) => item.id)).toEqual([special!.id]);
    const underscore = (await admin.get(`/api/admin/orders?q=${encodeURIComponent('off_scan')}`)).json();
    expect(underscore.items.map((item: { id: string }) => item.id)).toEqual([special!.id]);
    // "Blue 100% Estates": a customer whose name has a %, matched literally.
    const blueOrders = await walkPages(admin, `/api/admin/orders?q=${encodeURIComponent('100%')}`);
    expect(blueOrders.ids).toHaveLength(15);
    // "_" is in Cedar_Works: all of Cedar's orders (the special one among them), nothing else.
    const cedarOrders = await walkPages(admin, '/api/admin/orders?q=_');
    expect(cedarOrders.ids).toHaveLength(16);
    expect(cedarOrders.ids).toContain(special!.id);
  });

  it('combines search, status and customer filters', async () => {
    const combined = await walkPages(admin, `/api/admin/orders?q=berlin&status=scheduled,triage&limit=2`);
    const rows = await t.db.select().from(schema.orders).where(inArray(schema.orders.id, combined.ids));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.location.startsWith('Berlin') && ['scheduled', 'triage'].includes(row.status))).toBe(
      true,
    );
    const mine = await walkPages(admin, `/api/admin/orders?customerOrgId=${cedar.id}&limit=5`);
    expect(mine.ids).toHaveLength(16);
    const nothing = (await admin.get('/api/admin/orders?q=no-such-order-anywhere')).json();
    expect(nothing).toEqual({ items: [], nextCursor: null });
  });
});

describe('GET /api/admin/orders/:id', () => {
  it("shows the order's whole history with provider names", async () => {
    const provider = await insertOrg(t.db, { type: 'provider', name: 'History Scans' });
    const [order] = await insertOrders(t.db, [{ customerOrgId: acme.id, title: 'History order', status: 'delivered' }]);
    const t0 = new Date('2026-05-01T10:00:00Z');
    const hours = (n: number) => new Date(t0.getTime() + n * 3_600_000);
    await insertJobEvent(t.db, {
      orderId: order!.id,
      type: 'status_change',
      metadata: { from: null, to: 'triage' },
      createdAt: hours(0),
      actorUserId: adminUserId,
    });
    const quote = await insertQuote(t.db, {
      orderId: order!.id,
      status: 'accepted',
      sentAt: hours(1),
      respondedAt: hours(2),
    });
    const declined = await insertAssignment(t.db, {
      orderId: order!.id,
      providerOrgId: provider.id,
      status: 'declined',
      accepted: false,
      createdAt: hours(3),
    });
    const accepted = await insertAssignment(t.db, {
      orderId: order!.id,
      providerOrgId: provider.id,
      status: 'accepted',
      accepted: true,
      createdAt: hours(4),
      scheduledStart: hours(30),
      scheduledEnd: hours(32),
    });
    await insertJobEvent(t.db, {
      orderId: order!.id,
      type: 'deadline',
      metadata: { start: hours(30).toISOString(), end: hours(32).toISOString(), assignmentId: accepted.id },
      createdAt: hours(5),
    });
    const deliverable = await insertDeliverable(t.db, {
      orderId: order!.id,
      createdAt: hours(40),
      uploadedBy: adminUserId,
    });
    const rating = await insertRating(t.db, { orderId: order!.id, providerOrgId: provider.id, score: 5 });

    const response = await admin.get(`/api/admin/orders/${order!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.order).toMatchObject({
      id: order!.id,
      title: 'History order',
      status: 'delivered',
      customerOrg: { id: acme.id, name: acme.name },
    });
    expect(detail.jobEvents.map((event: { type: string }) => event.type)).toEqual(['deadline', 'status_change']);
    expect(detail.jobEvents[1].actor).toMatchObject({ userId: adminUserId, email: expect.stringContaining('@') });
    expect(detail.quotes).toEqual([expect.objectContaining({ id: quote.id, status: 'accepted', total: 1500 })]);
    expect(detail.assignments.map((a: { id: string }) => a.id)).toEqual([accepted.id, declined.id]);
    expect(detail.assignments[0]).toMatchObject({
      providerOrg: { id: provider.id, name: 'History Scans' },
      accepted: true,
    });
    expect(detail.deliverables).toEqual([
      expect.objectContaining({
        id: deliverable.id,
        fileName: 'tour.zip',
        size: 2048,
        paths: [`${order!.id}/tour.zip`],
      }),
    ]);
    expect(detail.ratings).toEqual([
      expect.objectContaining({ id: rating.id, score: 5, providerOrg: { id: provider.id, name: 'History Scans' } }),
    ]);
  });

  it('is a 404 for an unknown order and a 400 for a malformed id', async () => {
    expect((await admin.get(`/api/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/orders/123')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/providers and /customers', () => {
  it('lists providers with members, devices, certifications and acceptance rate', async () => {
    // Newer than every other organisation of this file, so they open the list.
    const later = new Date(Date.now() + 3_600_000);
    const pA = await insertOrg(t.db, { type: 'provider', name: 'Alpha Capture', createdAt: at(later, 0) });
    const pB = await insertOrg(t.db, { type: 'provider', name: 'Beta Scans', createdAt: at(later, -10) });
    await insertMember(t.db, pA.id, 'provider_admin');
    await insertMember(t.db, pA.id, 'provider_user');
    await t.db.insert(schema.deviceInventory).values({
      orgId: pA.id,
      model: 'PRO',
      serial: `SN-${randomUUID()}`,
      capabilities: ['virtual-tour', '3d-model'],
    });
    await t.db
      .insert(schema.providerCertifications)
      .values({ orgId: pA.id, scope: 'Matterport Pro', status: 'active', regions: ['London', 'Kent'] });
    const orders = await insertOrders(
      t.db,
      Array.from({ length: 5 }, () => ({ customerOrgId: acme.id })),
    );
    const outcomes: [string, boolean | null][] = [
      ['accepted', true],
      ['withdrawn', true],
      ['declined', false],
      ['expired', null],
      ['offered', null],
    ];
    for (const [index, [status, accepted]] of outcomes.entries()) {
      await insertAssignment(t.db, { orderId: orders[index]!.id, providerOrgId: pA.id, status, accepted });
    }

    const page = (await admin.get('/api/admin/providers?limit=2')).json();
    expect(page.items.map((p: { name: string }) => p.name)).toEqual(['Beta Scans', 'Alpha Capture']);
    const alpha = page.items[1];
    expect(alpha).toMatchObject({
      membersCount: 2,
      status: 'active',
      devices: [{ model: 'PRO', capabilities: ['virtual-tour', '3d-model'] }],
      certifications: [{ scope: 'Matterport Pro', status: 'active', regions: ['London', 'Kent'], expiry: null }],
      offers: { offers: 5, accepted: 2, declined: 1, expired: 1, acceptanceRate: 0.5 },
    });
    expect(page.items[0]).toMatchObject({
      name: 'Beta Scans',
      membersCount: 0,
      devices: [],
      offers: { offers: 0, acceptanceRate: null },
    });
    const all = await walkPages(admin, '/api/admin/providers?limit=1');
    expect(all.ids.slice(0, 2)).toEqual([pB.id, pA.id]);
    expect(new Set(all.ids).size).toBe(all.ids.length);
    const search = (await admin.get('/api/admin/providers?q=alpha')).json();
    expect(search.items.map((p: { id: string }) => p.id)).toEqual([pA.id]);
  });

  it('lists customers with members and orders count, searchable and paginated', async () => {
    await insertMember(t.db, blue.id, 'customer_admin');
    const { ids } = await walkPages(admin, '/api/admin/customers?limit=2');
    expect(ids.slice(-3)).toEqual([cedar.id, blue.id, acme.id]);
    const found = (await admin.get('/api/admin/customers?q=blue')).json();
    expect(found.items).toEqual([
      expect.objectContaining({ id: blue.id, name: 'Blue 100% Estates', membersCount: 1, ordersCount: 15 }),
    ]);
    expect(found.items[0].lastOrderAt).toEqual(expect.any(String));
    const none = (await admin.get('/api/admin/customers?status=suspended')).json();
    expect(none.items).toEqual([]);
  });
});

describe('GET /api/admin/support-requests', () => {
  it('lists support requests newest first with search, status and pages', async () => {
    const member = await insertMember(t.db, acme.id, 'customer_user');
    const values = Array.from({ length: 5 }, (_, index) => ({
      orgId: acme.id,
      userId: member,
      subject: index === 0 ? 'Download link broken' : `Question ${index}`,
      message: index === 4 ? 'Where is my floor plan?' : 'Hello',
      status: index % 2 === 0 ? 'open' : 'closed',
      createdAt: at(BASE, index),
    }));
    await t.db.insert(schema.supportRequests).values(values);
    const { ids } = await walkPages(admin, '/api/admin/support-requests?limit=2');
    expect(ids).toHaveLength(5);
    const first = (await admin.get('/api/admin/support-requests?limit=1')).json().items[0];
    expect(first).toMatchObject({
      subject: 'Download link broken',
      organization: { id: acme.id, name: 'Acme Holdings' },
      user: { userId: member },
    });
    expect((await admin.get('/api/admin/support-requests?q=FLOOR')).json().items).toHaveLength(1);
    expect((await admin.get('/api/admin/support-requests?status=closed')).json().items).toHaveLength(2);
  });
});

describe('GET /api/admin/dashboard', () => {
  async function counts() {
    const response = await admin.get('/api/admin/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('counts what needs attention', async () => {
    const before = await counts();
    await submitLead(t.app);
    await submitLead(t.app);
    const application = {
      orgName: 'Gamma',
      contact: { first_name: 'G', last_name: 'H', email: 'g@example.com', phone: '1', website: null },
    };
    await t.db
      .insert(schema.providerApplications)
      .values(['new', 'reviewing', 'interview', 'approved', 'rejected'].map((status) => ({ ...application, status })));
    const [order, ...offered] = await insertOrders(
      t.db,
      Array.from({ length: 5 }, () => ({ customerOrgId: acme.id, status: 'assigned' })),
    );
    const now = Date.now();
    await insertQuote(t.db, { orderId: order!.id, status: 'sent', sentAt: new Date(now) });
    await insertQuote(t.db, { orderId: order!.id, status: 'sent', validityUntil: new Date(now - 1000) });
    await insertQuote(t.db, { orderId: order!.id, status: 'draft' });
    const provider = await insertOrg(t.db, { type: 'provider', name: 'Dash Provider' });
    // Due in 1 h and 11.5 h: about to expire; in 13 h: not yet; 1 h ago: past (the worker expires it).
    for (const [index, hours] of [1, 11.5, 13, -1].entries()) {
      await insertAssignment(t.db, {
        orderId: offered[index]!.id,
        providerOrgId: provider.id,
        status: 'offered',
        respondBy: new Date(now + hours * 3_600_000),
      });
    }

    const after = await counts();
    expect(after.newLeads - before.newLeads).toBe(2);
    expect(after.applicationsToReview - before.applicationsToReview).toBe(3);
    expect(after.quotesAwaitingCustomer - before.quotesAwaitingCustomer).toBe(1);
    expect(after.offersAboutToExpire - before.offersAboutToExpire).toBe(2);
    expect(after.schedulesToConfirm - before.schedulesToConfirm).toBe(0);
    expect(after.generatedAt).toEqual(expect.any(String));
  });

  it('counts offers about to expire and schedules to confirm, through the workflow services', async () => {
    const before = await counts();
    const provider = await insertOrg(t.db, { type: 'provider', name: 'Flow Provider' });
    const [order] = await insertOrders(t.db, [{ customerOrgId: acme.id, status: 'triage' }]);
    const actor = { userId: adminUserId, role: 'master_admin', orgId: null };
    // A 6-hour deadline: the new offer is about to expire from the start.
    const flags = { addressMaskingDefault: true, providerAcceptanceDeadlineHours: 6, mfaRequiredForAdmins: false };
    expect((await admin.request('PUT', '/api/admin/settings', flags)).statusCode).toBe(200);
    const assignment = await t.app.services.assignments.create(
      { orderId: order!.id, providerOrgId: provider.id, compensation: 400 },
      actor,
    );
    expect((await counts()).offersAboutToExpire - before.offersAboutToExpire).toBe(1);

    await t.app.services.assignments.accept(assignment.id, actor);
    const start = new Date(Date.now() + 3 * 86_400_000);
    const window = { start: start.toISOString(), end: new Date(start.getTime() + 7_200_000).toISOString() };
    await t.app.services.assignments.proposeSchedule(assignment.id, window, actor);
    const proposed = await counts();
    expect(proposed.offersAboutToExpire - before.offersAboutToExpire).toBe(0);
    expect(proposed.schedulesToConfirm - before.schedulesToConfirm).toBe(1);

    await t.app.services.assignments.confirmSchedule(assignment.id, actor);
    expect((await counts()).schedulesToConfirm - before.schedulesToConfirm).toBe(0);
  });
});

describe('access', () => {
  it('is 401 without a session and 403 for a customer or provider', async () => {
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    for (const path of ['/api/admin/orders', '/api/admin/dashboard', '/api/admin/providers', '/api/admin/customers']) {
      expect((await anonymous.get(path)).statusCode).toBe(401);
    }
    const customer = await newUser('customer_admin', { id: acme.id });
    for (const path of ['/api/admin/orders', `/api/admin/orders/${expectedOrder[0]}`, '/api/admin/support-requests']) {
      const response = await customer.client.get(path);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
    }
  });
});
