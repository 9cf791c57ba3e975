import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { WORKFLOW_MESSAGES } from '@spacecapture/shared/contracts/admin-workflow';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  emailsTo,
  errorOf,
  invitationTokenFor,
  signUp,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditDelta, COMPANY_EMAIL, submitApplication, submitLead } from '../../../test/workflow.ts';

/**
 * Triage as an admin lives it (decisions 106, 107): a lead for a brand-new prospect becomes an
 * order under a new organisation whose contact is invited, in one step; the lists show open items
 * unless asked otherwise and can be searched; an approved application brings its regions and
 * devices into the new provider organisation, and the picker's fit counts the region.
 */

const API = '/api/admin';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  customer = await newUser('customer_admin', { name: `Known Customer ${randomUUID().slice(0, 6)}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function rowCounts() {
  const [orgs, invitations, orders, outbox] = await Promise.all([
    t.db.select({ n: count() }).from(schema.organizations),
    t.db.select({ n: count() }).from(schema.invitations),
    t.db.select({ n: count() }).from(schema.orders),
    t.db.select({ n: count() }).from(schema.outboxEmails),
  ]);
  return { orgs: orgs[0]!.n, invitations: invitations[0]!.n, orders: orders[0]!.n, outbox: outbox[0]!.n };
}

async function leadRow(id: string) {
  const [row] = await t.db.select().from(schema.orderLeads).where(eq(schema.orderLeads.id, id));
  return row!;
}

describe('Create Order for a new prospect', () => {
  it('creates the organisation, invites the contact and converts the lead in one audited step', async () => {
    const email = `prospect.${randomUUID().slice(0, 8)}@example.com`;
    const leadId = await submitLead(t.app, { email, location: 'Canterbury, Kent' });
    const name = `Prospect Homes ${randomUUID().slice(0, 6)}`;
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    const audited = await auditDelta(t.db, async () => {
      response = await admin.post(`${API}/leads/${leadId}/convert`, { newCustomerOrg: { name, contactEmail: email } });
    });
    expect(response!.statusCode, response!.body).toBe(201);
    const body = response!.json();
    // The organisation's creation and the conversion (naming the invitation): two entries.
    expect(audited).toBe(2);
    expect(body.lead).toMatchObject({ id: leadId, status: 'converted', orderId: body.order.id });
    expect(body.order).toMatchObject({ status: 'triage', location: 'Canterbury, Kent', customerOrg: { name } });
    expect(body.invitation).toMatchObject({
      email,
      roleSuggested: 'customer_admin',
      status: 'pending',
      organization: { id: body.order.customerOrg.id, name },
    });
    const [org] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, body.order.customerOrg.id));
    expect(org).toMatchObject({ type: 'customer', status: 'active' });
    const mail = await emailsTo(t.db, email);
    expect(mail.map((row) => row.subject)).toContain("You're invited to SpaceCapture");

    // The contact signs up from the e-mail into the new organisation and finds the order there.
    const contact = createClient(t.app, { remoteAddress: uniqueAddress() });
    const signedUp = await signUp(contact, {
      email,
      accountType: 'user',
      invitationToken: await invitationTokenFor(t.db, email),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const orders = (await contact.get('/api/customer/orders')).json() as { items: { id: string }[] };
    expect(orders.items.map((order) => order.id)).toContain(body.order.id);
  });

  it('keeps nothing when the contact cannot be invited (the e-mail already has an account)', async () => {
    const leadId = await submitLead(t.app, { email: customer.email });
    const before = await rowCounts();
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    const audited = await auditDelta(t.db, async () => {
      response = await admin.post(`${API}/leads/${leadId}/convert`, {
        newCustomerOrg: { name: 'Never Made Ltd', contactEmail: customer.email },
      });
    });
    expect(response!.statusCode).toBe(409);
    expect(errorOf(response!).message).toBe(`An account for ${customer.email} already exists.`);
    expect(audited).toBe(0);
    expect(await rowCounts()).toEqual(before);
    expect((await leadRow(leadId)).status).toBe('new');
  });

  it('refuses both an existing and a new organisation, a short name and a bad e-mail, with field messages', async () => {
    const leadId = await submitLead(t.app);
    const before = await rowCounts();
    const both = await admin.post(`${API}/leads/${leadId}/convert`, {
      customerOrgId: customer.orgId,
      newCustomerOrg: { name: 'Both Ltd', contactEmail: 'both@example.com' },
    });
    expect(both.statusCode).toBe(400);
    expect(errorOf(both).fields).toEqual({ customerOrgId: WORKFLOW_MESSAGES.orgOrNewOrg });
    const bad = await admin.post(`${API}/leads/${leadId}/convert`, {
      newCustomerOrg: { name: 'X', contactEmail: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({
      'newCustomerOrg.name': WORKFLOW_MESSAGES.newOrgName,
      'newCustomerOrg.contactEmail': WORKFLOW_MESSAGES.contactEmail,
    });
    expect(await rowCounts()).toEqual(before);
    expect((await leadRow(leadId)).status).toBe('new');
  });
});

describe('triage lists', () => {
  it('show open leads by default, a status or all on request, and find them by name, e-mail, company or place', async () => {
    const tag = randomUUID().slice(0, 8);
    const fresh = await submitLead(t.app, { name: `Nadia ${tag}`, location: `Margate ${tag}` });
    const triaged = await submitLead(t.app, { companyName: `Seaside ${tag} Ltd` });
    const handled = await submitLead(t.app, { email: `handled.${tag}@example.com` });
    expect((await admin.post(`${API}/leads/${triaged}/status`, { status: 'triage' })).statusCode).toBe(200);
    expect((await admin.post(`${API}/leads/${handled}/convert`, { customerOrgId: customer.orgId })).statusCode).toBe(
      201,
    );
    const ids = async (query: string) => {
      const response = await admin.get(`${API}/leads?limit=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { id: string }[]).map((item) => item.id);
    };
    const open = await ids(`q=${tag}`);
    expect(open).toEqual([triaged, fresh]);
    expect(await ids(`q=${tag}&status=all`)).toEqual([handled, triaged, fresh]);
    expect(await ids(`q=${tag}&status=converted`)).toEqual([handled]);
    expect(await ids(`q=${tag}&status=new`)).toEqual([fresh]);
    // Case-insensitive, in any of the fields.
    expect(await ids(`q=${encodeURIComponent(`MARGATE ${tag.toUpperCase()}`)}`)).toEqual([fresh]);
    expect(await ids(`q=${encodeURIComponent(`seaside ${tag}`)}`)).toEqual([triaged]);
    expect(await ids(`status=all&q=handled.${tag}`)).toEqual([handled]);
    // % and _ are taken literally.
    expect(await ids(`q=${encodeURIComponent(`%${tag}`)}`)).toEqual([]);

    expect((await admin.get(`${API}/leads?status=done`)).statusCode).toBe(400);
    expect((await admin.get(`${API}/leads?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('show open applications by default and find them by organisation, region or contact', async () => {
    const tag = randomUUID().slice(0, 8);
    const open = await submitApplication(t.app, { companyName: `Harbour ${tag}`, regions: 'Dover' }, null);
    const rejected = await submitApplication(t.app, { companyName: `Closed ${tag}`, regions: 'Dover' }, null);
    expect((await admin.post(`${API}/applications/${rejected.id}/reject`)).statusCode).toBe(200);
    const ids = async (query: string) => {
      const response = await admin.get(`${API}/applications?limit=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { id: string }[]).map((item) => item.id);
    };
    expect(await ids(`q=${tag}`)).toEqual([open.id]);
    expect(await ids(`q=${tag}&status=all`)).toEqual([rejected.id, open.id]);
    expect(await ids(`q=${tag}&status=rejected`)).toEqual([rejected.id]);
    expect(await ids(`q=${encodeURIComponent(open.email.toUpperCase())}`)).toEqual([open.id]);
  });
});

describe('approval and the provider picker', () => {
  type TOption = { id: string; name: string; regions: string[]; devices: { model: string }[] };

  async function approve(overrides: Record<string, unknown>) {
    const application = await submitApplication(t.app, overrides, null);
    const response = await admin.post(`${API}/applications/${application.id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().organization as { id: string; name: string };
  }

  it('carries the regions, device, e-mail and phone into the new provider, whose ranking waits for a service base', async () => {
    const tag = randomUUID().slice(0, 6);
    const kent = await approve({
      companyName: `Kent Scans ${tag}`,
      regions: 'Kent, Sussex',
      devices: 'meta',
      phone: '+44 1227 000000',
    });
    const berlin = await approve({ companyName: `Berlin Scans ${tag}`, regions: 'Berlin', devices: 'pro' });
    const [profile] = await t.db
      .select()
      .from(schema.providerProfiles)
      .where(eq(schema.providerProfiles.orgId, kent.id));
    expect(profile).toMatchObject({ serviceRegions: ['Kent', 'Sussex'], phone: '+44 1227 000000' });

    const leadId = await submitLead(t.app, { location: 'Canterbury, Kent', captureType: 'point-cloud' });
    const converted = await admin.post(`${API}/leads/${leadId}/convert`, { customerOrgId: customer.orgId });
    const orderId = converted.json().order.id as string;
    const options = (await admin.get(`${API}/assignments/providers?orderId=${orderId}`)).json().items as TOption[];
    const byId = (id: string) => options.find((option) => option.id === id)!;
    expect(byId(kent.id)).toMatchObject({ regions: ['Kent', 'Sussex'], devices: [{ model: 'META' }] });
    expect(byId(berlin.id)).toMatchObject({ regions: ['Berlin'], devices: [{ model: 'PRO' }] });
    // Regions named in an application are what the provider says of itself; the ranking reads the
    // map, so both are out until they record a base, and the Berlin one for its device too.
    const ranking = (await admin.get(`${API}/assignments/ranking?orderId=${orderId}`)).json();
    const outOf = (id: string) => ranking.out.find((item: { id: string }) => item.id === id)?.reasons;
    expect(outOf(kent.id)).toEqual(['No active certification.', 'No service base recorded.']);
    expect(outOf(berlin.id)).toEqual([
      'Point clouds need a META or MEGA device.',
      'No active certification.',
      'No service base recorded.',
    ]);
  });

  it('carries no device for "none" or "multiple" and no region for "n/a"', async () => {
    const tag = randomUUID().slice(0, 6);
    const none = await approve({ companyName: `None ${tag}`, regions: 'n/a', devices: 'none' });
    const multiple = await approve({ companyName: `Many ${tag}`, regions: 'Leeds', devices: 'multiple' });
    const devices = await t.db.select().from(schema.deviceInventory).where(eq(schema.deviceInventory.orgId, none.id));
    expect(devices).toEqual([]);
    const many = await t.db.select().from(schema.deviceInventory).where(eq(schema.deviceInventory.orgId, multiple.id));
    expect(many).toEqual([]);
    const [profile] = await t.db
      .select()
      .from(schema.providerProfiles)
      .where(eq(schema.providerProfiles.orgId, none.id));
    expect(profile!.serviceRegions).toEqual([]);
  });
});
