import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@spacecapture/shared/contracts/order-review';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../test/accounts.ts';
import { uploadWhole } from '../../test/deliverables.ts';
import { movableClock } from '../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../test/test-app.ts';
import {
  acceptedJob,
  auditOf,
  COMPANY_EMAIL,
  createOrganization,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
} from '../../test/workflow.ts';
import { entriesOfOrder } from '../modules/ledger/ledger-repository.ts';

/**
 * The delivery review (decision 133): Approve all, Request changes with comments and pins,
 * revised versions and re-delivery, the admin's approval on the customer's behalf and closing,
 * auto-approval, and who may take each step.
 */

const DAY = 86_400_000;

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let providerUser: TSignedInUser;
let otherProvider: TSignedInUser;
let customer: TSignedInUser;
let customerUser: TSignedInUser;
let otherCustomer: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Review Scans ${randomUUID().slice(0, 6)}` });
  providerUser = await newUser('provider_user', { id: provider.orgId });
  otherProvider = await newUser('provider_admin', { name: `Other Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
  customerUser = await newUser('customer_user', { id: customerOrgId });
  otherCustomer = await newUser('customer_admin', { name: `Other Customer ${randomUUID().slice(0, 6)}` });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** One whole-file tus upload by `client`; the new deliverable's id. */
function upload(client: TClient, orderId: string, fileName: string, bytes: Buffer) {
  return uploadWhole(t.app, client, orderId, fileName, bytes);
}

/** An order the provider captured, uploaded one file to and marked delivered. */
async function deliveredOrder(fileName = 'Level 2 scan.e57') {
  const { orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock });
  const fileId = await upload(provider.client, orderId, fileName, randomBytes(2_000));
  const delivered = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { orderId, fileId };
}

async function commentsOf(orderId: string) {
  return t.db.select().from(schema.reviewComments).where(eq(schema.reviewComments.orderId, orderId));
}

async function download(client: TClient, deliverableId: string) {
  const link = await client.post(`/api/customer/deliverables/${deliverableId}/link`);
  expect(link.statusCode, link.body).toBe(200);
  return t.app.inject({ method: 'GET', url: link.json().url });
}

describe('the review loop', () => {
  it('goes from changes requested with pinned comments, through version 2 and re-delivery, to approval and a rating', async () => {
    const { orderId, fileId } = await deliveredOrder('Scan.glb');
    const firstBytes = (await download(customer.client, fileId)).rawPayload;
    // Delivered, the order awaits the customer's review: not completed yet, and no decision stands.
    const awaiting = (await customer.client.get('/api/customer/orders?status=awaiting_review')).json().items;
    expect(awaiting.find((order: { id: string }) => order.id === orderId)).toMatchObject({
      status: 'delivered',
      displayStatus: 'awaiting_review',
    });
    const completedBefore = (await customer.client.get('/api/customer/orders?status=completed')).json().items;
    expect(completedBefore.map((order: { id: string }) => order.id)).not.toContain(orderId);
    expect((await customer.client.get(`/api/customer/orders/${orderId}/review`)).json().decision).toBeNull();

    const requested = await customerUser.client.post(`/api/customer/orders/${orderId}/request-changes`, {
      comments: [
        { deliverableId: fileId, body: 'The stair rail is missing.', pin: { kind: 'model', x: 1.2, y: 0.4, z: 2 } },
        { body: '  Please also add the basement.  ' },
      ],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({ status: 'changes_requested', round: 1, canApprove: false });
    expect((await orderRow(t.db, orderId)).status).toBe('changes_requested');
    // The customer's lists show it in progress, under the In progress filter.
    const inProgress = (await customer.client.get('/api/customer/orders?status=in_progress')).json().items;
    expect(inProgress.find((order: { id: string }) => order.id === orderId)).toMatchObject({
      status: 'changes_requested',
      displayStatus: 'in_progress',
    });
    const stored = await commentsOf(orderId);
    expect(stored.map((row) => [row.round, row.deliverableId, row.body, row.pin])).toEqual(
      expect.arrayContaining([
        [1, fileId, 'The stair rail is missing.', { kind: 'model', x: 1.2, y: 0.4, z: 2 }],
        [1, null, 'Please also add the basement.', null],
      ]),
    );
    expect((await auditOf(t.db, orderId)).map((row) => row.action)).toContain('request_changes');
    expect((await jobEventsOf(t.db, orderId)).at(-1)?.metadata).toMatchObject({
      from: 'delivered',
      to: 'changes_requested',
      round: 1,
    });
    const changeMails = (await outboxWithSubject(t.db, 'Changes requested:')).filter((row) =>
      row.text.includes('The stair rail is missing.'),
    );
    expect(changeMails.map((row) => row.to[0]).sort()).toEqual([provider.email, providerUser.email].sort());
    expect(changeMails[0]?.text).toContain('Pinned at x 1.20, y 0.40, z 2.00');

    // The provider reads the comments, pin and all.
    const seen = await providerUser.client.get(`/api/provider/orders/${orderId}/review`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().changeRequests).toEqual([
      expect.objectContaining({
        round: 1,
        comments: expect.arrayContaining([
          expect.objectContaining({
            fileName: 'Scan.glb',
            fileVersion: 1,
            pin: { kind: 'model', x: 1.2, y: 0.4, z: 2 },
          }),
          expect.objectContaining({ fileName: null, body: 'Please also add the basement.' }),
        ]),
      }),
    ]);
    expect(seen.json().canRedeliver).toBe(false);

    // Re-delivering without a revised file is refused, and nothing moves.
    const early = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(REVIEW_MESSAGES.redeliverNeedsFile);
    expect((await orderRow(t.db, orderId)).status).toBe('changes_requested');

    // Version 2 of the same file: the first is superseded, and still downloadable.
    const revisedId = await upload(providerUser.client, orderId, 'Scan.glb', randomBytes(3_000));
    const files = (await customer.client.get(`/api/customer/orders/${orderId}/review`)).json().files;
    expect(files).toEqual([
      expect.objectContaining({ id: revisedId, version: 2, round: 2, superseded: false }),
      expect.objectContaining({ id: fileId, version: 1, round: 1, superseded: true }),
    ]);
    // The provider's own list tells the two apart the same way.
    const providerFiles = (await providerUser.client.get(`/api/provider/files?order=${orderId}`)).json().items;
    expect(providerFiles).toEqual([
      expect.objectContaining({ id: revisedId, fileName: 'Scan.glb', version: 2, superseded: false }),
      expect.objectContaining({ id: fileId, fileName: 'Scan.glb', version: 1, superseded: true }),
    ]);
    const old = await download(customer.client, fileId);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(firstBytes)).toBe(true);
    expect((await providerUser.client.get(`/api/provider/orders/${orderId}/review`)).json().canRedeliver).toBe(true);

    const redelivered = await providerUser.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toEqual({ orderId, status: 'delivered' });
    expect((await orderRow(t.db, orderId)).deliveryRound).toBe(2);
    expect((await auditOf(t.db, orderId)).map((row) => row.action)).toContain('redeliver');
    const revisedMails = (await outboxWithSubject(t.db, 'Revised delivery:')).filter((row) =>
      row.text.includes('Round 2'),
    );
    expect(revisedMails.map((row) => row.to[0]).sort()).toEqual([customer.email, customerUser.email].sort());

    const rated = await customerUser.client.post(`/api/customer/orders/${orderId}/rating`, {
      score: 4,
      comment: 'Quick fix.',
    });
    expect(rated.statusCode, rated.body).toBe(201);

    const approved = await customerUser.client.post(`/api/customer/orders/${orderId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'completed',
      round: 2,
      canApprove: false,
      decision: { outcome: 'approved', by: 'Invited Person', reason: null, at: expect.any(String) },
    });
    const completedAfter = (await customer.client.get('/api/customer/orders?status=completed')).json().items;
    expect(completedAfter.find((order: { id: string }) => order.id === orderId)).toMatchObject({
      displayStatus: 'completed',
      progress: { percent: 100 },
    });
    expect((await orderRow(t.db, orderId)).status).toBe('completed');
    // The approval makes the provider's compensation payable in the ledger (decision 208).
    const payable = (await entriesOfOrder(t.db, orderId)).filter(({ entry }) => entry.kind === 'provider_compensation');
    expect(payable.map(({ line }) => [line.account, line.organizationId, line.amountMinor])).toEqual([
      ['compensation', null, 50_000],
      ['payable', provider.orgId, -50_000],
    ]);
    const approveAudit = (await auditOf(t.db, orderId)).find((row) => row.action === 'approve');
    expect(approveAudit?.actorUserId).toBe(customerUser.userId);
    const approvedMails = await outboxWithSubject(t.db, 'Delivery approved:');
    expect(approvedMails.map((row) => row.to[0])).toEqual(expect.arrayContaining([provider.email, providerUser.email]));
    // The rating feeds the provider's performance figures.
    const performance = await provider.client.get('/api/provider/performance');
    expect(performance.statusCode, performance.body).toBe(200);
    expect(performance.json().ratingCount).toBeGreaterThanOrEqual(1);
  });

  it('honours a provider member who turned review e-mails off', async () => {
    const saved = await providerUser.client.request('PUT', '/api/notifications/preferences', {
      items: [{ eventType: 'delivery_reviewed', email: false, inApp: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { orderId } = await deliveredOrder();
    const body = `Mail check ${orderId}`;
    const requested = await customer.client.post(`/api/customer/orders/${orderId}/request-changes`, {
      comments: [{ body }],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const mails = (await outboxWithSubject(t.db, 'Changes requested:')).filter((row) => row.text.includes(body));
    expect(mails.map((row) => row.to[0])).toEqual([provider.email]);
    const notices = await t.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.userId, providerUser.userId),
          eq(schema.notifications.eventType, 'delivery_reviewed'),
        ),
      );
    expect(notices.some((row) => row.linkPath.includes(orderId))).toBe(true);
    await providerUser.client.request('PUT', '/api/notifications/preferences', {
      items: [{ eventType: 'delivery_reviewed', email: true, inApp: true }],
    });
  });
});

describe('webhooks', () => {
  it("reports changes requested and the approval to the customer's endpoint", async () => {
    const endpoint = await customer.client.post('/api/customer/webhooks', {
      url: 'https://93.184.216.34/hooks',
      events: ['order.changes_requested', 'order.approved'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { orderId } = await deliveredOrder('Plan.pdf');
    await customer.client.post(`/api/customer/orders/${orderId}/request-changes`, {
      comments: [{ body: 'Scale bar' }],
    });
    await upload(provider.client, orderId, 'Plan.pdf', randomBytes(500));
    expect((await provider.client.post(`/api/provider/orders/${orderId}/delivered`)).statusCode).toBe(200);
    expect((await customer.client.post(`/api/customer/orders/${orderId}/approve`)).statusCode).toBe(200);
    const deliveries = await t.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.endpointId, endpoint.json().id));
    const ofOrder = deliveries.filter((row) => (row.payload.order as { id: string } | undefined)?.id === orderId);
    expect(ofOrder.map((row) => row.event).sort()).toEqual(['order.approved', 'order.changes_requested']);
    expect(ofOrder.find((row) => row.event === 'order.approved')?.payload.order).toMatchObject({ status: 'completed' });
    expect((await customer.client.delete(`/api/customer/webhooks/${endpoint.json().id}`)).statusCode).toBeLessThan(300);
  });
});

describe('who may take each step', () => {
  it('refuses another organisation with 404, the wrong portal with 403, and a wrong state with 409, changing nothing', async () => {
    const { orderId, fileId } = await deliveredOrder();
    const changes = { comments: [{ deliverableId: fileId, body: 'Not yours.' }] };

    for (const path of ['review', 'approve', 'request-changes']) {
      const url = `/api/customer/orders/${orderId}/${path}`;
      const response =
        path === 'review' ? await otherCustomer.client.get(url) : await otherCustomer.client.post(url, changes);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(404);
    }
    expect((await provider.client.post(`/api/customer/orders/${orderId}/approve`)).statusCode).toBe(403);
    expect((await customer.client.post(`/api/admin/orders/${orderId}/approve`, { reason: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await customer.client.get(`/api/provider/orders/${orderId}/review`)).statusCode).toBe(403);
    expect((await otherProvider.client.get(`/api/provider/orders/${orderId}/review`)).statusCode).toBe(404);
    expect((await admin.get(`/api/customer/orders/${orderId}/review`)).statusCode).toBe(403);
    expect((await orderRow(t.db, orderId)).status).toBe('delivered');
    expect(await commentsOf(orderId)).toEqual([]);

    // Not delivered yet: nothing to approve or send back.
    const { orderId: capturedId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock });
    const notYet = await customer.client.post(`/api/customer/orders/${capturedId}/approve`);
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet).message).toBe('Only a delivered order can be approved; this order is scheduled.');

    // Sent back once: a second request and an approval wait for the re-delivery.
    expect((await customer.client.post(`/api/customer/orders/${orderId}/request-changes`, changes)).statusCode).toBe(
      200,
    );
    expect((await customer.client.post(`/api/customer/orders/${orderId}/request-changes`, changes)).statusCode).toBe(
      409,
    );
    expect((await customer.client.post(`/api/customer/orders/${orderId}/approve`)).statusCode).toBe(409);
    expect((await commentsOf(orderId)).length).toBe(1);
  });
});

describe('change request comments', () => {
  it('refuses bad comments with a clear message and writes nothing', async () => {
    const { orderId } = await deliveredOrder();
    const { fileId: foreignFile } = await deliveredOrder();
    const url = `/api/customer/orders/${orderId}/request-changes`;
    const bad: [unknown, string][] = [
      [{ comments: [] }, 'comments'],
      [{ comments: [{ body: '   ' }] }, 'comments.0.body'],
      [{ comments: [{ body: 'x'.repeat(REVIEW_LIMITS.comment + 1) }] }, 'comments.0.body'],
      [{ comments: [{ body: 'bell \u0007' }] }, 'comments.0.body'],
      [{ comments: [{ body: 'Fix', pin: { kind: 'model', x: 'one', y: 0, z: 0 } }] }, 'comments.0.pin.x'],
      [{ comments: [{ body: 'Fix', pin: { kind: 'panorama', yaw: 200, pitch: 0 } }] }, 'comments.0.pin.yaw'],
      [{ comments: [{ body: 'Fix', pin: { kind: 'model', x: 0, y: 0, z: 0, w: 1 } }] }, 'comments.0.pin'],
      [{ comments: [{ body: 'Fix', deliverableId: 'not-a-uuid' }] }, 'comments.0.deliverableId'],
      [{ comments: Array.from({ length: REVIEW_LIMITS.comments + 1 }, () => ({ body: 'Fix' })) }, 'comments'],
      [{ comments: [{ body: 'Fix', deliverableId: foreignFile }] }, 'comments.0.deliverableId'],
    ];
    for (const [body, field] of bad) {
      const response = await customer.client.post(url, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}), response.body).toContain(field);
    }
    expect((await orderRow(t.db, orderId)).status).toBe('delivered');
    expect(await commentsOf(orderId)).toEqual([]);

    const panorama = await customer.client.post(url, {
      comments: [{ body: 'Too dark here', pin: { kind: 'panorama', yaw: -12.5, pitch: 3 } }],
    });
    expect(panorama.statusCode, panorama.body).toBe(200);
    expect(panorama.json().changeRequests[0].comments[0].pin).toEqual({ kind: 'panorama', yaw: -12.5, pitch: 3 });
  });
});

describe('the admin steps in', () => {
  it("approves on the customer's behalf with a reason, telling both sides", async () => {
    const { orderId } = await deliveredOrder();
    const noReason = await admin.post(`/api/admin/orders/${orderId}/approve`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await orderRow(t.db, orderId)).status).toBe('delivered');

    const review = await admin.get(`/api/admin/orders/${orderId}/review`);
    expect(review.json()).toMatchObject({ status: 'delivered', canApprove: true });
    const reason = `Customer confirmed by phone ${orderId}`;
    const approved = await admin.post(`/api/admin/orders/${orderId}/approve`, { reason });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await orderRow(t.db, orderId)).status).toBe('completed');
    // The customer's review shows the decision made for them, with the admin's reason.
    expect((await customer.client.get(`/api/customer/orders/${orderId}/review`)).json().decision).toMatchObject({
      outcome: 'approved_on_behalf',
      reason,
    });
    const entry = (await auditOf(t.db, orderId)).find((row) => row.action === 'approve_on_behalf');
    expect(entry?.after).toMatchObject({ status: 'completed', reason });
    const mails = (await outboxWithSubject(t.db, 'Delivery approved:')).filter((row) => row.text.includes(reason));
    expect(mails.map((row) => row.to[0])).toEqual(expect.arrayContaining([customer.email, provider.email]));
    expect(mails.find((row) => row.to[0] === customer.email)?.text).toContain('on your behalf');
  });

  it('closes an order whose changes were requested, with a reason, and sees every round', async () => {
    const { orderId, fileId } = await deliveredOrder();
    await customer.client.post(`/api/customer/orders/${orderId}/request-changes`, {
      comments: [{ deliverableId: fileId, body: 'Round one comment' }],
    });
    const review = (await admin.get(`/api/admin/orders/${orderId}/review`)).json();
    expect(review.changeRequests.map((request: { round: number }) => request.round)).toEqual([1]);
    expect(review.canApprove).toBe(false);
    // Approving needs a delivery to approve; closing does not.
    expect((await admin.post(`/api/admin/orders/${orderId}/approve`, { reason: 'x' })).statusCode).toBe(409);
    // Mark completed leaves an order under changes to the review's Close, whose e-mails say why.
    const completed = await admin.post(`/api/admin/orders/${orderId}/complete`, { reason: 'Done' });
    expect(completed.statusCode).toBe(409);
    expect((await orderRow(t.db, orderId)).status).toBe('changes_requested');
    const closed = await admin.post(`/api/admin/orders/${orderId}/close`, { reason: 'Dispute settled' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await orderRow(t.db, orderId)).status).toBe('completed');
    expect((await auditOf(t.db, orderId)).map((row) => row.action)).toContain('close_review');
    // Closed without an approval: nothing becomes payable.
    expect((await entriesOfOrder(t.db, orderId)).some(({ entry }) => entry.kind === 'provider_compensation')).toBe(
      false,
    );
    expect((await admin.post(`/api/admin/orders/${orderId}/close`, { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('auto-approval', () => {
  it('approves deliveries left unanswered past the set days, only while the setting is on, as the system', async () => {
    const { orderId } = await deliveredOrder();
    clock.advance(3 * DAY);
    expect(await t.app.autoApproval.kick()).toBe(0);
    expect((await orderRow(t.db, orderId)).status).toBe('delivered');

    const settings = (await admin.get('/api/admin/settings')).json().flags;
    const saved = await admin.request('PUT', '/api/admin/settings', {
      ...settings,
      autoApproveDeliveries: true,
      autoApproveAfterDays: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().flags).toMatchObject({ autoApproveDeliveries: true, autoApproveAfterDays: 5 });

    // Three days after delivery: not yet.
    await t.app.autoApproval.kick();
    expect((await orderRow(t.db, orderId)).status).toBe('delivered');

    clock.advance(3 * DAY);
    expect(await t.app.autoApproval.kick()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.db, orderId)).status).toBe('completed');
    expect((await customer.client.get(`/api/customer/orders/${orderId}/review`)).json().decision).toMatchObject({
      outcome: 'auto_approved',
      by: null,
      reason: 'No answer within 5 days of delivery.',
    });
    const entry = (await auditOf(t.db, orderId)).find((row) => row.action === 'auto_approve');
    expect(entry?.actorUserId).toBeNull();
    expect(entry?.after).toMatchObject({ actor: 'system' });
    const mails = (await outboxWithSubject(t.db, 'Delivery approved:')).filter(
      (row) => row.to[0] === customer.email && row.text.includes('approved automatically'),
    );
    expect(mails.length).toBeGreaterThanOrEqual(1);

    const off = await admin.request('PUT', '/api/admin/settings', { ...settings, autoApproveDeliveries: false });
    expect(off.statusCode, off.body).toBe(200);
    const bad = await admin.request('PUT', '/api/admin/settings', { ...settings, autoApproveAfterDays: 0 });
    expect(bad.statusCode).toBe(400);
  });
});
