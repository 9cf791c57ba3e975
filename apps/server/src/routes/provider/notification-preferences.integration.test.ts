import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder, createOrganization } from '../../../test/workflow.ts';

/**
 * A provider organisation's notification preferences (provider dashboard Settings) decide which
 * e-mails its members get: job offers ("new project assignments") and changes to accepted jobs
 * ("project updates"). The portal still shows everything; only the e-mail is left out.
 */

const DAY = 86_400_000;
let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let quiet: TSignedInUser;
let chatty: TSignedInUser;
let customer: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  quiet = await newUser('provider_admin', { name: `Quiet Scans ${randomUUID().slice(0, 6)}` });
  chatty = await newUser('provider_admin', { name: `Chatty Scans ${randomUUID().slice(0, 6)}` });
  const customerOrgId = (await createOrganization(admin, 'customer', `Prefs Customer ${randomUUID().slice(0, 6)}`)).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function setPreferences(provider: TSignedInUser, notifications: Record<string, boolean>) {
  const current = (await provider.client.get('/api/provider/settings')).json();
  const saved = await provider.client.request('PUT', '/api/provider/settings', { ...current, notifications });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function offerTo(provider: TSignedInUser) {
  const order = await convertedOrder(t.app, admin, customer.orgId, { location: `Quay ${randomUUID().slice(0, 8)}` });
  const assigned = await admin.post('/api/admin/assignments', {
    orderId: order.id,
    providerOrgId: provider.orgId,
    compensation: 500,
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  return { order, assignmentId: assigned.json().id as string };
}

async function scheduleJob(provider: TSignedInUser, assignmentId: string) {
  expect((await provider.client.post(`/api/provider/assignments/${assignmentId}/accept`)).statusCode).toBe(200);
  const start = new Date(Date.now() + 5 * DAY);
  const proposed = await provider.client.post(`/api/provider/assignments/${assignmentId}/schedule`, {
    start: start.toISOString(),
    end: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const confirmed = await admin.post(`/api/admin/assignments/${assignmentId}/confirm-schedule`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

async function subjectsTo(user: TSignedInUser, title: string) {
  return (await emailsTo(t.db, user.email)).filter((mail) => mail.subject.includes(title)).map((mail) => mail.subject);
}

/** Offers e-mailed to the user (with address masking on, their subject names only the capture type). */
async function offersTo(user: TSignedInUser) {
  return (await emailsTo(t.db, user.email)).filter((mail) => mail.subject.startsWith('New job offer')).length;
}

describe('provider notification preferences', () => {
  it('every kind of e-mail is sent while the preferences are left as they are', async () => {
    const { order, assignmentId } = await offerTo(chatty);
    expect(await offersTo(chatty)).toBe(1);
    await scheduleJob(chatty, assignmentId);
    expect(await subjectsTo(chatty, order.title)).toContain(`Schedule confirmed: ${order.title}`);
  });

  it('leaves out job offers and job updates the organisation turned off, and no one else’s', async () => {
    await setPreferences(quiet, { newProjectAssignments: false, projectUpdates: false, paymentNotifications: true });
    const before = (await emailsTo(t.db, quiet.email)).length;
    const { order, assignmentId } = await offerTo(quiet);
    // The offer is still there to answer in the portal.
    const listed = await quiet.client.get(`/api/provider/assignments/${assignmentId}`);
    expect(listed.json().status).toBe('offered');
    await scheduleJob(quiet, assignmentId);

    expect((await emailsTo(t.db, quiet.email)).length).toBe(before);
    // The customer is still told about the confirmed window.
    expect(await subjectsTo(customer, order.title)).toContain(`Schedule confirmed: ${order.title}`);
  });

  it('sends again once a kind is turned back on', async () => {
    await setPreferences(quiet, { newProjectAssignments: true, projectUpdates: false, paymentNotifications: true });
    await offerTo(quiet);
    expect(await offersTo(quiet)).toBe(1);
  });
});
