import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  errorOf,
  invitationTokenFor,
  latestEmail,
  signUp,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { PDF_BYTES, PNG_BYTES } from '../../../test/public-forms.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  addCertification,
  addDevice,
  auditDelta,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  DEFAULT_BREAKDOWN,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
  submitApplication,
  submitLead,
} from '../../../test/workflow.ts';

/** The admin workflow through the HTTP API, as the admin portal drives it (spec 001 §2, §4, §5, §8). */

const API = '/api/admin';
const SPEC = {
  selectCustomerOrg: 'Choose a customer organization to create the order under.',
  selectOrder: 'Please choose an order to quote.',
  pickProvider: 'Select a provider organization first.',
};

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let adminUserId: string;
let customer: TSignedInUser;
let provider: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  adminUserId = (await admin.me()).body.user.id;
  customer = await newUser('customer_admin', { name: 'Acme Customer' });
  provider = await newUser('provider_admin', { name: 'Scan Co' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function customerOrder(overrides: Record<string, unknown> = {}) {
  return convertedOrder(t.app, admin, customer.orgId, overrides);
}

async function createQuote(orderId: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post(`${API}/quotes`, { orderId, priceBreakdown: DEFAULT_BREAKDOWN, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string; total: number };
}

describe('leads', () => {
  it('lists leads newest first, a page at a time', async () => {
    const ids = [await submitLead(t.app), await submitLead(t.app), await submitLead(t.app)];
    const first = await admin.get(`${API}/leads?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.items.map((lead: { id: string }) => lead.id)).toEqual([ids[2], ids[1]]);
    expect(page1.items[0]).toMatchObject({
      status: 'new',
      contact: { name: 'Ada Lovelace', phone: '+44 20 7946 0958', company: 'Analytical Engines Ltd' },
      details: { captureType: 'virtual-tour', location: expect.stringMatching(/^Harbour Yard /), source: 'website' },
      orderId: null,
    });
    const second = await admin.get(`${API}/leads?limit=2&cursor=${page1.nextCursor}`);
    expect(second.json().items[0].id).toBe(ids[0]);
    const bad = await admin.get(`${API}/leads?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('moves a lead to triage and marks it quoted, one audit entry each; a repeat is a 409 from … to …', async () => {
    const leadId = await submitLead(t.app);
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/leads/${leadId}/status`, { status: 'triage' });
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    expect(response!.json()).toMatchObject({ id: leadId, status: 'triage' });
    const again = await admin.post(`${API}/leads/${leadId}/status`, { status: 'triage' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move lead from triage to triage.');
    const quoted = await admin.post(`${API}/leads/${leadId}/status`, { status: 'quoted' });
    expect(quoted.json().status).toBe('quoted');
    const audit = await auditOf(t.db, leadId);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'set_status', 'set_status']);
    expect(audit[2]).toMatchObject({ entity: 'order_lead', actorUserId: adminUserId });
    expect(audit[2]!.before).toMatchObject({ status: 'triage' });
    expect(audit[2]!.after).toMatchObject({ status: 'quoted' });
    // Only the spec's buttons' statuses can be set by hand.
    const converted = await admin.post(`${API}/leads/${leadId}/status`, { status: 'converted' });
    expect(converted.statusCode).toBe(400);
  });

  it('refuses Create Order without a customer organisation, with the spec message', async () => {
    const leadId = await submitLead(t.app);
    const missing = await admin.post(`${API}/leads/${leadId}/convert`, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ customerOrgId: SPEC.selectCustomerOrg });
    const providerOrg = await admin.post(`${API}/leads/${leadId}/convert`, { customerOrgId: provider.orgId });
    expect(providerOrg.statusCode).toBe(400);
    expect(errorOf(providerOrg).fields).toEqual({ customerOrgId: SPEC.selectCustomerOrg });
    const unknown = await admin.post(`${API}/leads/${crypto.randomUUID()}/convert`, { customerOrgId: customer.orgId });
    expect(unknown.statusCode).toBe(404);
  });

  it('converts a lead into an order in triage, with its title, location, capture type and dates', async () => {
    const leadId = await submitLead(t.app, {
      captureType: 'point-cloud',
      spaceType: 'industrial',
      location: 'Rotterdam Harbour',
      timeline: 'urgent',
      additionalInfo: 'Night shifts only.',
    });
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/leads/${leadId}/convert`, { customerOrgId: customer.orgId });
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(201);
    const { lead, order } = response!.json();
    expect(lead).toMatchObject({ id: leadId, status: 'converted', orderId: order.id });
    expect(order).toMatchObject({
      title: 'Point Cloud — Industrial, Rotterdam Harbour',
      status: 'triage',
      location: 'Rotterdam Harbour',
      captureType: 'point-cloud',
      preferredDates: { timeline: 'urgent', notes: 'Night shifts only.' },
      customerOrg: { id: customer.orgId, name: 'Acme Customer' },
      leadId,
    });
    const events = await jobEventsOf(t.db, order.id);
    expect(events.map((event) => [event.type, event.metadata.to])).toEqual([['status_change', 'triage']]);
    const [entry] = (await auditOf(t.db, leadId)).filter((row) => row.action === 'convert');
    expect(entry).toMatchObject({ entity: 'order_lead', actorUserId: adminUserId });

    const again = await admin.post(`${API}/leads/${leadId}/convert`, { customerOrgId: customer.orgId });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move lead from converted to converted.');
    const back = await admin.post(`${API}/leads/${leadId}/status`, { status: 'triage' });
    expect(errorOf(back).message).toBe('Cannot move lead from converted to triage.');
    const listed = (await admin.get(`${API}/leads?status=converted`)).json();
    expect(listed.items.find((item: { id: string }) => item.id === leadId)?.orderId).toBe(order.id);
  });

  it('converts a lead once when two admins click at the same moment', async () => {
    const leadId = await submitLead(t.app);
    const responses = await Promise.all(
      [0, 1, 2].map(() => admin.post(`${API}/leads/${leadId}/convert`, { customerOrgId: customer.orgId })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    const orders = await t.db.select().from(schema.orders).where(eq(schema.orders.leadId, leadId));
    expect(orders).toHaveLength(1);
    expect((await auditOf(t.db, leadId)).filter((row) => row.action === 'convert')).toHaveLength(1);
  });
});

describe('provider applications', () => {
  it('lists applications newest first with the contact and the portfolio', async () => {
    const older = await submitApplication(t.app);
    const newer = await submitApplication(t.app, { companyName: 'Newer Scans' }, null);
    const response = await admin.get(`${API}/applications?limit=2`);
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = response.json().items;
    expect(first).toMatchObject({ id: newer.id, orgName: 'Newer Scans', portfolioFile: null, status: 'new' });
    expect(second).toMatchObject({
      id: older.id,
      orgName: 'Hopper Scans',
      region: 'New York, New Jersey',
      contact: { firstName: 'Grace', lastName: 'Hopper', email: older.email },
      portfolioFile: { originalName: 'portfolio.pdf', contentType: 'application/pdf', size: PDF_BYTES.length },
    });
  });

  it('marks reviewing and schedules an interview, one audit entry each; a repeat is a 409', async () => {
    const { id } = await submitApplication(t.app, {}, null);
    expect(
      await auditDelta(t.db, async () => {
        const response = await admin.post(`${API}/applications/${id}/status`, { status: 'reviewing' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().status).toBe('reviewing');
      }),
    ).toBe(1);
    const again = await admin.post(`${API}/applications/${id}/status`, { status: 'reviewing' });
    expect(errorOf(again).message).toBe('Cannot move application from reviewing to reviewing.');
    const interview = await admin.post(`${API}/applications/${id}/status`, { status: 'interview' });
    expect(interview.json().status).toBe('interview');
  });

  it('approves: creates the provider organisation and e-mails its contact an invitation that signs them up into it', async () => {
    const application = await submitApplication(t.app, { companyName: 'Lidar Masters' }, null);
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/applications/${application.id}/approve`);
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    const body = response!.json();
    expect(body.application.status).toBe('approved');
    expect(body.organization).toMatchObject({ name: 'Lidar Masters', type: 'provider' });
    expect(body.invitation).toMatchObject({
      email: application.email,
      roleSuggested: 'provider_admin',
      status: 'pending',
      organization: { id: body.organization.id, name: 'Lidar Masters' },
    });
    const [entry] = await auditOf(t.db, application.id).then((rows) => rows.filter((row) => row.action === 'approve'));
    expect(entry!.after).toMatchObject({ organization: { id: body.organization.id } });

    // The invitation works: the contact signs up into the new organisation as its provider_admin.
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    const token = await invitationTokenFor(t.db, application.email);
    const signedUp = await signUp(client, {
      email: application.email,
      accountType: 'provider',
      invitationToken: token,
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const me = await client.me();
    expect(me.body).toMatchObject({ role: 'provider_admin' });
    expect(JSON.stringify(me.body)).toContain(body.organization.id);

    const twice = await admin.post(`${API}/applications/${application.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('Cannot move application from approved to approved.');
  });

  it('keeps nothing when the approval cannot invite the contact (they already have an account)', async () => {
    const application = await submitApplication(t.app, { email: customer.email }, null);
    const orgsBefore = (await t.db.select().from(schema.organizations)).length;
    const response = await admin.post(`${API}/applications/${application.id}/approve`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toContain('already exists');
    expect((await t.db.select().from(schema.organizations)).length).toBe(orgsBefore);
    const listed = (await admin.get(`${API}/applications?status=new`)).json();
    expect(listed.items.some((item: { id: string }) => item.id === application.id)).toBe(true);
  });

  it('rejects with a polite e-mail to the applicant; approving after that is a 409', async () => {
    const application = await submitApplication(t.app, {}, null);
    const response = await admin.post(`${API}/applications/${application.id}/reject`, { reason: 'Region is full.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('rejected');
    const email = await latestEmail(t.db, application.email, 'Your SpaceCapture provider application');
    expect(email.text).toContain('thank you for applying');
    expect(email.text).toContain('Region is full.');
    const approve = await admin.post(`${API}/applications/${application.id}/approve`);
    expect(errorOf(approve).message).toBe('Cannot move application from rejected to approved.');
    const noBody = await submitApplication(t.app, {}, null);
    expect((await admin.post(`${API}/applications/${noBody.id}/reject`)).statusCode).toBe(200);
  });

  it('downloads the stored portfolio as an attachment with its original name and type', async () => {
    const application = await submitApplication(t.app, {}, { name: 'Mörk portfolio.png', bytes: PNG_BYTES });
    const response = await admin.get(`${API}/applications/${application.id}/portfolio`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="M_rk portfolio.png"; filename*=UTF-8''M%C3%B6rk%20portfolio.png`,
    );
    const without = await submitApplication(t.app, {}, null);
    expect((await admin.get(`${API}/applications/${without.id}/portfolio`)).statusCode).toBe(404);
    expect((await admin.get(`${API}/applications/${crypto.randomUUID()}/portfolio`)).statusCode).toBe(404);
  });
});

describe('quotes', () => {
  it('refuses a quote without an order or with a bad price breakdown, with field messages', async () => {
    const noOrder = await admin.post(`${API}/quotes`, { priceBreakdown: DEFAULT_BREAKDOWN });
    expect(noOrder.statusCode).toBe(400);
    expect(errorOf(noOrder).fields).toEqual({ orderId: SPEC.selectOrder });
    const order = await customerOrder();
    const cases: [unknown, string, string][] = [
      [{ items: [], currency: 'USD' }, 'priceBreakdown.items', 'Add at least one item.'],
      [
        { items: [{ label: '', amount: 1 }], currency: 'USD' },
        'priceBreakdown.items.0.label',
        'Each item needs a label.',
      ],
      [
        { items: [{ label: 'x', amount: -1 }], currency: 'USD' },
        'priceBreakdown.items.0.amount',
        'Amounts cannot be negative.',
      ],
      [
        { items: [{ label: 'x', amount: 10.005 }], currency: 'USD' },
        'priceBreakdown.items.0.amount',
        'Amounts may have at most 2 decimals.',
      ],
      [
        { items: [{ label: 'x', amount: 10_000_000.01 }], currency: 'USD' },
        'priceBreakdown.items.0.amount',
        'Amounts must be at most 10,000,000.',
      ],
      [
        { items: Array.from({ length: 51 }, () => ({ label: 'x', amount: 1 })), currency: 'USD' },
        'priceBreakdown.items',
        'A quote can have at most 50 items.',
      ],
      [
        { items: [{ label: 'x', amount: 1 }], currency: 'DOLLARS' },
        'priceBreakdown.currency',
        'Currency must be a 3-letter ISO 4217 code, such as USD.',
      ],
    ];
    for (const [priceBreakdown, field, message] of cases) {
      const response = await admin.post(`${API}/quotes`, { orderId: order.id, priceBreakdown });
      expect(response.statusCode, JSON.stringify(priceBreakdown)).toBe(400);
      expect(errorOf(response).fields?.[field], JSON.stringify(errorOf(response))).toBe(message);
    }
    const past = await admin.post(`${API}/quotes`, {
      orderId: order.id,
      priceBreakdown: DEFAULT_BREAKDOWN,
      validityUntil: '2001-01-01',
    });
    expect(errorOf(past).fields).toEqual({ validityUntil: 'The validity date must be in the future.' });
    expect(
      (await admin.post(`${API}/quotes`, { orderId: crypto.randomUUID(), priceBreakdown: DEFAULT_BREAKDOWN }))
        .statusCode,
    ).toBe(404);
  });

  it('creates a draft with the total computed on the server, once per Idempotency-Key', async () => {
    const order = await customerOrder();
    const breakdown = {
      items: [
        { label: 'Capture', amount: 0.1 },
        { label: 'Travel', amount: 0.2 },
      ],
      currency: 'usd',
    };
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(
          `${API}/quotes`,
          {
            orderId: order.id,
            priceBreakdown: breakdown,
            sla: 'Standard SLA: 5 business days after capture',
            validityUntil: '2999-12-31',
            total: 1,
          },
          { headers: { 'idempotency-key': 'quote-key-0001' } },
        );
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(201);
    const quote = response!.json();
    expect(quote).toMatchObject({
      orderId: order.id,
      status: 'draft',
      total: 0.3,
      currency: 'USD',
      sla: 'Standard SLA: 5 business days after capture',
      validityUntil: '2999-12-31T23:59:59.999Z',
      order: { id: order.id, title: order.title, customerOrg: { id: customer.orgId, name: 'Acme Customer' } },
    });
    const replay = await admin.post(
      `${API}/quotes`,
      {
        orderId: order.id,
        priceBreakdown: breakdown,
        sla: 'Standard SLA: 5 business days after capture',
        validityUntil: '2999-12-31',
        total: 1,
      },
      { headers: { 'idempotency-key': 'quote-key-0001' } },
    );
    expect(replay.json().id).toBe(quote.id);
    expect(await t.db.select().from(schema.quotes).where(eq(schema.quotes.orderId, order.id))).toHaveLength(1);
  });

  it('sends a draft: status sent, order quoted, e-mails to every customer member and the company; drafts only', async () => {
    const order = await customerOrder();
    const quote = await createQuote(order.id);
    expect(quote.total).toBe(1500);
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/quotes/${quote.id}/send`);
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    expect(response!.json()).toMatchObject({ status: 'sent', order: { status: 'quoted' } });
    expect((await orderRow(t.db, order.id)).status).toBe('quoted');
    const events = await jobEventsOf(t.db, order.id);
    expect(events.at(-1)).toMatchObject({ type: 'status_change', metadata: { from: 'triage', to: 'quoted' } });
    const emails = await outboxWithSubject(t.db, `Quote sent: ${order.title}`);
    expect(emails.map((email) => email.to).sort()).toEqual([[COMPANY_EMAIL], [customer.email]].sort());
    expect(emails[0]!.text).toContain('Total: $1,500.00');

    const again = await admin.post(`${API}/quotes/${quote.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move quote from sent to sent.');
    const listed = (await admin.get(`${API}/quotes?status=sent&orderId=${order.id}`)).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([quote.id]);
  });

  it('refuses to quote or send for a cancelled order', async () => {
    const order = await customerOrder();
    const quote = await createQuote(order.id);
    await t.db.update(schema.orders).set({ status: 'cancelled' }).where(eq(schema.orders.id, order.id));
    const create = await admin.post(`${API}/quotes`, { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
    expect(create.statusCode).toBe(409);
    expect(errorOf(create).message).toBe('The order is cancelled; it can no longer be quoted.');
    expect((await admin.post(`${API}/quotes/${quote.id}/send`)).statusCode).toBe(409);
  });

  it('lists quotes newest first, a page at a time', async () => {
    const order = await customerOrder();
    const a = await createQuote(order.id);
    const b = await createQuote(order.id);
    const first = (await admin.get(`${API}/quotes?orderId=${order.id}&limit=1`)).json();
    expect(first.items.map((item: { id: string }) => item.id)).toEqual([b.id]);
    const second = (await admin.get(`${API}/quotes?orderId=${order.id}&limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([a.id]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('assignments', () => {
  it('lists orders in approved, triage or assigned, with their latest offer', async () => {
    const inTriage = await customerOrder();
    const quoted = await customerOrder();
    const quote = await createQuote(quoted.id);
    await admin.post(`${API}/quotes/${quote.id}/send`);
    const response = await admin.get(`${API}/assignments/queue?limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().items.map((item: { order: { id: string } }) => item.order.id);
    expect(ids).toContain(inTriage.id);
    expect(ids).not.toContain(quoted.id);
    const item = response.json().items.find((entry: { order: { id: string } }) => entry.order.id === inTriage.id);
    expect(item).toMatchObject({ latestAssignment: null, latestProposal: null, order: { status: 'triage' } });
  });

  it('shows active provider organisations with devices, certifications and regions; the verdict is the ranking’s alone', async () => {
    const meta = await createOrganization(admin, 'provider', 'Meta Scans');
    const pro = await createOrganization(admin, 'provider', 'Pro Scans');
    await createOrganization(admin, 'provider', 'Bare Scans');
    await addDevice(t.db, meta.id, 'META');
    await addCertification(t.db, meta.id, 'point-cloud', ['NL', 'BE']);
    await addCertification(t.db, meta.id, 'virtual-tour', ['NL', 'DE']);
    await addDevice(t.db, pro.id, 'Pro 3');
    await addCertification(t.db, pro.id, 'virtual-tour', ['Utrecht']);
    const pointCloud = await customerOrder({ captureType: 'point-cloud', location: 'Utrecht, NL' });
    const response = await admin.get(`${API}/assignments/providers?orderId=${pointCloud.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.order).toEqual({ id: pointCloud.id, captureType: 'point-cloud', location: 'Utrecht, NL' });
    const byName = (name: string) => body.items.find((item: { name: string }) => item.name === name);
    expect(byName('Meta Scans')).toMatchObject({
      devices: [{ model: 'META' }],
      regions: expect.arrayContaining(['NL', 'BE', 'DE']),
    });
    expect(byName('Meta Scans').regions).toHaveLength(3);
    expect(byName('Meta Scans').certifications).toHaveLength(2);
    // No second verdict beside dispatch's: a region named "NL" says nothing of an address in Utrecht.
    expect(byName('Meta Scans')).not.toHaveProperty('fit');
    const ranking = (await admin.get(`${API}/assignments/ranking?orderId=${pointCloud.id}`)).json();
    const outOf = (id: string) => ranking.out.find((item: { id: string }) => item.id === id)?.reasons;
    expect(outOf(pro.id)).toContain('Point clouds need a META or MEGA device.');
    expect(outOf(meta.id)).toEqual(['No service base recorded.']);
    expect(body.items.some((item: { id: string }) => item.id === customer.orgId)).toBe(false);
    expect((await admin.get(`${API}/assignments/providers`)).statusCode).toBe(400);
    expect((await admin.get(`${API}/assignments/providers?orderId=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('assigns: offer with the acceptance deadline from the flag, order assigned, provider e-mailed, one audit entry', async () => {
    const order = await customerOrder();
    const missing = await admin.post(`${API}/assignments`, { orderId: order.id, compensation: 500 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ providerOrgId: SPEC.pickProvider });
    const notProvider = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: customer.orgId,
      compensation: 500,
    });
    expect(notProvider.statusCode).toBe(400);

    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    const before = Date.now();
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/assignments`, {
          orderId: order.id,
          providerOrgId: provider.orgId,
          compensation: 500,
        });
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(201);
    const assignment = response!.json();
    expect(assignment).toMatchObject({
      orderId: order.id,
      providerOrg: { id: provider.orgId, name: 'Scan Co' },
      status: 'offered',
      accepted: null,
    });
    const deadline = new Date(assignment.respondBy).getTime() - before;
    expect(deadline).toBeGreaterThanOrEqual(48 * 3_600_000 - 1000);
    expect(deadline).toBeLessThan(48 * 3_600_000 + 60_000);
    expect((await orderRow(t.db, order.id)).status).toBe('assigned');
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'status_change',
      metadata: { from: 'triage', to: 'assigned', assignmentId: assignment.id },
    });
    const offer = await latestEmail(t.db, provider.email, 'New job offer: Virtual Tour');
    expect(offer.text).toContain('respond within 48 hours');
    // Address masking is on by default: the location waits for acceptance.
    expect(offer.text).toContain('Location revealed after acceptance');
    expect(offer.text).not.toContain('Harbour Yard');

    const twice = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation: 500,
    });
    expect(twice.statusCode).toBe(409);
    const queue = (await admin.get(`${API}/assignments/queue?limit=100`)).json();
    const item = queue.items.find((entry: { order: { id: string } }) => entry.order.id === order.id);
    expect(item.latestAssignment).toMatchObject({ id: assignment.id, status: 'offered' });
  });

  it('takes the deadline from provider_acceptance_deadline_hours and withdraws the live offer on re-assignment', async () => {
    await t.db
      .insert(schema.featureFlags)
      .values({ id: 1, providerAcceptanceDeadlineHours: 24 })
      .onConflictDoUpdate({ target: schema.featureFlags.id, set: { providerAcceptanceDeadlineHours: 24 } });
    try {
      const order = await customerOrder();
      const other = await createOrganization(admin, 'provider', 'Other Scans');
      const first = (
        await admin.post(`${API}/assignments`, { orderId: order.id, providerOrgId: provider.orgId, compensation: 500 })
      ).json();
      let response: Awaited<ReturnType<TClient['post']>> | undefined;
      expect(
        await auditDelta(t.db, async () => {
          response = await admin.post(`${API}/assignments`, {
            orderId: order.id,
            providerOrgId: other.id,
            compensation: 500,
          });
        }),
      ).toBe(1);
      const second = response!.json();
      expect(response!.statusCode, response!.body).toBe(201);
      const hours = (new Date(second.respondBy).getTime() - new Date(second.createdAt).getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(24, 1);
      const rows = await t.db.select().from(schema.assignments).where(eq(schema.assignments.orderId, order.id));
      expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
        [first.id]: 'withdrawn',
        [second.id]: 'offered',
      });
      expect((await orderRow(t.db, order.id)).status).toBe('assigned');
    } finally {
      await t.db.update(schema.featureFlags).set({ providerAcceptanceDeadlineHours: 48 });
    }
  });

  it('refuses to assign an order that is not in approved, triage or assigned: 409 from … to …', async () => {
    const order = await customerOrder();
    const quote = await createQuote(order.id);
    await admin.post(`${API}/quotes/${quote.id}/send`);
    const response = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation: 500,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('Cannot move order from quoted to assigned.');
  });

  it('confirms the latest schedule only with an accepted offer and a full window; the order becomes scheduled', async () => {
    const order = await customerOrder();
    const assignment = (
      await admin.post(`${API}/assignments`, { orderId: order.id, providerOrgId: provider.orgId, compensation: 500 })
    ).json();
    const early = await admin.post(`${API}/assignments/${assignment.id}/confirm-schedule`);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('Cannot confirm a schedule: the assignment is offered, not accepted.');

    const providerActor = { userId: provider.userId, role: 'provider_admin', orgId: provider.orgId };
    await t.app.services.assignments.accept(assignment.id, providerActor, { providerOrgId: provider.orgId });
    const noWindow = await admin.post(`${API}/assignments/${assignment.id}/confirm-schedule`);
    expect(noWindow.statusCode).toBe(409);
    expect(errorOf(noWindow).message).toBe(
      'Cannot confirm a schedule: the provider has not proposed a window with a start and an end yet.',
    );
    // A proposal stored without its end (spec 001 §5: nothing happens without both).
    await t.db.insert(schema.jobEvents).values({
      orderId: order.id,
      type: 'deadline',
      metadata: { start: '2999-01-01T09:00:00.000Z', assignmentId: assignment.id },
    });
    expect((await admin.post(`${API}/assignments/${assignment.id}/confirm-schedule`)).statusCode).toBe(409);
    expect((await orderRow(t.db, order.id)).status).toBe('assigned');

    const start = '2999-03-01T09:00:00.000Z';
    const end = '2999-03-01T13:00:00.000Z';
    await t.app.services.assignments.proposeSchedule(assignment.id, { start, end }, providerActor, {
      providerOrgId: provider.orgId,
    });
    const queue = (await admin.get(`${API}/assignments/queue?limit=100`)).json();
    const item = queue.items.find((entry: { order: { id: string } }) => entry.order.id === order.id);
    expect(item.latestProposal).toMatchObject({ start, end, assignmentId: assignment.id });

    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/assignments/${assignment.id}/confirm-schedule`);
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    expect(response!.json()).toMatchObject({
      assignment: { id: assignment.id, scheduledStart: start, scheduledEnd: end, status: 'accepted', accepted: true },
      order: { id: order.id, status: 'scheduled', scheduledStart: start, scheduledEnd: end },
    });
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'status_change',
      metadata: { from: 'assigned', to: 'scheduled', start, end },
    });
    const confirmed = await outboxWithSubject(t.db, `Schedule confirmed: ${order.title}`);
    expect(confirmed.map((email) => email.to[0]).sort()).toEqual([customer.email, provider.email].sort());

    const again = await admin.post(`${API}/assignments/${assignment.id}/confirm-schedule`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move order from scheduled to scheduled.');
  });
});

describe('access', () => {
  it('answers 401 signed out and 403 to customers and providers', async () => {
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await anonymous.get(`${API}/leads`)).statusCode).toBe(401);
    expect((await anonymous.post(`${API}/assignments`, {})).statusCode).toBe(401);
    expect((await customer.client.get(`${API}/quotes`)).statusCode).toBe(403);
    expect((await customer.client.post(`${API}/quotes`, {})).statusCode).toBe(403);
    expect((await provider.client.get(`${API}/assignments/queue`)).statusCode).toBe(403);
    expect((await provider.client.post(`${API}/leads/${crypto.randomUUID()}/convert`, {})).statusCode).toBe(403);
    const application = await submitApplication(t.app);
    expect((await provider.client.get(`${API}/applications/${application.id}/portfolio`)).statusCode).toBe(403);
  });
});
