import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createSignedInPlainAdmin } from '../../../test/admin-console.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, convertedOrder, outboxWithSubject } from '../../../test/workflow.ts';

/**
 * The support inbox (decision 204): a customer's request, an admin's answer e-mailed to the
 * customer and shown in the portal, the customer's reply opening it again, assign and close, the
 * order the request is about; every change audited, bad input refused with nothing changed.
 */

let t: TTestApp;
let admin: TClient;
let adminUserId: string;
let newUser: TNewUser;
let customer: TSignedInUser;
let member: TSignedInUser;
let outsider: TSignedInUser;
let provider: TSignedInUser;
let plainAdmin: Awaited<ReturnType<typeof createSignedInPlainAdmin>>;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  adminUserId = (await admin.me()).body.user.id;
  customer = await newUser('customer_admin', { name: 'Support Customer' });
  member = await newUser('customer_user', { id: customer.orgId });
  outsider = await newUser('customer_admin', { name: 'Other Support Customer' });
  provider = await newUser('provider_admin', { name: 'Support Scans' });
  plainAdmin = await createSignedInPlainAdmin(t.app, t.db);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function openRequest(client: TClient, body: Record<string, unknown> = {}) {
  const subject = `Missing plan ${Math.random().toString(36).slice(2, 8)}`;
  const response = await client.post('/api/customer/support', { subject, message: 'Where is it?', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, subject };
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(schema.supportRequests).where(eq(schema.supportRequests.id, id));
  return row!;
}

async function repliesOf(id: string) {
  return t.db.select().from(schema.supportRequestReplies).where(eq(schema.supportRequestReplies.requestId, id));
}

describe('the thread of a support request', () => {
  it('an admin answers: the customer who asked is e-mailed and sees the reply; the customer replies and it opens again', async () => {
    const { id, subject } = await openRequest(member.client);
    const answered = await admin.post(`/api/admin/support-requests/${id}/replies`, {
      message: '  The floor plan is attached to the order now.  ',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      replyCount: 1,
      replies: [
        { message: 'The floor plan is attached to the order now.', fromAdmin: true, author: { userId: adminUserId } },
      ],
    });
    const emails = await outboxWithSubject(t.db, `Re: ${subject}`);
    expect(emails.map((email) => email.to)).toEqual([[member.email]]);
    expect(emails[0]!.text).toContain('The floor plan is attached to the order now.');
    expect(emails[0]!.text).toContain('/customer-dashboard?tab=support');
    const notices = (await member.client.get('/api/notifications')).json().items;
    expect(notices[0]).toMatchObject({ eventType: 'support_replied', link: '/customer-dashboard?tab=support' });

    // Every member of the organisation sees the thread; the admin answers as the support team.
    const seen = (await customer.client.get('/api/customer/support-requests')).json().items;
    const mine = seen.find((item: { id: string }) => item.id === id);
    expect(mine).toMatchObject({
      subject,
      status: 'answered',
      replies: [{ message: 'The floor plan is attached to the order now.', fromAdmin: true, authorName: null }],
    });

    const followUp = await member.client.post(`/api/customer/support-requests/${id}/replies`, {
      message: 'Thanks, but the PDF is empty.',
    });
    expect(followUp.statusCode, followUp.body).toBe(201);
    expect(followUp.json()).toMatchObject({ status: 'open' });
    expect(followUp.json().replies.map((reply: { fromAdmin: boolean }) => reply.fromAdmin)).toEqual([true, false]);
    expect((await outboxWithSubject(t.db, `Support request reply: ${subject}`)).map((email) => email.to)).toEqual([
      [COMPANY_EMAIL],
    ]);
    const actions = (await auditOf(t.db, id)).map((entry) => entry.action);
    expect(actions).toEqual(['create', 'reply', 'reply']);
  });

  it('a closed request takes no answer; the customer writing again opens it', async () => {
    const { id } = await openRequest(customer.client);
    const closed = await admin.post(`/api/admin/support-requests/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    const again = await admin.post(`/api/admin/support-requests/${id}/close`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move support request from closed to closed.');

    const refused = await admin.post(`/api/admin/support-requests/${id}/replies`, { message: 'Late answer' });
    expect(refused.statusCode).toBe(409);
    expect(await repliesOf(id)).toEqual([]);

    const reopened = await customer.client.post(`/api/customer/support-requests/${id}/replies`, {
      message: 'Still broken',
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
    expect((await rowOf(id)).status).toBe('open');
    expect((await auditOf(t.db, id)).map((entry) => entry.action)).toEqual(['create', 'close', 'reply']);
  });

  it('refuses an empty or oversized reply and changes nothing', async () => {
    const { id } = await openRequest(customer.client);
    for (const body of [{ message: '   ' }, { message: 'x'.repeat(5001) }, {}, { message: 'bad\u0000' }]) {
      const response = await admin.post(`/api/admin/support-requests/${id}/replies`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).fields).toHaveProperty('message');
      expect((await customer.client.post(`/api/customer/support-requests/${id}/replies`, body)).statusCode).toBe(400);
    }
    expect(await repliesOf(id)).toEqual([]);
    expect((await rowOf(id)).status).toBe('open');
    expect(await auditOf(t.db, id)).toHaveLength(1);
    expect((await admin.post('/api/admin/support-requests/not-a-uuid/replies', { message: 'Hi' })).statusCode).toBe(
      400,
    );
  });
});

describe('assign', () => {
  it('assigns an admin (audited, told in the app) and filters the inbox by assignee and status', async () => {
    const { id } = await openRequest(customer.client);
    const assigned = await admin.post(`/api/admin/support-requests/${id}/assign`, {
      assigneeUserId: plainAdmin.userId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      status: 'open',
      assignee: { userId: plainAdmin.userId, name: 'Plain Admin' },
    });
    expect((await auditOf(t.db, id)).map((entry) => entry.action)).toEqual(['create', 'assign']);
    const notices = (await plainAdmin.client.get('/api/notifications')).json().items;
    expect(notices[0]).toMatchObject({ eventType: 'support_replied', link: `/admin/support?request=${id}` });

    const theirs = (await plainAdmin.client.get('/api/admin/support-requests?assignee=me')).json().items;
    expect(theirs.map((item: { id: string }) => item.id)).toEqual([id]);
    const byId = (await admin.get(`/api/admin/support-requests?assignee=${plainAdmin.userId}&status=open`)).json();
    expect(byId.items.map((item: { id: string }) => item.id)).toEqual([id]);
    const unassigned = (await admin.get('/api/admin/support-requests?assignee=none&limit=100')).json().items;
    expect(unassigned.some((item: { id: string }) => item.id === id)).toBe(false);
    expect(
      (await admin.get(`/api/admin/support-requests?assignee=${plainAdmin.userId}&status=closed`)).json().items,
    ).toEqual([]);

    const assignees = (await admin.get('/api/admin/support-requests/assignees')).json().items;
    expect(assignees.map((item: { userId: string }) => item.userId)).toEqual(
      expect.arrayContaining([adminUserId, plainAdmin.userId]),
    );
    expect(assignees.some((item: { userId: string }) => item.userId === customer.userId)).toBe(false);

    const unassign = await admin.post(`/api/admin/support-requests/${id}/assign`, { assigneeUserId: null });
    expect(unassign.json().assignee).toBeNull();
  });

  it('refuses a customer as the assignee, an unknown status filter, and changes nothing', async () => {
    const { id } = await openRequest(customer.client);
    const refused = await admin.post(`/api/admin/support-requests/${id}/assign`, { assigneeUserId: customer.userId });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ assigneeUserId: 'Only an admin can be assigned a support request.' });
    const missing = await admin.post(`/api/admin/support-requests/${id}/assign`, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toHaveProperty('assigneeUserId');
    expect((await rowOf(id)).assigneeUserId).toBeNull();
    expect(await auditOf(t.db, id)).toHaveLength(1);
    expect((await admin.get('/api/admin/support-requests?status=pending')).statusCode).toBe(400);
  });
});

describe('the order a request is about', () => {
  it('links the request and the order both ways; another organisation’s order is refused', async () => {
    const order = await convertedOrder(t.app, admin, customer.orgId);
    const { id } = await openRequest(member.client, { orderId: order.id });
    const detail = (await admin.get(`/api/admin/support-requests/${id}`)).json();
    expect(detail.order).toEqual({ id: order.id, title: order.title });
    const orderDetail = (await admin.get(`/api/admin/orders/${order.id}`)).json();
    expect(orderDetail.supportRequests).toEqual([expect.objectContaining({ id, status: 'open' })]);
    const byOrder = (await admin.get(`/api/admin/support-requests?orderId=${order.id}`)).json().items;
    expect(byOrder.map((item: { id: string }) => item.id)).toEqual([id]);
    const portal = (await member.client.get('/api/customer/support-requests')).json().items;
    expect(portal.find((item: { id: string }) => item.id === id).order).toEqual({ id: order.id, title: order.title });

    const before = (await t.db.select().from(schema.supportRequests)).length;
    const foreign = await outsider.client.post('/api/customer/support', {
      subject: 'Not mine',
      message: 'Hello',
      orderId: order.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).fields).toEqual({ orderId: 'Choose one of your orders.' });
    expect((await t.db.select().from(schema.supportRequests)).length).toBe(before);
  });
});

describe('access', () => {
  it('customers and providers may not use the inbox; another organisation cannot see or answer a request', async () => {
    const { id } = await openRequest(customer.client);
    const adminCalls = [
      ['GET', '/api/admin/support-requests'],
      ['GET', '/api/admin/support-requests/assignees'],
      ['GET', `/api/admin/support-requests/${id}`],
      ['POST', `/api/admin/support-requests/${id}/replies`, { message: 'Hi' }],
      ['POST', `/api/admin/support-requests/${id}/assign`, { assigneeUserId: null }],
      ['POST', `/api/admin/support-requests/${id}/close`],
    ] as const;
    const signedOut = createClient(t.app);
    for (const [method, url, body] of adminCalls) {
      for (const caller of [customer.client, provider.client]) {
        const response = await caller.request(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await signedOut.request(method, url, body)).statusCode).toBe(401);
    }
    expect(
      (await provider.client.post(`/api/customer/support-requests/${id}/replies`, { message: 'Hi' })).statusCode,
    ).toBe(403);
    expect((await provider.client.get('/api/customer/support-requests')).statusCode).toBe(403);

    const foreign = await outsider.client.post(`/api/customer/support-requests/${id}/replies`, { message: 'Hi' });
    expect(foreign.statusCode).toBe(404);
    const outsiderList = (await outsider.client.get('/api/customer/support-requests')).json().items;
    expect(outsiderList.some((item: { id: string }) => item.id === id)).toBe(false);
    expect(await repliesOf(id)).toEqual([]);
    expect((await rowOf(id)).status).toBe('open');
  });
});
