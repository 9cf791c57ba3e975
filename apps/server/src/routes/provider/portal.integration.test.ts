import { createHash, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { MASKED_LOCATION } from '@spacecapture/shared/contracts/provider-portal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  auditDelta,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  DEFAULT_BREAKDOWN,
  jobEventsOf,
} from '../../../test/workflow.ts';

/**
 * The provider portal's API: masking applied in the response, the provider's answers and proposals,
 * schedule, performance from real rows, devices, certifications and settings, and who is refused.
 */

const HOUR = 3_600_000;
const CUSTOMER_NAME = `Zephyr Holdings ${randomUUID().slice(0, 6)}`;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let providerAdmin: TSignedInUser;
let providerUser: TSignedInUser;
let otherProvider: TSignedInUser;
let customer: TSignedInUser;
let customerOrgId: string;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(Date.now() + offsetMs),
  }));
  providerAdmin = await newUser('provider_admin', { name: `Portal Scans ${randomUUID().slice(0, 6)}` });
  providerUser = await newUser('provider_user', { id: providerAdmin.orgId });
  otherProvider = await newUser('provider_admin', { name: `Other Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer', CUSTOMER_NAME)).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function put(client: TClient, url: string, body: unknown) {
  return client.request('PUT', url, body);
}
function patch(client: TClient, url: string, body: unknown) {
  return client.request('PATCH', url, body);
}

async function setMasking(on: boolean) {
  await t.db
    .insert(schema.featureFlags)
    .values({ id: 1, addressMaskingDefault: on })
    .onConflictDoUpdate({ target: schema.featureFlags.id, set: { addressMaskingDefault: on } });
}

/** An order offered to `providerOrgId`; with `quoteAccepted`, through an accepted quote first. */
async function offer(options: { providerOrgId?: string; quoteAccepted?: boolean; timeline?: string } = {}) {
  const location = `Harbour Street ${randomUUID().slice(0, 8)}`;
  const order = await convertedOrder(t.app, admin, customerOrgId, {
    location,
    ...(options.timeline ? { timeline: options.timeline } : {}),
  });
  if (options.quoteAccepted) {
    const quote = (
      await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN })
    ).json();
    await admin.post(`/api/admin/quotes/${quote.id}/send`);
    await t.app.services.quotes.accept(quote.id, { userId: 'customer', role: 'customer_admin', orgId: customerOrgId });
  }
  const response = await admin.post('/api/admin/assignments', {
    orderId: order.id,
    providerOrgId: options.providerOrgId ?? providerAdmin.orgId,
    compensation: 500,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { order, location, assignmentId: response.json().id as string };
}

describe('address masking', () => {
  it('withholds location, title and customer from the response while the offer is open, reveals them after acceptance', async () => {
    await setMasking(true);
    const { order, location, assignmentId } = await offer({ timeline: 'urgent' });
    expect(order.title).toContain(location);

    const list = await providerUser.client.get('/api/provider/assignments');
    expect(list.statusCode, list.body).toBe(200);
    const one = await providerUser.client.get(`/api/provider/assignments/${assignmentId}`);
    expect(one.statusCode, one.body).toBe(200);
    for (const raw of [list.body, one.body]) {
      expect(raw).not.toContain(location);
      expect(raw).not.toContain(CUSTOMER_NAME);
      expect(raw).not.toContain(order.title);
      expect(raw).toContain(MASKED_LOCATION);
    }
    expect(one.json()).toMatchObject({
      id: assignmentId,
      status: 'offered',
      masked: true,
      title: null,
      location: MASKED_LOCATION,
      customer: expect.stringMatching(/^Client #[0-9A-F]{6}$/),
      captureType: expect.any(String),
    });
    expect(list.json().items[0].id).toBe(assignmentId);

    const accepted = await providerUser.client.post(`/api/provider/assignments/${assignmentId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      accepted: true,
      masked: false,
      location,
      title: order.title,
      customer: CUSTOMER_NAME,
    });
    const after = await providerUser.client.get('/api/provider/assignments');
    expect(after.body).toContain(location);
    expect(after.body).toContain(CUSTOMER_NAME);
  });

  it('names the area before acceptance, and the access notes and site contact only after', async () => {
    await setMasking(true);
    const location = `${randomUUID().slice(0, 4)} Castle Street, Canterbury CT1 2AB`;
    const order = await convertedOrder(t.app, admin, customerOrgId, {
      location,
      accessNotes: 'Side gate code 4411.',
    });
    const offered = await admin.post('/api/admin/assignments', {
      orderId: order.id,
      providerOrgId: providerAdmin.orgId,
      compensation: 500,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const assignmentId = offered.json().id as string;

    const before = await providerUser.client.get(`/api/provider/assignments/${assignmentId}`);
    expect(before.json()).toMatchObject({
      masked: true,
      location: MASKED_LOCATION,
      area: expect.stringMatching(/^Canterbury, /),
      timeZone: 'Europe/London',
      accessNotes: null,
      siteContact: null,
    });
    expect(before.body).not.toContain('Castle Street');
    expect(before.body).not.toContain('4411');
    expect(before.body).not.toContain('7946 0958');

    const accepted = await providerUser.client.post(`/api/provider/assignments/${assignmentId}/accept`);
    expect(accepted.json()).toMatchObject({
      location,
      accessNotes: 'Side gate code 4411.',
      siteContact: { name: 'Ada Lovelace', phone: '+44 20 7946 0958' },
    });
  });

  it("gives the place's coordinates only once accepted: never while masked, nor to an open offer with masking off", async () => {
    const placedOffer = async () => {
      const order = await convertedOrder(t.app, admin, customerOrgId, {
        location: `${randomUUID().slice(0, 4)} High Street, Canterbury CT1 2AB`,
      });
      const offered = await admin.post('/api/admin/assignments', {
        orderId: order.id,
        providerOrgId: providerAdmin.orgId,
        compensation: 500,
      });
      expect(offered.statusCode, offered.body).toBe(201);
      return offered.json().id as string;
    };
    await setMasking(true);
    const maskedId = await placedOffer();
    const masked = await providerUser.client.get(`/api/provider/assignments/${maskedId}`);
    expect(masked.json()).toMatchObject({ masked: true, timeZone: 'Europe/London', coordinates: null });
    const listed = await providerUser.client.get('/api/provider/assignments');
    expect(listed.json().items.find((item: { id: string }) => item.id === maskedId).coordinates).toBeNull();

    const accepted = await providerUser.client.post(`/api/provider/assignments/${maskedId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Canterbury, as the gazetteer places it.
    expect(accepted.json().coordinates).toEqual({ lat: expect.closeTo(51.28, 1), lon: expect.closeTo(1.08, 1) });
    const after = await providerUser.client.get(`/api/provider/assignments/${maskedId}`);
    expect(after.json().coordinates).toEqual(accepted.json().coordinates);

    await setMasking(false);
    try {
      const openId = await placedOffer();
      const open = await providerUser.client.get(`/api/provider/assignments/${openId}`);
      expect(open.json()).toMatchObject({ status: 'offered', masked: false, coordinates: null });
    } finally {
      await setMasking(true);
    }
  });

  it('labels a masked customer per offer: two offers of one customer cannot be linked, nor the label traced to the organisation', async () => {
    await setMasking(true);
    const first = await offer();
    const second = await offer();
    const labelOf = async (assignmentId: string) => {
      const response = await providerUser.client.get(`/api/provider/assignments/${assignmentId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().customer as string;
    };
    const [firstLabel, secondLabel] = [await labelOf(first.assignmentId), await labelOf(second.assignmentId)];
    expect(firstLabel).toMatch(/^Client #[0-9A-F]{6}$/);
    expect(secondLabel).toMatch(/^Client #[0-9A-F]{6}$/);
    expect(secondLabel).not.toBe(firstLabel);
    // Stable for one offer, so the provider can tell its offers apart while they are open.
    expect(await labelOf(first.assignmentId)).toBe(firstLabel);
    const list = (await providerUser.client.get('/api/provider/assignments')).json() as {
      items: { id: string; customer: string }[];
    };
    expect(list.items.find((item) => item.id === first.assignmentId)?.customer).toBe(firstLabel);
    // Not a plain digest of anything a provider could guess: the organisation or the ids it sees.
    for (const known of [customerOrgId, first.assignmentId, first.order.id]) {
      const digest = createHash('sha256').update(known).digest('hex').slice(0, 6).toUpperCase();
      expect(firstLabel).not.toBe(`Client #${digest}`);
    }
  });

  it('shows everything to the provider while the flag is off', async () => {
    await setMasking(false);
    try {
      const { location, assignmentId } = await offer();
      const one = await providerAdmin.client.get(`/api/provider/assignments/${assignmentId}`);
      expect(one.json()).toMatchObject({ status: 'offered', masked: false, location, customer: CUSTOMER_NAME });
    } finally {
      await setMasking(true);
    }
  });
});

describe('answers and proposals', () => {
  it('declines with a job event, then refuses a second answer with a 409', async () => {
    const { order, assignmentId } = await offer();
    const declined = await providerAdmin.client.post(`/api/provider/assignments/${assignmentId}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', accepted: false, masked: true });
    expect((await jobEventsOf(t.db, order.id)).map((event) => event.type)).toContain('provider_decline');
    const again = await providerAdmin.client.post(`/api/provider/assignments/${assignmentId}/decline`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move assignment from declined to declined.');
    const accept = await providerAdmin.client.post(`/api/provider/assignments/${assignmentId}/accept`);
    expect(accept.statusCode).toBe(409);
    // Declined jobs leave the list.
    const list = await providerAdmin.client.get('/api/provider/assignments');
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(assignmentId);
  });

  it('refuses to accept after the deadline', async () => {
    const { assignmentId } = await offer();
    offsetMs = 49 * HOUR;
    try {
      const late = await providerAdmin.client.post(`/api/provider/assignments/${assignmentId}/accept`);
      expect(late.statusCode, late.body).toBe(409);
      expect(errorOf(late).message).toMatch(/expired .* can no longer be accepted or declined/);
    } finally {
      offsetMs = 0;
    }
  });

  it('checks a proposed window with the spec messages and lists it on the schedule', async () => {
    const { assignmentId, order } = await offer();
    const url = `/api/provider/assignments/${assignmentId}/schedule`;
    const start = new Date(now() + 72 * HOUR).toISOString();
    const end = new Date(now() + 76 * HOUR).toISOString();

    const notAccepted = await providerAdmin.client.post(url, { start, end });
    expect(notAccepted.statusCode).toBe(409);
    expect(errorOf(notAccepted).message).toBe('Cannot propose a schedule: the assignment is offered, not accepted.');
    await providerAdmin.client.post(`/api/provider/assignments/${assignmentId}/accept`);

    const missing = await providerAdmin.client.post(url, { start, end: '' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(missing))).toContain('Please select start and end date/time.');
    const backwards = await providerAdmin.client.post(url, { start: end, end: start });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(backwards))).toContain('The window must end after it starts.');
    const past = await providerAdmin.client.post(url, {
      start: new Date(now() - 2 * HOUR).toISOString(),
      end: new Date(now() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe('The window must start in the future.');

    const proposed = await providerUser.client.post(url, { start, end });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ proposedStart: start, proposedEnd: end, scheduledStart: null });
    const schedule = await providerUser.client.get('/api/provider/schedule');
    expect(schedule.statusCode).toBe(200);
    expect(schedule.json().items).toContainEqual(
      expect.objectContaining({ assignmentId, kind: 'proposed', start, end, location: order.location }),
    );

    const confirmed = await admin.post(`/api/admin/assignments/${assignmentId}/confirm-schedule`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await providerUser.client.get('/api/provider/schedule');
    expect(after.json().items).toContainEqual(expect.objectContaining({ assignmentId, kind: 'confirmed', start }));
  });
});

describe('who is refused', () => {
  it('another provider organisation gets 404, a customer 403, a signed-out caller 401', async () => {
    const { assignmentId } = await offer();
    const device = await providerAdmin.client.post('/api/provider/devices', {
      model: 'PRO',
      serial: `SN-${randomUUID()}`,
    });
    const deviceId = device.json().id as string;
    const window = { start: new Date(now() + 72 * HOUR).toISOString(), end: new Date(now() + 73 * HOUR).toISOString() };

    const own: [string, string, unknown?][] = [
      ['GET', `/api/provider/assignments/${assignmentId}`],
      ['POST', `/api/provider/assignments/${assignmentId}/accept`, {}],
      ['POST', `/api/provider/assignments/${assignmentId}/decline`, {}],
      ['POST', `/api/provider/assignments/${assignmentId}/schedule`, window],
      ['PATCH', `/api/provider/devices/${deviceId}`, { capabilities: ['x'] }],
      ['DELETE', `/api/provider/devices/${deviceId}`],
    ];
    for (const [method, url, body] of own) {
      const response = await otherProvider.client.request(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await otherProvider.client.get('/api/provider/assignments');
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(assignmentId);
    expect((await otherProvider.client.get('/api/provider/devices')).json().items).toEqual([]);

    const everything: [string, string, unknown?][] = [
      ...own,
      ['GET', '/api/provider/assignments'],
      ['GET', '/api/provider/schedule'],
      ['GET', '/api/provider/performance'],
      ['GET', '/api/provider/devices'],
      ['POST', '/api/provider/devices', { model: 'PRO', serial: 'X-1' }],
      ['GET', '/api/provider/certifications'],
      ['POST', '/api/provider/certifications', { scope: 'BIM', regions: [] }],
      ['GET', '/api/provider/settings'],
      ['PUT', '/api/provider/settings', {}],
    ];
    const signedOut = createClient(t.app);
    for (const [method, url, body] of everything) {
      const asCustomer = await customer.client.request(method as 'GET', url, body);
      expect(asCustomer.statusCode, `customer ${method} ${url}`).toBe(403);
      const anonymous = await signedOut.request(method as 'GET', url, body);
      expect(anonymous.statusCode, `signed out ${method} ${url}`).toBe(401);
    }
    // The offer is untouched by all of that.
    expect((await providerAdmin.client.get(`/api/provider/assignments/${assignmentId}`)).json().status).toBe('offered');
  });
});

describe('devices', () => {
  it('lets a provider admin add, edit and remove devices, with an audit entry each; serials are unique', async () => {
    const serial = `SN-${randomUUID()}`;
    let id = '';
    expect(
      await auditDelta(t.db, async () => {
        const created = await providerAdmin.client.post('/api/provider/devices', {
          model: 'MEGA',
          serial: ` ${serial} `,
          capabilities: ['3d-model', 'floor-plan'],
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json()).toMatchObject({ model: 'MEGA', serial, capabilities: ['3d-model', 'floor-plan'] });
        id = created.json().id;
      }),
    ).toBe(1);
    const duplicate = await otherProvider.client.post('/api/provider/devices', { model: 'PRO', serial });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe('A device with this serial number is already registered.');
    const badModel = await providerAdmin.client.post('/api/provider/devices', { model: 'GIGA', serial: 'SN-X' });
    expect(badModel.statusCode).toBe(400);

    expect(
      await auditDelta(t.db, async () => {
        const edited = await patch(providerAdmin.client, `/api/provider/devices/${id}`, { model: 'META' });
        expect(edited.statusCode, edited.body).toBe(200);
        expect(edited.json()).toMatchObject({ model: 'META', serial });
      }),
    ).toBe(1);

    const asUser = await providerUser.client.get('/api/provider/devices');
    expect(asUser.json().items).toContainEqual(expect.objectContaining({ id, model: 'META' }));
    expect((await providerUser.client.post('/api/provider/devices', { model: 'PRO', serial: 'SN-U' })).statusCode).toBe(
      403,
    );
    expect((await patch(providerUser.client, `/api/provider/devices/${id}`, { model: 'PRO' })).statusCode).toBe(403);
    expect((await providerUser.client.delete(`/api/provider/devices/${id}`)).statusCode).toBe(403);

    expect(
      await auditDelta(t.db, async () => {
        expect((await providerAdmin.client.delete(`/api/provider/devices/${id}`)).statusCode).toBe(204);
      }),
    ).toBe(1);
    expect((await providerAdmin.client.delete(`/api/provider/devices/${id}`)).statusCode).toBe(404);
  });
});

describe('certifications', () => {
  it('a provider admin requests, an admin verifies or rejects, once', async () => {
    const expiry = new Date(Date.now() + 365 * 24 * HOUR).toISOString();
    const requested = await providerAdmin.client.post('/api/provider/certifications', {
      scope: 'Heritage interiors',
      regions: ['London', 'Kent'],
      expiry,
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ status: 'pending', regions: ['London', 'Kent'], expiry });
    const id = requested.json().id as string;
    expect(
      (await providerUser.client.post('/api/provider/certifications', { scope: 'X', regions: [] })).statusCode,
    ).toBe(403);
    expect((await providerAdmin.client.post(`/api/admin/certifications/${id}/verify`)).statusCode).toBe(403);

    expect(
      await auditDelta(t.db, async () => {
        const verified = await admin.post(`/api/admin/certifications/${id}/verify`);
        expect(verified.statusCode, verified.body).toBe(200);
        expect(verified.json()).toMatchObject({ id, status: 'active' });
      }),
    ).toBe(1);
    const again = await admin.post(`/api/admin/certifications/${id}/reject`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move certification from active to rejected.');

    const second = await providerAdmin.client.post('/api/provider/certifications', { scope: 'Drones', regions: [] });
    const rejected = await admin.post(`/api/admin/certifications/${second.json().id}/reject`);
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect((await admin.post(`/api/admin/certifications/${randomUUID()}/verify`)).statusCode).toBe(404);

    const list = await providerUser.client.get('/api/provider/certifications');
    expect(list.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, status: 'active', scope: 'Heritage interiors' }),
        expect.objectContaining({ id: second.json().id, status: 'rejected' }),
      ]),
    );
    expect((await otherProvider.client.get('/api/provider/certifications')).json().items).toEqual([]);
  });
});

describe('settings', () => {
  it('round-trips; only a provider admin renames the business', async () => {
    const initial = await providerUser.client.get('/api/provider/settings');
    expect(initial.statusCode, initial.body).toBe(200);
    const orgName = initial.json().businessName as string;
    expect(initial.json()).toEqual({
      businessName: orgName,
      contactEmail: null,
      phone: null,
      availability: null,
      serviceRegions: [],
      notifications: { newProjectAssignments: true, projectUpdates: true, paymentNotifications: true },
    });
    const settings = {
      businessName: `${orgName} Ltd`,
      contactEmail: 'ops@portal-scans.example.com',
      phone: '+44 20 7946 0000',
      availability: 'Weekdays 8–18',
      serviceRegions: ['London', 'Surrey'],
      notifications: { newProjectAssignments: true, projectUpdates: false, paymentNotifications: false },
    };
    const refused = await put(providerUser.client, '/api/provider/settings', settings);
    expect(refused.statusCode).toBe(403);
    const saved = await put(providerAdmin.client, '/api/provider/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(settings);
    expect((await providerUser.client.get('/api/provider/settings')).json()).toEqual(settings);
    // A provider user may change the rest.
    const byUser = await put(providerUser.client, '/api/provider/settings', { ...settings, phone: '' });
    expect(byUser.json()).toMatchObject({ phone: null, businessName: settings.businessName });
    const invalid = await put(providerAdmin.client, '/api/provider/settings', { ...settings, contactEmail: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect((await otherProvider.client.get('/api/provider/settings')).json().businessName).not.toBe(
      settings.businessName,
    );
  });
});

describe('performance', () => {
  it('counts completed and active jobs, earnings, ratings and jobs per month from real rows', async () => {
    const empty = await otherProvider.client.get('/api/provider/performance');
    expect(empty.statusCode, empty.body).toBe(200);
    const base = empty.json();

    const paid = await offer({ providerOrgId: otherProvider.orgId });
    const quoted = await offer({ providerOrgId: otherProvider.orgId, quoteAccepted: true });
    const active = await offer({ providerOrgId: otherProvider.orgId });
    await offer({ providerOrgId: otherProvider.orgId }); // still offered: not counted
    for (const job of [paid, quoted, active]) {
      const accepted = await otherProvider.client.post(`/api/provider/assignments/${job.assignmentId}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    await t.db
      .update(schema.assignments)
      .set({ compensation: '750.50' })
      .where(eq(schema.assignments.id, paid.assignmentId));
    // An offer made before compensation was required has none: its earnings come from the quote.
    await t.db
      .update(schema.assignments)
      .set({ compensation: null })
      .where(eq(schema.assignments.id, quoted.assignmentId));
    await t.db.update(schema.orders).set({ status: 'completed' }).where(eq(schema.orders.id, paid.order.id));
    await t.db.update(schema.orders).set({ status: 'delivered' }).where(eq(schema.orders.id, quoted.order.id));
    await t.db.insert(schema.ratings).values([
      { orderId: paid.order.id, providerOrgId: otherProvider.orgId, score: 5, ratedBy: customer.userId },
      { orderId: quoted.order.id, providerOrgId: otherProvider.orgId, score: 4, ratedBy: customer.userId },
    ]);

    const figures = (await otherProvider.client.get('/api/provider/performance')).json();
    expect(figures).toMatchObject({
      completedProjects: base.completedProjects + 2,
      activeProjects: base.activeProjects + 1,
      averageRating: 4.5,
      ratingCount: 2,
    });
    // 750.50 compensation + the accepted quote's 1,500 where compensation is not set, in the orders' USD.
    const usdBefore = base.earnings.find((sum: { currency: string }) => sum.currency === 'USD')?.total ?? 0;
    expect(figures.earnings).toContainEqual({ currency: 'USD', total: usdBefore + 2250.5 });
    const month = new Date().toISOString().slice(0, 7);
    expect(figures.jobsPerMonth.at(-1)).toEqual({ month, jobs: expect.any(Number) });
    expect(figures.jobsPerMonth.at(-1).jobs).toBeGreaterThanOrEqual(3);
  });
});
