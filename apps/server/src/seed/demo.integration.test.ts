import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, uniqueAddress } from '../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemo } from './demo-data.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('seed:demo', () => {
  // A whole marketplace through the services (orders, reviews, approvals, ledger bookings): more than
  // the default 30 s on a loaded machine.
  it('fills a marketplace through the services, then recognises it on a second run', async () => {
    const result = await seedDemo(t.app);
    expect(result.kind).toBe('seeded');
    if (result.kind !== 'seeded') return;
    expect(result.adminNote).toBeNull();
    expect(result.accounts).toHaveLength(12);
    expect(result.counts).toMatchObject({ organizations: 7, leads: 15, applications: 6, orders: 13 });

    const orders = await t.db.select({ status: schema.orders.status }).from(schema.orders);
    expect(new Set(orders.map((order) => order.status))).toEqual(
      new Set([
        'triage',
        'quoted',
        'approved',
        'assigned',
        'scheduled',
        'captured',
        'delivered',
        'completed',
        'cancelled',
      ]),
    );
    const providers = await t.db.select().from(schema.organizations).where(eq(schema.organizations.type, 'provider'));
    expect(providers).toHaveLength(4);

    // Every demo account signs in with the printed password; the admin sees the data.
    const admin = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await admin.signIn(DEMO_ADMIN_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
    const dashboard = (await admin.get('/api/admin/dashboard')).json();
    expect(dashboard).toMatchObject({ newLeads: 1, quotesAwaitingCustomer: 1, schedulesToConfirm: 1 });
    const report = (await admin.get('/api/admin/reporting')).json();
    expect(report.ordersByMonth.filter((month: { count: number }) => month.count > 0).length).toBeGreaterThan(2);
    const customer = createClient(t.app, { remoteAddress: uniqueAddress() });
    const customerAccount = result.accounts.find((account) => account.role === 'customer_user')!;
    expect((await customer.signIn(customerAccount.email, DEMO_PASSWORD)).statusCode).toBe(200);

    // Demo deliverables are real files: the customer downloads one through its signed link.
    const delivered = (await customer.get('/api/customer/deliverables')).json() as {
      items: { files: { id: string; fileName: string }[] }[];
    };
    const file = delivered.items.flatMap((item) => item.files)[0];
    expect(file).toBeDefined();
    const link = await customer.post(`/api/customer/deliverables/${file!.id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const download = await customer.get(new URL(link.json().url, 'http://localhost').pathname);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('SpaceCapture demo deliverable.');

    // The providers' devices, certifications and ratings came through their portal.
    const provider = createClient(t.app, { remoteAddress: uniqueAddress() });
    const skyline = result.accounts.find((account) => account.organization === 'Skyline Scans')!;
    expect((await provider.signIn(skyline.email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await provider.get('/api/provider/devices')).json().items).toHaveLength(2);
    expect((await provider.get('/api/provider/certifications')).json().items).toEqual([
      expect.objectContaining({ status: 'active' }),
    ]);
    expect((await provider.get('/api/provider/performance')).json().averageRating).toBeGreaterThan(0);

    const again = await seedDemo(t.app);
    expect(again.kind).toBe('already-seeded');
    expect((await t.db.select().from(schema.orders)).length).toBe(13);
  }, 120_000);
});
