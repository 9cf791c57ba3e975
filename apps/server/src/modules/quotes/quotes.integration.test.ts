import { schema } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  auditDelta,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  DEFAULT_BREAKDOWN,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
  quoteRow,
} from '../../../test/workflow.ts';
import type { TActor } from '../../lib/actor.ts';

/**
 * The customer's answer to a quote (the routes come with the customer portal; the rules are here):
 * accept a sent quote before its validity date (the order is approved), or decline it.
 */

const API = '/api/admin';
const DAY = 86_400_000;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let customerActor: TActor;
/** How far the app's clock runs ahead of real time. */
let offsetMs = 0;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(Date.now() + offsetMs),
  }));
  customer = await newUser('customer_admin', { name: 'Quote Customer' });
  customerActor = { userId: customer.userId, role: 'customer_admin', orgId: customer.orgId };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const scope = () => ({ customerOrgId: customer.orgId });

async function draftQuote(options: { validityUntil?: string } = {}) {
  const order = await convertedOrder(t.app, admin, customer.orgId);
  const created = await admin.post(`${API}/quotes`, {
    orderId: order.id,
    priceBreakdown: DEFAULT_BREAKDOWN,
    ...(options.validityUntil ? { validityUntil: options.validityUntil } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { order, quoteId: created.json().id as string };
}

async function sentQuote(options: { validityUntil?: string } = {}) {
  const draft = await draftQuote(options);
  const sent = await admin.post(`${API}/quotes/${draft.quoteId}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return draft;
}

function refusal(message: string | RegExp) {
  return expect.objectContaining({
    code: 'conflict',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

describe('accept', () => {
  it('accepts a sent quote: the order is approved, with its job event, one audit entry, its invoice and a note to the admins', async () => {
    const { order, quoteId } = await sentQuote();
    let view: Awaited<ReturnType<typeof t.app.services.quotes.accept>> | undefined;
    // The quote's acceptance, and the invoice it issues (paid in advance, the default billing).
    expect(
      await auditDelta(t.db, async () => {
        view = await t.app.services.quotes.accept(quoteId, customerActor, scope());
      }),
    ).toBe(2);
    expect(
      (await t.db.select().from(schema.invoices).where(eq(schema.invoices.quoteId, quoteId))).map((row) => row.kind),
    ).toEqual(['full']);
    expect(view).toMatchObject({ id: quoteId, status: 'accepted', order: { status: 'approved' } });
    expect((await quoteRow(t.db, quoteId)).respondedAt).toBeInstanceOf(Date);
    expect((await orderRow(t.db, order.id)).status).toBe('approved');
    expect((await jobEventsOf(t.db, order.id)).at(-1)).toMatchObject({
      type: 'status_change',
      metadata: { from: 'quoted', to: 'approved', quoteId },
      actorUserId: customer.userId,
    });
    const [entry] = (await auditOf(t.db, quoteId)).filter((row) => row.action === 'accept');
    expect(entry).toMatchObject({ entity: 'quote', actorUserId: customer.userId });
    expect(await outboxWithSubject(t.db, `Quote accepted: ${order.title}`)).toEqual([
      expect.objectContaining({ to: [COMPANY_EMAIL] }),
    ]);

    await expect(t.app.services.quotes.accept(quoteId, customerActor, scope())).rejects.toEqual(
      refusal('Cannot move quote from accepted to accepted.'),
    );
    await expect(t.app.services.quotes.decline(quoteId, customerActor, scope())).rejects.toEqual(
      refusal('Cannot move quote from accepted to declined.'),
    );
  });

  it('refuses a draft, and hides another organisation’s quote', async () => {
    const { quoteId } = await draftQuote();
    await expect(t.app.services.quotes.accept(quoteId, customerActor, scope())).rejects.toEqual(
      refusal('Cannot move quote from draft to accepted.'),
    );
    const other = await createOrganization(admin, 'customer');
    await expect(
      t.app.services.quotes.accept(quoteId, customerActor, { customerOrgId: other.id }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('leaves an order that already moved on where it is (assigned straight from triage)', async () => {
    const { order, quoteId } = await draftQuote();
    const providerOrg = await createOrganization(admin, 'provider');
    const assigned = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: providerOrg.id,
      compensation: 500,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await admin.post(`${API}/quotes/${quoteId}/send`);
    expect((await orderRow(t.db, order.id)).status).toBe('assigned');
    const view = await t.app.services.quotes.accept(quoteId, customerActor, scope());
    expect(view.status).toBe('accepted');
    expect((await orderRow(t.db, order.id)).status).toBe('assigned');
  });

  it('refuses to accept for a cancelled order: 409 from … to …', async () => {
    const { order, quoteId } = await sentQuote();
    await t.db.update(schema.orders).set({ status: 'cancelled' }).where(eq(schema.orders.id, order.id));
    await expect(t.app.services.quotes.accept(quoteId, customerActor, scope())).rejects.toEqual(
      refusal('Cannot move order from cancelled to approved.'),
    );
  });

  it('lets exactly one of a simultaneous accept and decline win', async () => {
    const { quoteId } = await sentQuote();
    const results = await Promise.allSettled([
      t.app.services.quotes.accept(quoteId, customerActor, scope()),
      t.app.services.quotes.decline(quoteId, customerActor, scope()),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect(rejected.reason.code).toBe('conflict');
    expect((await auditOf(t.db, quoteId)).filter((row) => ['accept', 'decline'].includes(row.action))).toHaveLength(1);
  });
});

describe('decline', () => {
  it('declines a sent quote; the order stays quoted for another quote', async () => {
    const { order, quoteId } = await sentQuote();
    expect(
      await auditDelta(t.db, async () => {
        const view = await t.app.services.quotes.decline(quoteId, customerActor, scope());
        expect(view.status).toBe('declined');
      }),
    ).toBe(1);
    expect((await orderRow(t.db, order.id)).status).toBe('quoted');
    expect(await outboxWithSubject(t.db, `Quote declined: ${order.title}`)).toHaveLength(1);
    await expect(t.app.services.quotes.accept(quoteId, customerActor, scope())).rejects.toEqual(
      refusal('Cannot move quote from declined to accepted.'),
    );
  });
});

describe('validity (controlled clock)', () => {
  it('reads a sent quote past its validity as expired, refuses it, and marks it expired once', async () => {
    const validityUntil = new Date(Date.now() + offsetMs + DAY).toISOString();
    const { order, quoteId } = await sentQuote({ validityUntil });
    const listed = async () =>
      (await admin.get(`${API}/quotes?orderId=${order.id}`)).json().items[0] as { status: string };
    expect((await listed()).status).toBe('sent');

    offsetMs += 2 * DAY;
    expect((await listed()).status).toBe('expired');
    expect((await admin.get(`${API}/quotes?orderId=${order.id}&status=expired`)).json().items).toHaveLength(1);
    expect((await admin.get(`${API}/quotes?orderId=${order.id}&status=sent`)).json().items).toHaveLength(0);
    expect((await quoteRow(t.db, quoteId)).status).toBe('sent');

    const expiredMessage = /^This quote expired on .+ and can no longer be accepted or declined\.$/;
    expect(
      await auditDelta(t.db, async () => {
        await expect(t.app.services.quotes.accept(quoteId, customerActor, scope())).rejects.toEqual(
          refusal(expiredMessage),
        );
      }),
    ).toBe(1);
    expect((await quoteRow(t.db, quoteId)).status).toBe('expired');
    const [entry] = (await auditOf(t.db, quoteId)).filter((row) => row.action === 'expire');
    expect(entry).toMatchObject({ entity: 'quote', actorUserId: null });
    expect((await orderRow(t.db, order.id)).status).toBe('quoted');

    expect(
      await auditDelta(t.db, async () => {
        await expect(t.app.services.quotes.decline(quoteId, customerActor, scope())).rejects.toEqual(
          refusal(expiredMessage),
        );
      }),
    ).toBe(0);
  });

  it('accepts until the last moment of a validity given as a date', async () => {
    const now = new Date(Date.now() + offsetMs);
    const date = new Date(now.getTime() + DAY).toISOString().slice(0, 10);
    const { quoteId } = await sentQuote({ validityUntil: date });
    expect((await quoteRow(t.db, quoteId)).validityUntil?.toISOString()).toBe(`${date}T23:59:59.999Z`);
    offsetMs = new Date(`${date}T23:59:59.000Z`).getTime() - Date.now();
    expect((await t.app.services.quotes.accept(quoteId, customerActor, scope())).status).toBe('accepted');
  });

  it('refuses to send a draft whose validity date has passed', async () => {
    const { quoteId } = await draftQuote({ validityUntil: new Date(Date.now() + offsetMs + DAY).toISOString() });
    offsetMs += 2 * DAY;
    const response = await admin.post(`${API}/quotes/${quoteId}/send`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The validity date of this quote has passed; create a new quote.');
  });
});
