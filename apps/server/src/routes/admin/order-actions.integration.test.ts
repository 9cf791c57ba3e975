import { schema } from '@spacecapture/db/client';
import { ORDER_ACTION_MESSAGES } from '@spacecapture/shared/contracts/admin-console/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  emailsTo,
  errorOf,
  latestEmail,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { insertMember } from '../../../test/admin-console.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  assignmentRow,
  auditDelta,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  DEFAULT_BREAKDOWN,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';

/** The admin's Cancel order and Mark completed on an order's detail, and one organisation's detail. */

const API = '/api/admin';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let adminUserId: string;
let customer: TSignedInUser;
let provider: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  adminUserId = (await admin.me()).body.user.id;
  customer = await newUser('customer_admin', { name: 'Harbour Lofts' });
  provider = await newUser('provider_admin', { name: 'Northern Scans' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const providerActor = () => ({ userId: provider.userId, role: 'provider_admin', orgId: provider.orgId });

/** An order made from a lead, as the triage screen does. */
function customerOrder() {
  return convertedOrder(t.app, admin, customer.orgId);
}

/** An order offered to the provider (not answered yet). */
async function offeredOrder() {
  const order = await customerOrder();
  const response = await admin.post(`${API}/assignments`, {
    orderId: order.id,
    providerOrgId: provider.orgId,
    compensation: 500,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { order, assignmentId: response.json().id as string };
}

/** The whole chain up to scheduled: quote accepted, offer accepted, window proposed and confirmed. */
async function scheduledOrder() {
  const order = await customerOrder();
  const quote = await admin.post(`${API}/quotes`, { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
  expect(quote.statusCode, quote.body).toBe(201);
  expect((await admin.post(`${API}/quotes/${quote.json().id}/send`)).statusCode).toBe(200);
  const accepted = await customer.client.post(`/api/customer/quotes/${quote.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const offer = await admin.post(`${API}/assignments`, {
    orderId: order.id,
    providerOrgId: provider.orgId,
    compensation: 500,
  });
  expect(offer.statusCode, offer.body).toBe(201);
  const assignmentId = offer.json().id as string;
  await t.app.services.assignments.accept(assignmentId, providerActor(), { providerOrgId: provider.orgId });
  await t.app.services.assignments.proposeSchedule(
    assignmentId,
    { start: '2999-05-01T09:00:00.000Z', end: '2999-05-01T12:00:00.000Z' },
    providerActor(),
    { providerOrgId: provider.orgId },
  );
  const confirmed = await admin.post(`${API}/assignments/${assignmentId}/confirm-schedule`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { order, assignmentId };
}

/** Moves an order on to a later state the way the capture and delivery steps would leave it. */
async function setStatus(orderId: string, status: string) {
  await t.db.update(schema.orders).set({ status }).where(eq(schema.orders.id, orderId));
}

describe('POST /api/admin/orders/:id/cancel', () => {
  it('cancels a scheduled order: offer withdrawn, job event, one audit entry, customer and provider e-mailed', async () => {
    const { order, assignmentId } = await scheduledOrder();
    const reason = 'The building is closed for renovation until next year.';
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/orders/${order.id}/cancel`, { reason: `  ${reason}  ` });
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    const detail = response!.json();
    expect(detail.order).toMatchObject({ id: order.id, status: 'cancelled' });
    expect(detail.assignments[0]).toMatchObject({ id: assignmentId, status: 'withdrawn' });
    expect(detail.jobEvents[0]).toMatchObject({
      type: 'status_change',
      metadata: { from: 'scheduled', to: 'cancelled', reason, withdrawnAssignmentId: assignmentId },
      actor: { userId: adminUserId },
    });

    expect((await orderRow(t.db, order.id)).status).toBe('cancelled');
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('withdrawn');
    const audit = (await auditOf(t.db, order.id)).at(-1)!;
    expect(audit).toMatchObject({ entity: 'order', action: 'cancel', actorUserId: adminUserId });
    expect(audit.before).toMatchObject({ status: 'scheduled', liveAssignment: { id: assignmentId } });
    expect(audit.after).toMatchObject({ status: 'cancelled', reason, liveAssignment: { status: 'withdrawn' } });

    const toCustomer = await outboxWithSubject(t.db, `Order cancelled: ${order.title}`);
    expect(toCustomer.map((email) => email.to[0])).toEqual([customer.email]);
    expect(toCustomer[0]!.text).toContain(reason);
    // The provider had accepted: it knows the address already, so its e-mail names the order.
    const toProvider = await outboxWithSubject(t.db, `Job cancelled: ${order.title}`);
    expect(toProvider.map((email) => email.to[0])).toEqual([provider.email]);
    expect(toProvider[0]!.text).toContain(reason);
  });

  it('withdraws an unanswered offer, tells that provider without the address, and the offer can no longer be accepted', async () => {
    const { order, assignmentId } = await offeredOrder();
    const response = await admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'Customer changed plans.' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('withdrawn');
    const toProvider = (await outboxWithSubject(t.db, 'Job cancelled: ')).filter((email) =>
      email.text.includes('Customer changed plans.'),
    );
    expect(toProvider.map((email) => email.to[0])).toEqual([provider.email]);
    expect(toProvider[0]!.subject).toBe('Job cancelled: Virtual Tour');
    expect(toProvider[0]!.text).not.toContain(order.location);
    expect(toProvider[0]!.html).not.toContain(order.location);

    const accept = await provider.client.post(`/api/provider/assignments/${assignmentId}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(errorOf(accept).message).toBe('Cannot move assignment from withdrawn to accepted.');
  });

  it('cancels an order in triage with no offer: only the customer is e-mailed', async () => {
    const order = await customerOrder();
    const before = (await outboxWithSubject(t.db, 'Job cancelled: ')).length;
    const response = await admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'Duplicate request.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.status).toBe('cancelled');
    expect((await outboxWithSubject(t.db, `Order cancelled: ${order.title}`)).map((email) => email.to[0])).toEqual([
      customer.email,
    ]);
    expect((await outboxWithSubject(t.db, 'Job cancelled: ')).length).toBe(before);
  });

  it('e-mails every member of the customer organisation, each a copy of their own', async () => {
    const order = await customerOrder();
    await insertMember(t.db, customer.orgId, 'customer_user');
    const response = await admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'Budget withdrawn.' });
    expect(response.statusCode, response.body).toBe(200);
    const emails = await outboxWithSubject(t.db, `Order cancelled: ${order.title}`);
    expect(emails).toHaveLength(2);
    expect(emails.every((email) => email.to.length === 1)).toBe(true);
  });

  it('refuses a missing, blank or too long reason with a message, and changes nothing', async () => {
    const order = await customerOrder();
    const cases: [body: { reason?: string }, message: string][] = [
      [{}, ORDER_ACTION_MESSAGES.reasonRequired],
      [{ reason: '   ' }, ORDER_ACTION_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(1001) }, 'Must be at most 1000 characters.'],
    ];
    for (const [body, message] of cases) {
      let response: Awaited<ReturnType<TClient['post']>> | undefined;
      expect(
        await auditDelta(t.db, async () => {
          response = await admin.post(`${API}/orders/${order.id}/cancel`, body);
        }),
      ).toBe(0);
      expect(response!.statusCode).toBe(400);
      expect(errorOf(response!).fields?.reason).toBe(message);
    }
    expect((await orderRow(t.db, order.id)).status).toBe('triage');
  });

  it('refuses to cancel once captured or later, or twice: 409 from … to …, nothing written', async () => {
    for (const status of ['captured', 'delivered', 'completed']) {
      const order = await customerOrder();
      await setStatus(order.id, status);
      let response: Awaited<ReturnType<TClient['post']>> | undefined;
      expect(
        await auditDelta(t.db, async () => {
          response = await admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'Too late.' });
        }),
      ).toBe(0);
      expect(response!.statusCode).toBe(409);
      expect(errorOf(response!).message).toBe(`Cannot move order from ${status} to cancelled.`);
      expect((await orderRow(t.db, order.id)).status).toBe(status);
    }
    const order = await customerOrder();
    expect((await admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'First.' })).statusCode).toBe(200);
    const again = await admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'Second.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move order from cancelled to cancelled.');
    expect((await jobEventsOf(t.db, order.id)).filter((event) => event.metadata.to === 'cancelled')).toHaveLength(1);
  });

  it('cancels once when two admins press at the same time (the order row is locked)', async () => {
    const { order } = await offeredOrder();
    const answers = await Promise.all([
      admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'First admin.' }),
      admin.post(`${API}/orders/${order.id}/cancel`, { reason: 'Second admin.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(t.db, order.id)).filter((entry) => entry.action === 'cancel')).toHaveLength(1);
    const toCustomer = (await outboxWithSubject(t.db, `Order cancelled: ${order.title}`)).filter((email) =>
      email.to.includes(customer.email),
    );
    expect(toCustomer).toHaveLength(1);
  });

  it('is a 404 for an unknown order and a 400 for a malformed id', async () => {
    const unknown = await admin.post(`${API}/orders/00000000-0000-4000-8000-000000000000/cancel`, { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.post(`${API}/orders/nope/cancel`, { reason: 'x' })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/orders/:id/complete', () => {
  it('tells the provider that did the job its compensation is payable, unless it turned payment e-mails off', async () => {
    const first = await scheduledOrder();
    await t.db
      .update(schema.assignments)
      .set({ compensation: '820.00' })
      .where(eq(schema.assignments.id, first.assignmentId));
    await setStatus(first.order.id, 'delivered');
    expect((await admin.post(`${API}/orders/${first.order.id}/complete`)).statusCode).toBe(200);
    const paid = await latestEmail(t.db, provider.email, `Job completed: ${first.order.title}`);
    expect(paid.text).toContain('Compensation: $820.00');

    const settings = (await provider.client.get('/api/provider/settings')).json();
    const off = { ...settings, notifications: { ...settings.notifications, paymentNotifications: false } };
    expect((await provider.client.request('PUT', '/api/provider/settings', off)).statusCode).toBe(200);
    const second = await scheduledOrder();
    await setStatus(second.order.id, 'delivered');
    expect((await admin.post(`${API}/orders/${second.order.id}/complete`)).statusCode).toBe(200);
    const mails = await emailsTo(t.db, provider.email);
    expect(mails.filter((mail) => mail.subject === `Job completed: ${second.order.title}`)).toHaveLength(0);
    const on = { ...settings, notifications: { ...settings.notifications, paymentNotifications: true } };
    expect((await provider.client.request('PUT', '/api/provider/settings', on)).statusCode).toBe(200);
  });

  it('marks a delivered order completed with a job event and one audit entry', async () => {
    const order = await customerOrder();
    await setStatus(order.id, 'delivered');
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/orders/${order.id}/complete`);
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    expect(response!.json().order.status).toBe('completed');
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'status_change',
      metadata: { from: 'delivered', to: 'completed' },
      actorUserId: adminUserId,
    });
    expect((await auditOf(t.db, order.id)).at(-1)).toMatchObject({
      entity: 'order',
      action: 'complete',
      before: expect.objectContaining({ status: 'delivered' }),
      after: expect.objectContaining({ status: 'completed' }),
    });
    const again = await admin.post(`${API}/orders/${order.id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cannot move order from completed to completed.');
  });

  it('completes a scheduled or captured order only with a reason: refused without one, audited and told with it', async () => {
    const { order, assignmentId } = await scheduledOrder();
    await setStatus(order.id, 'captured');
    for (const body of [undefined, {}, { reason: '  ' }]) {
      let response: Awaited<ReturnType<TClient['post']>> | undefined;
      expect(
        await auditDelta(t.db, async () => {
          response = await admin.post(`${API}/orders/${order.id}/complete`, body);
        }),
      ).toBe(0);
      expect(response!.statusCode).toBe(400);
      expect(errorOf(response!).message).toBe(ORDER_ACTION_MESSAGES.completeReasonRequired);
      expect(errorOf(response!).fields?.reason).toBe(ORDER_ACTION_MESSAGES.completeReasonRequired);
      expect((await orderRow(t.db, order.id)).status).toBe('captured');
    }

    const reason = 'The provider sent the files by courier; the customer confirmed receipt.';
    let response: Awaited<ReturnType<TClient['post']>> | undefined;
    expect(
      await auditDelta(t.db, async () => {
        response = await admin.post(`${API}/orders/${order.id}/complete`, { reason: ` ${reason} ` });
      }),
    ).toBe(1);
    expect(response!.statusCode, response!.body).toBe(200);
    expect(response!.json().order.status).toBe('completed');
    expect(response!.json().jobEvents[0]).toMatchObject({
      type: 'status_change',
      metadata: { from: 'captured', to: 'completed', reason, beforeDelivery: true },
    });
    expect((await auditOf(t.db, order.id)).at(-1)).toMatchObject({
      entity: 'order',
      action: 'complete',
      before: expect.objectContaining({ status: 'captured' }),
      after: expect.objectContaining({ status: 'completed', reason, beforeDelivery: true }),
    });
    const told = await latestEmail(t.db, provider.email, `Job completed: ${order.title}`);
    expect(told.text).toContain('before it was marked delivered');
    expect(told.text).toContain(reason);
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('accepted');

    const scheduled = await scheduledOrder();
    const withReason = await admin.post(`${API}/orders/${scheduled.order.id}/complete`, { reason: 'Done offline.' });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect((await orderRow(t.db, scheduled.order.id)).status).toBe('completed');
  });

  it('refuses an order that is neither delivered nor under way: 409, nothing written', async () => {
    for (const status of ['triage', 'cancelled']) {
      const order = await customerOrder();
      await setStatus(order.id, status);
      let response: Awaited<ReturnType<TClient['post']>> | undefined;
      expect(
        await auditDelta(t.db, async () => {
          response = await admin.post(`${API}/orders/${order.id}/complete`, { reason: 'Closing it.' });
        }),
      ).toBe(0);
      expect(response!.statusCode).toBe(409);
      expect(errorOf(response!).message).toBe(`Cannot move order from ${status} to completed.`);
      expect((await orderRow(t.db, order.id)).status).toBe(status);
    }
  });
});

describe('GET /api/admin/providers/:id and /customers/:id', () => {
  it('shows one provider organisation with its members; a customer id there is not found', async () => {
    const response = await admin.get(`${API}/providers/${provider.orgId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      provider: { id: provider.orgId, name: 'Northern Scans', membersCount: 1, offers: expect.any(Object) },
      members: [{ userId: provider.userId, email: provider.email, role: 'provider_admin' }],
    });
    expect((await admin.get(`${API}/providers/${customer.orgId}`)).statusCode).toBe(404);
  });

  it('shows one customer organisation with its members and orders count; a provider id there is not found', async () => {
    const response = await admin.get(`${API}/customers/${customer.orgId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.customer).toMatchObject({ id: customer.orgId, name: 'Harbour Lofts' });
    expect(body.customer.ordersCount).toBeGreaterThan(0);
    expect(body.members.map((member: { email: string }) => member.email)).toContain(customer.email);
    expect((await admin.get(`${API}/customers/${provider.orgId}`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('is 401 without a session and 403 for a customer or provider; the order is unchanged', async () => {
    const order = await customerOrder();
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    const calls = [
      (client: TClient) => client.post(`${API}/orders/${order.id}/cancel`, { reason: 'No.' }),
      (client: TClient) => client.post(`${API}/orders/${order.id}/complete`),
      (client: TClient) => client.get(`${API}/providers/${provider.orgId}`),
      (client: TClient) => client.get(`${API}/customers/${customer.orgId}`),
    ];
    for (const call of calls) {
      expect((await call(anonymous)).statusCode).toBe(401);
      expect((await call(customer.client)).statusCode).toBe(403);
      expect((await call(provider.client)).statusCode).toBe(403);
    }
    expect((await orderRow(t.db, order.id)).status).toBe('triage');
  });
});
