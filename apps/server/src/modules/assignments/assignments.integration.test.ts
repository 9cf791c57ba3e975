import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  assignmentRow,
  auditDelta,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  DEFAULT_BREAKDOWN,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';
import type { TActor } from '../../lib/actor.ts';

/**
 * The provider's side of an offer (the routes come with the provider portal; the rules are here):
 * accept before the deadline, decline, propose a window; and the worker that expires unanswered
 * offers, on a clock the test controls.
 */

const API = '/api/admin';
const HOUR = 3_600_000;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let providerActor: TActor;
let customerOrgId: string;
/** How far the app's clock runs ahead of real time. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(Date.now() + offsetMs),
    offerExpiry: { pollIntervalMs: 50 },
  }));
  provider = await newUser('provider_admin', { name: 'Answer Scans' });
  providerActor = { userId: provider.userId, role: 'provider_admin', orgId: provider.orgId };
  customerOrgId = (await createOrganization(admin, 'customer', 'Offer Customer')).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const scope = () => ({ providerOrgId: provider.orgId });
const services = () => t.app.services.assignments;

/** An order offered to the provider; with `quoteAccepted`, it went through an accepted quote first. */
async function offer(options: { quoteAccepted?: boolean } = {}) {
  const order = await convertedOrder(t.app, admin, customerOrgId);
  if (options.quoteAccepted) {
    const quote = (await admin.post(`${API}/quotes`, { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN })).json();
    await admin.post(`${API}/quotes/${quote.id}/send`);
    await t.app.services.quotes.accept(quote.id, { userId: 'customer', role: 'customer_admin', orgId: customerOrgId });
    expect((await orderRow(t.db, order.id)).status).toBe('approved');
  }
  const response = await admin.post(`${API}/assignments`, {
    orderId: order.id,
    providerOrgId: provider.orgId,
    compensation: 500,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { order, assignmentId: response.json().id as string };
}

function refusal(message: string | RegExp) {
  return expect.objectContaining({
    code: 'conflict',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

describe('provider accepts', () => {
  it('accepts an offer before its deadline: accepted true, job event provider_accept, one audit entry', async () => {
    const { order, assignmentId } = await offer();
    expect(
      await auditDelta(t.db, async () => {
        const view = await services().accept(assignmentId, providerActor, scope());
        expect(view).toMatchObject({ status: 'accepted', accepted: true });
      }),
    ).toBe(1);
    expect((await assignmentRow(t.db, assignmentId)).respondedAt).toBeInstanceOf(Date);
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'provider_accept',
      metadata: { assignmentId },
      actorUserId: provider.userId,
    });
    expect((await orderRow(t.db, order.id)).status).toBe('assigned');
    expect(await outboxWithSubject(t.db, `Offer accepted: ${order.title}`)).toHaveLength(1);
    await expect(services().accept(assignmentId, providerActor, scope())).rejects.toEqual(
      refusal('Cannot move assignment from accepted to accepted.'),
    );
    await expect(services().decline(assignmentId, providerActor, scope())).rejects.toEqual(
      refusal('Cannot move assignment from accepted to declined.'),
    );
  });

  it("does not find another provider's offer", async () => {
    const { assignmentId } = await offer();
    const other = await createOrganization(admin, 'provider');
    await expect(services().accept(assignmentId, providerActor, { providerOrgId: other.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses a withdrawn offer after re-assignment', async () => {
    const { order, assignmentId } = await offer();
    const other = await createOrganization(admin, 'provider');
    await admin.post(`${API}/assignments`, { orderId: order.id, providerOrgId: other.id, compensation: 500 });
    await expect(services().accept(assignmentId, providerActor, scope())).rejects.toEqual(
      refusal('Cannot move assignment from withdrawn to accepted.'),
    );
  });
});

describe('reassigning an accepted job', () => {
  it('refuses a new offer without a reason, changing nothing; with a reason it withdraws, audits and tells the provider', async () => {
    const { order, assignmentId } = await offer();
    await services().accept(assignmentId, providerActor, scope());
    const other = await createOrganization(admin, 'provider');
    const bare = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: other.id,
      compensation: 600,
    });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().error).toMatchObject({
      message:
        'Answer Scans has accepted this job. Give a reason for taking the job from the provider who accepted it.',
      fields: { reassignReason: 'Give a reason for taking the job from the provider who accepted it.' },
    });
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('accepted');

    const reason = 'The provider cannot reach the site before the deadline.';
    const moved = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: other.id,
      compensation: 600,
      reassignReason: reason,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('withdrawn');
    expect((await auditOf(t.db, moved.json().id)).at(-1)?.before).toMatchObject({
      reassignReason: reason,
    });
    const [withdrawnMail] = await outboxWithSubject(t.db, `Job withdrawn: ${order.title}`);
    expect(withdrawnMail?.text).toContain(reason);
    const notices = await provider.client.get('/api/notifications');
    expect(JSON.stringify(notices.json())).toContain(`Job withdrawn: ${order.title}`);
  });
});

describe('provider declines', () => {
  it('declines: accepted false, order back to approved after an accepted quote, admins told, one audit entry', async () => {
    const { order, assignmentId } = await offer({ quoteAccepted: true });
    expect(
      await auditDelta(t.db, async () => {
        const view = await services().decline(assignmentId, providerActor, scope());
        expect(view).toMatchObject({ status: 'declined', accepted: false });
      }),
    ).toBe(1);
    expect((await orderRow(t.db, order.id)).status).toBe('approved');
    const events = (await jobEventsOf(t.db, order.id)).slice(-2);
    expect(events.map((event) => event.type)).toEqual(['provider_decline', 'status_change']);
    expect(events[1]!.metadata).toMatchObject({ from: 'assigned', to: 'approved', reason: 'offer_declined' });
    expect(await outboxWithSubject(t.db, `Offer declined: ${order.title}`)).toEqual([
      expect.objectContaining({ to: [COMPANY_EMAIL] }),
    ]);
    await expect(services().decline(assignmentId, providerActor, scope())).rejects.toEqual(
      refusal('Cannot move assignment from declined to declined.'),
    );
    // Back in the queue: it can be offered again.
    const again = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation: 500,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('returns an order assigned straight from triage to triage', async () => {
    const { order, assignmentId } = await offer();
    await services().decline(assignmentId, providerActor, scope());
    expect((await orderRow(t.db, order.id)).status).toBe('triage');
  });
});

describe('provider proposes a window', () => {
  it('needs an accepted offer, a start before the end and a start in the future', async () => {
    const { order, assignmentId } = await offer();
    const start = new Date(now() + 72 * HOUR).toISOString();
    const end = new Date(now() + 76 * HOUR).toISOString();
    await expect(services().proposeSchedule(assignmentId, { start, end }, providerActor, scope())).rejects.toEqual(
      refusal('Cannot propose a schedule: the assignment is offered, not accepted.'),
    );
    await services().accept(assignmentId, providerActor, scope());
    await expect(
      services().proposeSchedule(assignmentId, { start: end, end: start }, providerActor, scope()),
    ).rejects.toMatchObject({ code: 'validation_failed', fields: { end: 'The window must end after it starts.' } });
    await expect(
      services().proposeSchedule(
        assignmentId,
        { start: new Date(now() - HOUR).toISOString(), end },
        providerActor,
        scope(),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed', fields: { start: 'The window must start in the future.' } });

    expect(
      await auditDelta(t.db, async () => {
        await services().proposeSchedule(assignmentId, { start, end }, providerActor, scope());
      }),
    ).toBe(1);
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'deadline',
      metadata: { start, end, assignmentId },
    });
    const [entry] = (await auditOf(t.db, assignmentId)).filter((row) => row.action === 'propose_schedule');
    expect(entry).toMatchObject({ entity: 'assignment', actorUserId: provider.userId });
    expect(await outboxWithSubject(t.db, `Schedule proposed: ${order.title}`)).toEqual([
      expect.objectContaining({ to: [COMPANY_EMAIL] }),
    ]);
  });
});

describe('offer expiry (worker, controlled clock)', () => {
  it('expires an offer nobody answered by its deadline; the order returns to the queue and admins are told', async () => {
    const { order, assignmentId } = await offer({ quoteAccepted: true });
    offsetMs += 47 * HOUR;
    expect(await t.app.offerExpiry.kick()).toBe(0);
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('offered');

    offsetMs += 2 * HOUR;
    let expired = 0;
    expect(
      await auditDelta(t.db, async () => {
        expired = await t.app.offerExpiry.kick();
      }),
    ).toBe(expired);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await assignmentRow(t.db, assignmentId)).toMatchObject({ status: 'expired', accepted: null });
    expect((await orderRow(t.db, order.id)).status).toBe('approved');
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'status_change',
      metadata: { from: 'assigned', to: 'approved', reason: 'offer_expired', assignmentId },
      actorUserId: null,
    });
    const [entry] = (await auditOf(t.db, assignmentId)).filter((row) => row.action === 'expire');
    expect(entry).toMatchObject({ entity: 'assignment', actorUserId: null });
    expect(await outboxWithSubject(t.db, `Offer expired: ${order.title}`)).toEqual([
      expect.objectContaining({ to: [COMPANY_EMAIL] }),
    ]);
    expect(await t.app.offerExpiry.kick()).toBe(0);
    await expect(services().accept(assignmentId, providerActor, scope())).rejects.toEqual(
      refusal(/^This offer expired on .+\.$/),
    );
  });

  it('expires a late answer instead of accepting it, and exactly once when the worker runs at the same time', async () => {
    const { order, assignmentId } = await offer();
    offsetMs += 49 * HOUR;
    const results = await Promise.allSettled([
      services().accept(assignmentId, providerActor, scope()),
      t.app.offerExpiry.kick(),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: refusal(/^This offer expired on /) });
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('expired');
    expect((await auditOf(t.db, assignmentId)).filter((row) => row.action === 'expire')).toHaveLength(1);
    expect((await orderRow(t.db, order.id)).status).toBe('triage');
  });

  it('leaves answered offers alone', async () => {
    const { assignmentId } = await offer();
    await services().accept(assignmentId, providerActor, scope());
    offsetMs += 49 * HOUR;
    await t.app.offerExpiry.kick();
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('accepted');
  });

  it('runs on its own once started, polling on its interval', async () => {
    const { assignmentId } = await offer();
    offsetMs += 49 * HOUR;
    t.app.offerExpiry.start();
    try {
      const deadline = Date.now() + 10_000;
      while ((await assignmentRow(t.db, assignmentId)).status === 'offered' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await t.app.offerExpiry.stop();
    }
    expect((await assignmentRow(t.db, assignmentId)).status).toBe('expired');
  });
});
