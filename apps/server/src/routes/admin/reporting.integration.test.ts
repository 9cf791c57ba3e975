import { ORDER_STATUSES } from '@spacecapture/shared/contracts/admin-workflow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, errorOf, type TClient, uniqueAddress } from '../../../test/accounts.ts';
import {
  insertAssignment,
  insertDeliverable,
  insertJobEvent,
  insertOrders,
  insertOrg,
  insertQuote,
  insertRating,
  parseCsv,
} from '../../../test/admin-console.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

/** The app's clock: every relative rule (validity, windows that have ended) is judged at this instant. */
const NOW = new Date('2026-06-15T12:00:00.000Z');
const d = (iso: string) => new Date(iso);
const hoursAfter = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);
/** An order's created_at as SQL (the factory takes instants to the microsecond). */
const sqlTime = (iso: string) => sql`${iso}::timestamptz`;
const ref = (org: { id: string; name: string }) => ({ id: org.id, name: org.name });

let t: TTestApp;
let admin: TClient;
let prime: { id: string; name: string };
let second: { id: string; name: string };
let idle: { id: string; name: string };

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({ clock: () => NOW }));
  const customer = await insertOrg(t.db, { type: 'customer', name: 'Report Customer' });
  prime = ref(await insertOrg(t.db, { type: 'provider', name: 'Prime Scans' }));
  second = ref(await insertOrg(t.db, { type: 'provider', name: 'Second Site' }));
  idle = ref(await insertOrg(t.db, { type: 'provider', name: '@Idle, Provider' }));

  // Orders in the default range (2025-07-01 … 2026-06-15) and one before it.
  const c = customer.id;
  const ordersInRange = await insertOrders(t.db, [
    { customerOrgId: c, status: 'triage', createdAt: sqlTime('2025-07-01T00:00:00Z') },
    { customerOrgId: c, status: 'completed', createdAt: sqlTime('2026-01-05T10:00:00Z') },
    { customerOrgId: c, status: 'cancelled', createdAt: sqlTime('2026-01-20T10:00:00Z') },
    { customerOrgId: c, status: 'scheduled', createdAt: sqlTime('2026-03-01T10:00:00Z') },
    { customerOrgId: c, status: 'delivered', createdAt: sqlTime('2026-03-15T10:00:00Z') },
    { customerOrgId: c, status: 'triage', createdAt: sqlTime('2026-03-31T23:59:59Z') },
    { customerOrgId: c, status: 'quoted', createdAt: sqlTime('2026-06-02T10:00:00Z') },
    { customerOrgId: c, status: 'triage', createdAt: sqlTime('2025-06-30T23:59:59Z') },
  ]);
  const o = ordersInRange[1]!.id;
  await insertQuote(t.db, {
    orderId: o,
    status: 'accepted',
    total: 1500,
    sentAt: d('2026-01-10T00:00:00Z'),
    respondedAt: d('2026-01-12T00:00:00Z'),
  });
  await insertQuote(t.db, {
    orderId: o,
    status: 'accepted',
    total: 2000.5,
    sentAt: d('2026-03-01T00:00:00Z'),
    respondedAt: d('2026-03-05T00:00:00Z'),
  });
  await insertQuote(t.db, {
    orderId: o,
    status: 'accepted',
    total: 900,
    currency: 'EUR',
    sentAt: d('2026-03-02T00:00:00Z'),
    respondedAt: d('2026-04-01T00:00:00Z'),
  });
  await insertQuote(t.db, {
    orderId: o,
    status: 'declined',
    sentAt: d('2026-03-03T00:00:00Z'),
    respondedAt: d('2026-03-04T00:00:00Z'),
  });
  await insertQuote(t.db, {
    orderId: o,
    status: 'sent',
    sentAt: d('2026-02-01T00:00:00Z'),
    validityUntil: d('2026-05-01T00:00:00Z'),
  });
  await insertQuote(t.db, {
    orderId: o,
    status: 'sent',
    sentAt: d('2026-06-01T00:00:00Z'),
    validityUntil: d('2026-07-01T00:00:00Z'),
  });
  await insertQuote(t.db, { orderId: o, status: 'expired', sentAt: d('2026-02-15T00:00:00Z') });
  await insertQuote(t.db, { orderId: o, status: 'draft' });
  await insertQuote(t.db, {
    orderId: o,
    status: 'accepted',
    total: 700,
    sentAt: d('2025-05-01T00:00:00Z'),
    respondedAt: d('2025-05-03T00:00:00Z'),
  });

  // Offers: each on an order of its own (one live offer per order), made before the range.
  const jobs = await insertOrders(
    t.db,
    Array.from({ length: 10 }, () => ({
      customerOrgId: c,
      status: 'assigned',
      createdAt: sqlTime('2025-01-01T00:00:00Z'),
    })),
  );
  const job = (index: number) => jobs[index]!.id;
  const offer = (
    index: number,
    providerOrgId: string,
    status: string,
    accepted: boolean | null,
    made: string,
    answeredAfterHours?: number,
    windowEnd?: string,
  ) =>
    insertAssignment(t.db, {
      orderId: job(index),
      providerOrgId,
      status,
      accepted,
      createdAt: d(made),
      respondBy: hoursAfter(d(made), 48),
      respondedAt: answeredAfterHours === undefined ? null : hoursAfter(d(made), answeredAfterHours),
      scheduledStart: windowEnd ? hoursAfter(d(windowEnd), -4) : null,
      scheduledEnd: windowEnd ? d(windowEnd) : null,
    });
  // Prime: captured 6 h after its window (on time, delivered); captured 5 days late; window over, nothing
  // recorded (late); window still to come; one declined, one expired, one open.
  await offer(0, prime.id, 'accepted', true, '2026-03-01T00:00:00Z', 2, '2026-03-10T12:00:00Z');
  await insertJobEvent(t.db, {
    orderId: job(0),
    type: 'status_change',
    metadata: { from: 'scheduled', to: 'captured' },
    createdAt: d('2026-03-10T18:00:00Z'),
  });
  await insertDeliverable(t.db, { orderId: job(0), createdAt: d('2026-03-12T00:00:00Z') });
  await offer(1, prime.id, 'accepted', true, '2026-03-02T00:00:00Z', 6, '2026-03-20T12:00:00Z');
  await insertJobEvent(t.db, { orderId: job(1), type: 'file_uploaded', createdAt: d('2026-03-25T00:00:00Z') });
  await offer(2, prime.id, 'accepted', true, '2026-03-03T00:00:00Z', 4, '2026-06-10T12:00:00Z');
  await offer(3, prime.id, 'accepted', true, '2026-06-01T00:00:00Z', 10, '2026-06-20T12:00:00Z');
  await offer(4, prime.id, 'declined', false, '2026-03-04T00:00:00Z', 1);
  await offer(5, prime.id, 'expired', null, '2026-03-05T00:00:00Z');
  await offer(6, prime.id, 'offered', null, '2026-06-14T00:00:00Z');
  // Second: one declined in range, one accepted before it.
  await offer(7, second.id, 'declined', false, '2026-04-01T00:00:00Z', 3);
  await offer(8, second.id, 'accepted', true, '2025-05-01T00:00:00Z', 1);
  await insertRating(t.db, {
    orderId: job(0),
    providerOrgId: prime.id,
    score: 5,
    createdAt: d('2026-03-15T00:00:00Z'),
  });
  await insertRating(t.db, {
    orderId: job(1),
    providerOrgId: prime.id,
    score: 4,
    createdAt: d('2026-04-15T00:00:00Z'),
  });
  await insertRating(t.db, {
    orderId: job(8),
    providerOrgId: prime.id,
    score: 1,
    createdAt: d('2025-01-15T00:00:00Z'),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/reporting', () => {
  it('reports the last twelve months by default with real figures', async () => {
    const response = await admin.get('/api/admin/reporting');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.range).toEqual({ from: '2025-07-01', to: '2026-06-15' });
    expect(report.generatedAt).toBe(NOW.toISOString());

    const byStatus = Object.fromEntries(
      report.ordersByStatus.map((row: { status: string; count: number }) => [row.status, row.count]),
    );
    expect(Object.keys(byStatus)).toEqual([...ORDER_STATUSES]);
    expect(byStatus).toMatchObject({
      triage: 2,
      quoted: 1,
      scheduled: 1,
      delivered: 1,
      completed: 1,
      cancelled: 1,
      assigned: 0,
    });
    expect(report.ordersByMonth).toHaveLength(12);
    expect(report.ordersByMonth[0]).toEqual({ month: '2025-07', count: 1 });
    expect(report.ordersByMonth.filter((row: { count: number }) => row.count > 0)).toEqual([
      { month: '2025-07', count: 1 },
      { month: '2026-01', count: 2 },
      { month: '2026-03', count: 3 },
      { month: '2026-06', count: 1 },
    ]);

    expect(report.quoteConversion).toEqual({
      sent: 7,
      accepted: 3,
      declined: 1,
      expired: 2,
      awaiting: 1,
      conversionRate: 0.4286,
    });
    expect(report.revenueByCurrency).toEqual([
      { currency: 'EUR', quotes: 1, total: 900 },
      { currency: 'USD', quotes: 2, total: 3500.5 },
    ]);
    expect(report.revenueByMonth).toEqual([
      { month: '2026-01', currency: 'USD', quotes: 1, total: 1500 },
      { month: '2026-03', currency: 'USD', quotes: 1, total: 2000.5 },
      { month: '2026-04', currency: 'EUR', quotes: 1, total: 900 },
    ]);

    expect(report.providerPerformance).toEqual([
      {
        providerOrg: prime,
        offers: 7,
        accepted: 4,
        declined: 1,
        expired: 1,
        acceptanceRate: 0.6667,
        medianHoursToAccept: 5,
        scheduledJobs: 3,
        onTimeJobs: 1,
        onTimeRate: 0.3333,
        deliveries: 1,
        averageRating: 4.5,
        ratings: 2,
      },
      expect.objectContaining({
        providerOrg: second,
        offers: 1,
        accepted: 0,
        declined: 1,
        acceptanceRate: 0,
        medianHoursToAccept: null,
      }),
      {
        providerOrg: idle,
        offers: 0,
        accepted: 0,
        declined: 0,
        expired: 0,
        acceptanceRate: null,
        medianHoursToAccept: null,
        scheduledJobs: 0,
        onTimeJobs: 0,
        onTimeRate: null,
        deliveries: 0,
        averageRating: null,
        ratings: 0,
      },
    ]);
  });

  it('takes a range of days, both included', async () => {
    const report = (await admin.get('/api/admin/reporting?from=2026-03-01&to=2026-03-31')).json();
    expect(report.ordersByMonth).toEqual([{ month: '2026-03', count: 3 }]);
    expect(report.quoteConversion).toMatchObject({ sent: 3, accepted: 2, declined: 1, conversionRate: 0.6667 });
    expect(report.revenueByMonth).toEqual([{ month: '2026-03', currency: 'USD', quotes: 1, total: 2000.5 }]);
    expect(report.providerPerformance[0]).toMatchObject({
      providerOrg: prime,
      offers: 5,
      averageRating: 5,
      ratings: 1,
    });
  });

  it('refuses a reversed, malformed or too long range', async () => {
    const reversed = await admin.get('/api/admin/reporting?from=2026-04-01&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).fields).toEqual({ to: 'The start date must be on or before the end date.' });
    expect((await admin.get('/api/admin/reporting?from=2026-13-01')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/reporting?from=2010-01-01&to=2026-01-01')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/reporting.csv', () => {
  it('exports one table with its header', async () => {
    const response = await admin.get('/api/admin/reporting.csv?table=revenue_by_month');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-revenue_by_month-2025-07-01-to-2026-06-15.csv"',
    );
    expect(parseCsv(response.body)).toEqual([
      ['month', 'currency', 'accepted_quotes', 'total'],
      ['2026-01', 'USD', '1', '1500.00'],
      ['2026-03', 'USD', '1', '2000.50'],
      ['2026-04', 'EUR', '1', '900.00'],
    ]);
  });

  it('exports every table, each after a title row, with text cells escaped', async () => {
    const response = await admin.get('/api/admin/reporting.csv');
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body);
    const titles = rows.filter((row) => row[0] === 'table').map((row) => row[1]);
    expect(titles).toEqual([
      'orders_by_status',
      'orders_by_month',
      'quote_conversion',
      'revenue_by_currency',
      'revenue_by_month',
      'provider_performance',
      'money_by_month',
    ]);
    expect(response.body).toContain(`"'@Idle, Provider"`);
    const performanceHeader = rows.findIndex((row) => row[0] === 'provider_id');
    expect(rows[performanceHeader + 1]!.slice(1, 7)).toEqual(['Prime Scans', '7', '4', '1', '1', '0.6667']);
  });

  it('is 401 without a session', async () => {
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await anonymous.get('/api/admin/reporting')).statusCode).toBe(401);
    expect((await anonymous.get('/api/admin/reporting.csv')).statusCode).toBe(401);
  });
});
