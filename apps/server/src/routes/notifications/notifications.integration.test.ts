import { schema } from '@spacecapture/db/client';
import type { TNotificationStreamEvent } from '@spacecapture/shared/contracts/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { listenOnPort, openEventStream } from '../../../test/event-stream.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder, DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';
import { notify } from '../../modules/notifications/notifications-service.ts';

/**
 * The bell (decision 121): an e-mailed event notifies the same people in the app, each person's
 * preferences decide both channels, marking read, and the live stream of the unread count.
 */

let t: TTestApp;
let baseUrl: string;
let admin: TClient;
let newUser: TNewUser;
let adminUserId: string;
let owner: TSignedInUser;
let teammate: TSignedInUser;

beforeAll(async () => {
  // The stream needs a real port; a busy shared test machine must not shed these requests.
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL, SHED_AFTER_BUSY_MS: '60000' } }));
  adminUserId = (await admin.me()).body.user.id;
  owner = await newUser('customer_admin', { name: 'Bell Co' });
  teammate = await newUser('customer_user', { id: owner.orgId });
  baseUrl = await listenOnPort(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function sendQuote() {
  const order = await convertedOrder(t.app, admin, owner.orgId);
  const created = await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await admin.post(`/api/admin/quotes/${created.json().id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return order;
}

async function unread(client: TClient) {
  const response = await client.get('/api/notifications/unread-count');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().unreadCount as number;
}

function savePreferences(client: TClient, items: unknown[]) {
  return client.request('PUT', '/api/notifications/preferences', { items });
}

async function quoteEmailsTo(address: string, title: string) {
  return (await emailsTo(t.db, address)).filter((email) => email.subject === `Quote sent: ${title}`);
}

describe('an e-mailed event notifies the same people in the app', () => {
  it('a sent quote reaches every member of the customer organisation, linking to their quotes', async () => {
    const before = [await unread(owner.client), await unread(teammate.client)];
    const order = await sendQuote();
    expect([await unread(owner.client), await unread(teammate.client)]).toEqual([before[0]! + 1, before[1]! + 1]);
    const list = await owner.client.get('/api/notifications?unread');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      eventType: 'quote_sent',
      title: `Quote sent: ${order.title}`,
      link: '/customer/quotes',
      readAt: null,
    });
    expect(await quoteEmailsTo(owner.email, order.title)).toHaveLength(1);
  });

  it('a customer answering the quote notifies the admins, not the customer', async () => {
    const order = await sendQuote();
    const quotes = await owner.client.get('/api/customer/quotes');
    expect(quotes.statusCode, quotes.body).toBe(200);
    const quote = (quotes.json().items as { id: string; order: { id: string } }[]).find(
      (item) => item.order.id === order.id,
    );
    const ownerBefore = await unread(owner.client);
    const adminBefore = await unread(admin);
    const answered = await owner.client.post(`/api/customer/quotes/${quote?.id}/decline`);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await unread(admin)).toBe(adminBefore + 1);
    expect(await unread(owner.client)).toBe(ownerBefore);
    const latest = (await admin.get('/api/notifications')).json().items[0];
    expect(latest).toMatchObject({ eventType: 'quote_answered', link: '/admin/quotes' });
  });
});

describe('preferences', () => {
  it('list only the events of the role; admins cannot switch e-mail that goes to the company address', async () => {
    const customer = (await teammate.client.get('/api/notifications/preferences')).json().items;
    expect(customer.map((item: { eventType: string }) => item.eventType)).toEqual([
      'quote_sent',
      'schedule_proposed',
      'schedule_confirmed',
      'reschedule_requested',
      'capture_reminder',
      'message_received',
      'delivery_updated',
      'annotation_changed',
      'support_replied',
    ]);
    expect(customer[0]).toEqual({ eventType: 'quote_sent', email: true, inApp: true });
    const admins = (await admin.get('/api/notifications/preferences')).json().items;
    expect(admins.find((item: { eventType: string }) => item.eventType === 'quote_answered')).toEqual({
      eventType: 'quote_answered',
      email: null,
      inApp: true,
    });
  });

  it('in-app off: no notification for that person; e-mail off: no e-mail for that person; the others still get both', async () => {
    const saved = await savePreferences(teammate.client, [{ eventType: 'quote_sent', email: false, inApp: false }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items[0]).toEqual({ eventType: 'quote_sent', email: false, inApp: false });
    const teammateBefore = await unread(teammate.client);
    const ownerBefore = await unread(owner.client);
    const order = await sendQuote();
    expect(await unread(teammate.client)).toBe(teammateBefore);
    expect(await quoteEmailsTo(teammate.email, order.title)).toEqual([]);
    expect(await unread(owner.client)).toBe(ownerBefore + 1);
    expect(await quoteEmailsTo(owner.email, order.title)).toHaveLength(1);
    await savePreferences(teammate.client, [{ eventType: 'quote_sent', email: true, inApp: true }]);
  });

  it('refuses an event the role does not receive, or an e-mail choice it cannot make, and changes nothing', async () => {
    const foreign = await savePreferences(owner.client, [
      { eventType: 'quote_sent', email: false, inApp: false },
      { eventType: 'offer_answered', email: null, inApp: false },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toEqual({
      'items.1.eventType': 'Your role does not receive offer_answered notifications.',
    });
    const adminEmail = await savePreferences(admin, [{ eventType: 'quote_answered', email: false, inApp: true }]);
    expect(adminEmail.statusCode).toBe(400);
    const unknown = await savePreferences(owner.client, [{ eventType: 'nope', email: true, inApp: true }]);
    expect(unknown.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, owner.userId));
    expect(rows).toEqual([]);
  });
});

describe('marking read', () => {
  it('marks one read, then all; another person’s notification is not found', async () => {
    await sendQuote();
    await sendQuote();
    const items = (await owner.client.get('/api/notifications?unread=true')).json().items as { id: string }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    const before = await unread(owner.client);
    const one = await owner.client.post(`/api/notifications/${items[0]?.id}/read`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().readAt).not.toBeNull();
    expect(await unread(owner.client)).toBe(before - 1);

    const foreign = await teammate.client.post(`/api/notifications/${items[1]?.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(await unread(owner.client)).toBe(before - 1);

    const all = await owner.client.post('/api/notifications/read-all');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await owner.client.get('/api/notifications?unread')).json().items).toEqual([]);
    expect((await owner.client.get('/api/notifications')).json().items.length).toBeGreaterThanOrEqual(2);
  });

  it('pages through the list newest first', async () => {
    const first = (await owner.client.get('/api/notifications?limit=1')).json();
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await owner.client.get(`/api/notifications?limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].createdAt <= first.items[0].createdAt).toBe(true);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect((await owner.client.get('/api/notifications?cursor=nope')).statusCode).toBe(400);
    expect((await owner.client.get('/api/notifications?unread=maybe')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
    const stream = await t.app.inject({ method: 'GET', url: '/api/notifications/stream' });
    expect(stream.statusCode).toBe(401);
  });
});

describe('the stream', () => {
  it('sends the unread count at once, then each new notification as it commits', async () => {
    const stream = await openEventStream<TNotificationStreamEvent>(
      `${baseUrl}/api/notifications/stream`,
      owner.client.jar.header(),
    );
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const start = await stream.until(() => true);
      const order = await sendQuote();
      const next = await stream.until((event) => event.unreadCount === start.unreadCount + 1);
      expect(next.latest).toMatchObject({ eventType: 'quote_sent', title: `Quote sent: ${order.title}` });
      await owner.client.post('/api/notifications/read-all');
      // Marking read sends no announcement; the next notification brings the fresh count.
      await t.db.transaction(async (tx) => {
        await notify(tx, [owner.userId, adminUserId], {
          type: 'message_received',
          title: 'New message',
          body: 'Hello',
          link: '/customer/orders',
        });
      });
      expect(await stream.until((event) => event.latest?.eventType === 'message_received')).toMatchObject({
        unreadCount: 1,
      });
    } finally {
      await stream.close();
    }
  });

  it('a rolled-back change notifies no one', async () => {
    const before = await unread(owner.client);
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, [owner.userId], { type: 'message_received', title: 'Never', body: '', link: '/customer' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await unread(owner.client)).toBe(before);
  });
});
