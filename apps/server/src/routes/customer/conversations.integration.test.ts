import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { TEAM_NAME } from '@spacecapture/shared/contracts/conversations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInAdmin,
  createSignedInUser,
  emailsTo,
  errorOf,
  type TClient,
  type TSignedInUser,
} from '../../../test/accounts.ts';
import { PNG_BYTES as PNG, postMessageWithFiles } from '../../../test/message-files.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, convertedOrder, createOrganization } from '../../../test/workflow.ts';

/**
 * Conversations on orders (decision 119) and their e-mail digests (decision 120): who may read and
 * post, what each side sees of the other, attachments, read state and coalesced digests.
 */

const clock = movableClock();
const CUSTOMER_NAME = `Quayside Offices ${randomUUID().slice(0, 6)}`;
const PROVIDER_NAME = `Lumen Scans ${randomUUID().slice(0, 6)}`;
const DIGEST = 'New messages on your orders';

let t: TTestApp;
let admin: { client: TClient; email: string };
let customer: TSignedInUser;
let colleague: TSignedInUser;
let otherCustomer: TSignedInUser;
let provider: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { COMPANY_EMAIL }, clock: clock.now });
  admin = await createSignedInAdmin(t.app);
  customerOrgId = (await createOrganization(admin.client, 'customer', CUSTOMER_NAME)).id;
  customer = await createSignedInUser(t.app, t.db, admin.client, {
    role: 'customer_admin',
    organization: { id: customerOrgId },
  });
  colleague = await createSignedInUser(t.app, t.db, admin.client, {
    role: 'customer_user',
    organization: { id: customerOrgId },
  });
  otherCustomer = await createSignedInUser(t.app, t.db, admin.client, {
    role: 'customer_admin',
    organization: { name: `Elsewhere ${randomUUID().slice(0, 6)}` },
  });
  provider = await createSignedInUser(t.app, t.db, admin.client, {
    role: 'provider_admin',
    organization: { name: PROVIDER_NAME },
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function newOrder() {
  return (
    await convertedOrder(t.app, admin.client, customerOrgId, { location: `Pier Lane ${randomUUID().slice(0, 8)}` })
  ).id;
}

/** A multipart message post with files, as a browser's FormData sends it. */
describe('the customer conversation', () => {
  it('carries messages both ways, shows the admins as the team, and counts unread per person', async () => {
    const orderId = await newOrder();
    const url = `/api/customer/orders/${orderId}/conversation`;
    const sent = await customer.client.post(`${url}/messages`, { body: '  Gate code is 4412.  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().messages).toMatchObject([{ body: 'Gate code is 4412.', mine: true, authorSide: 'customer' }]);

    const adminUnread = await admin.client.get('/api/admin/conversations/unread');
    expect(adminUnread.json()).toEqual({ unread: 1 });
    const both = await admin.client.get(`/api/admin/orders/${orderId}/conversations`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().provider).toBeNull();
    const conversation = both.json().customer;
    expect(conversation).toMatchObject({ organizationName: CUSTOMER_NAME, unreadCount: 1 });
    expect(conversation.messages[0].authorName).not.toBe(TEAM_NAME);

    const reply = await admin.client.post(`/api/admin/conversations/${conversation.id}/messages`, {
      body: 'Thanks, noted.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // Posting reads what came before.
    expect((await admin.client.get('/api/admin/conversations/unread')).json()).toEqual({ unread: 0 });

    const seen = await customer.client.get(url);
    expect(seen.json().unreadCount).toBe(1);
    expect(seen.json().messages[1]).toMatchObject({ body: 'Thanks, noted.', authorName: TEAM_NAME, mine: false });
    expect(seen.body).not.toContain(admin.email);
    expect((await colleague.client.get('/api/customer/conversations/unread')).json()).toEqual({ unread: 2 });

    const read = await customer.client.post(`${url}/read`);
    expect(read.json().unreadCount).toBe(0);
    expect((await customer.client.get('/api/customer/conversations/unread')).json()).toEqual({ unread: 0 });
    // Read state is the person's own: the colleague still has both unread.
    expect((await colleague.client.get('/api/customer/conversations/unread')).json()).toEqual({ unread: 2 });
  });

  it('refuses another organisation, other roles, and an empty or over-long message, changing nothing', async () => {
    const orderId = await newOrder();
    const url = `/api/customer/orders/${orderId}/conversation`;
    expect((await otherCustomer.client.get(url)).statusCode).toBe(404);
    expect((await otherCustomer.client.post(`${url}/messages`, { body: 'hello' })).statusCode).toBe(404);
    expect((await provider.client.get(url)).statusCode).toBe(403);
    expect((await customer.client.get('/api/admin/inbox')).statusCode).toBe(403);

    const empty = await customer.client.post(`${url}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.body).toBeTruthy();
    const long = await customer.client.post(`${url}/messages`, { body: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect((await customer.client.get(url)).json().messages).toEqual([]);
  });
});

describe('the provider conversation', () => {
  it('does not exist before acceptance, and never shows the customer or the admins by name', async () => {
    const orderId = await newOrder();
    const offered = await admin.client.post('/api/admin/assignments', {
      orderId,
      providerOrgId: provider.orgId,
      compensation: 500,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const assignmentId = offered.json().id as string;
    const url = `/api/provider/assignments/${assignmentId}/conversation`;
    expect((await provider.client.get(url)).statusCode).toBe(404);
    expect((await provider.client.post(`${url}/messages`, { body: 'Hi' })).statusCode).toBe(404);

    await customer.client.post(`/api/customer/orders/${orderId}/conversation/messages`, {
      body: `Call me on 0711 ${customer.email}`,
    });
    const accepted = await provider.client.post(`/api/provider/assignments/${assignmentId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const sent = await provider.client.post(`${url}/messages`, { body: 'Arriving at nine.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const both = (await admin.client.get(`/api/admin/orders/${orderId}/conversations`)).json();
    expect(both.provider).toMatchObject({ assignmentId, organizationName: PROVIDER_NAME });
    await admin.client.post(`/api/admin/conversations/${both.provider.id}/messages`, { body: 'Great.' });

    const providerView = await provider.client.get(url);
    expect(providerView.json().messages.map((m: { authorName: string }) => m.authorName)).toContain(TEAM_NAME);
    for (const secret of [customer.email, CUSTOMER_NAME, '0711', admin.email]) {
      expect(providerView.body).not.toContain(secret);
    }
    const customerView = await customer.client.get(`/api/customer/orders/${orderId}/conversation`);
    for (const secret of [PROVIDER_NAME, provider.email, 'Arriving at nine.']) {
      expect(customerView.body).not.toContain(secret);
    }
  });
});

describe('attachments', () => {
  it('keeps an image checked by its bytes, downloadable by a short-lived link, and refuses other types and big files', async () => {
    const orderId = await newOrder();
    const url = `/api/customer/orders/${orderId}/conversation`;
    const sent = await postMessageWithFiles(t.app, customer.client, `${url}/messages`, 'Floor plan attached', [
      { name: 'plan.png', bytes: PNG },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const [attachment] = sent.json().messages[0].attachments;
    expect(attachment).toMatchObject({ name: 'plan.png', contentType: 'image/png', size: PNG.length });

    const link = await customer.client.post(`${url}/attachments/${attachment.id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await otherCustomer.client.post(`${url}/attachments/${attachment.id}/link`)).statusCode).toBe(404);
    clock.advance(301_000);
    expect((await t.app.inject({ method: 'GET', url: link.json().url })).statusCode).toBe(403);

    const fake = await postMessageWithFiles(t.app, customer.client, `${url}/messages`, 'Not an image', [
      { name: 'script.png', bytes: Buffer.from('#!/bin/sh\necho hi\n') },
    ]);
    expect(fake.statusCode, fake.body).toBe(400);
    expect(errorOf(fake).fields?.attachments).toMatch(/PNG, JPEG or WebP/);
    const big = await postMessageWithFiles(t.app, customer.client, `${url}/messages`, 'Too big', [
      { name: 'big.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode, big.body).toBe(413);
    const messages = (await customer.client.get(url)).json().messages;
    expect(messages).toHaveLength(1);
    const stored = await t.db.select().from(schema.messageAttachments);
    expect(stored.filter((row) => row.messageId === messages[0].id)).toHaveLength(1);
  });
});

describe('the admin inbox', () => {
  it('lists conversations with unread counts and filters by assignment', async () => {
    const orderId = await newOrder();
    await customer.client.post(`/api/customer/orders/${orderId}/conversation/messages`, { body: 'Inbox check' });
    const all = (await admin.client.get('/api/admin/inbox')).json();
    const item = all.items.find((entry: { orderId: string }) => entry.orderId === orderId);
    expect(item).toMatchObject({ unreadCount: 1, assignedAdminId: null, organizationName: CUSTOMER_NAME });
    expect(all.unreadTotal).toBeGreaterThanOrEqual(1);

    const ids = async (filter: string) =>
      (await admin.client.get(`/api/admin/inbox?filter=${filter}`))
        .json()
        .items.map((entry: { id: string }) => entry.id);
    expect(await ids('unassigned')).toContain(item.id);
    expect(await ids('mine')).not.toContain(item.id);
    const assigned = await admin.client.post(`/api/admin/conversations/${item.id}/assign`);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await ids('mine')).toContain(item.id);
    expect(await ids('unassigned')).not.toContain(item.id);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, item.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['assign', 'post_message']);
  });
});

describe('message digests', () => {
  it('e-mails each person once for all their unread messages, never twice, and honours an opt-out', async () => {
    // Everything before this test was e-mailed already.
    await t.app.messageDigests.kick();
    const { orderId } = await acceptedJob(
      t.app,
      { admin: admin.client, customerOrgId, provider: { client: provider.client, orgId: provider.orgId } },
      { scheduled: false },
    );
    const url = `/api/customer/orders/${orderId}/conversation`;
    const optOut = await colleague.client.request('PUT', '/api/account/message-preferences', { emailDigests: false });
    expect(optOut.statusCode, optOut.body).toBe(200);
    expect((await colleague.client.get('/api/account/message-preferences')).json()).toEqual({ emailDigests: false });
    const before = {
      admin: (await emailsTo(t.db, admin.email)).filter((row) => row.subject === DIGEST).length,
      customer: (await emailsTo(t.db, customer.email)).filter((row) => row.subject === DIGEST).length,
      colleague: (await emailsTo(t.db, colleague.email)).filter((row) => row.subject === DIGEST).length,
      provider: (await emailsTo(t.db, provider.email)).filter((row) => row.subject === DIGEST).length,
    };
    await customer.client.post(`${url}/messages`, { body: 'First: the lift is out of order.' });
    clock.advance(60_000);
    await customer.client.post(`${url}/messages`, { body: 'Second: use the stairs at the back.' });
    const conversationId = (await admin.client.get(`/api/admin/orders/${orderId}/conversations`)).json().customer.id;

    await t.app.messageDigests.kick();
    const digestsTo = async (address: string) =>
      (await emailsTo(t.db, address)).filter((row) => row.subject === DIGEST);
    const adminDigests = await digestsTo(admin.email);
    expect(adminDigests).toHaveLength(before.admin + 1);
    expect(adminDigests[0]!.text).toContain('First: the lift is out of order.');
    expect(adminDigests[0]!.text).toContain('Second: use the stairs at the back.');
    // The author is not told of their own messages; the colleague turned digests off.
    expect(await digestsTo(customer.email)).toHaveLength(before.customer);
    expect(await digestsTo(colleague.email)).toHaveLength(before.colleague);

    clock.advance(60_000);
    await admin.client.post(`/api/admin/conversations/${conversationId}/messages`, { body: 'Understood.' });
    await t.app.messageDigests.kick();
    const customerDigests = await digestsTo(customer.email);
    expect(customerDigests).toHaveLength(before.customer + 1);
    expect(customerDigests[0]!.text).toContain('Understood.');
    expect(customerDigests[0]!.text).toContain(TEAM_NAME);
    expect(customerDigests[0]!.text).not.toContain('First: the lift');
    expect(await digestsTo(admin.email)).toHaveLength(before.admin + 1);
    expect(await digestsTo(colleague.email)).toHaveLength(before.colleague);
    // The provider's conversation is another one: nothing of the customer's reaches them.
    expect(await digestsTo(provider.email)).toHaveLength(before.provider);

    // A second pass has nothing new; a message read before the pass is not e-mailed.
    await t.app.messageDigests.kick();
    expect(await digestsTo(admin.email)).toHaveLength(before.admin + 1);
    clock.advance(60_000);
    await admin.client.post(`/api/admin/conversations/${conversationId}/messages`, { body: 'One more thing.' });
    await customer.client.post(`${url}/read`);
    await t.app.messageDigests.kick();
    expect(await digestsTo(customer.email)).toHaveLength(before.customer + 1);
  });
});

describe('message digests on two instances', () => {
  it('e-mail a person once when two passes run at the same moment', async () => {
    await t.app.messageDigests.kick();
    const { orderId } = await acceptedJob(
      t.app,
      { admin: admin.client, customerOrgId, provider: { client: provider.client, orgId: provider.orgId } },
      { scheduled: false },
    );
    clock.advance(60_000);
    const posted = await customer.client.post(`/api/customer/orders/${orderId}/conversation/messages`, {
      body: 'Is the car park open before nine?',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const digestsTo = async (address: string) =>
      (await emailsTo(t.db, address)).filter((row) => row.subject === DIGEST);
    const before = (await digestsTo(admin.email)).length;

    // Two instances' workers, each with its own pass, on one database.
    const sent = await Promise.all([
      t.app.services.conversations.sendDigests(),
      t.app.services.conversations.sendDigests(),
    ]);
    const adminDigests = await digestsTo(admin.email);
    expect(adminDigests).toHaveLength(before + 1);
    expect(adminDigests[0]!.text).toContain('Is the car park open before nine?');
    expect(sent.filter((count) => count > 0)).toHaveLength(1);
  });
});

describe('the posted-message hook', () => {
  it('tells listeners of each message with its recipients, inside the posting transaction', async () => {
    const seen: { body: string; recipients: string[] }[] = [];
    t.app.services.conversations.onMessagePosted(({ message, recipientUserIds }) => {
      seen.push({ body: message.body, recipients: recipientUserIds });
    });
    const orderId = await newOrder();
    await customer.client.post(`/api/customer/orders/${orderId}/conversation/messages`, { body: 'Hook me' });
    const event = seen.find((entry) => entry.body === 'Hook me');
    expect(event?.recipients).toContain(colleague.userId);
    expect(event?.recipients).not.toContain(customer.userId);
    expect(event?.recipients).not.toContain(provider.userId);
  });
});

describe('a new message in the bell', () => {
  async function noticesOf(client: TClient, body: string) {
    const list = await client.get('/api/notifications?limit=100');
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().items as { eventType: string; body: string; link: string }[]).filter(
      (item) => item.eventType === 'message_received' && item.body === body,
    );
  }

  it('reaches the other side with a link to where they answer, not the author nor whoever turned it off', async () => {
    const orderId = await newOrder();
    const off = await colleague.client.request('PUT', '/api/notifications/preferences', {
      items: [{ eventType: 'message_received', email: true, inApp: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const body = `Gate code is 4${randomUUID().slice(0, 4)}`;
    const posted = await customer.client.post(`/api/customer/orders/${orderId}/conversation/messages`, { body });
    expect(posted.statusCode, posted.body).toBe(201);

    expect(await noticesOf(admin.client, body)).toEqual([expect.objectContaining({ link: '/admin/inbox' })]);
    expect(await noticesOf(customer.client, body)).toEqual([]);
    expect(await noticesOf(colleague.client, body)).toEqual([]);

    const reply = `Thanks, noted ${randomUUID().slice(0, 4)}`;
    const conversationId = (await admin.client.get(`/api/admin/orders/${orderId}/conversations`)).json().customer.id;
    const answered = await admin.client.post(`/api/admin/conversations/${conversationId}/messages`, { body: reply });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await noticesOf(customer.client, reply)).toEqual([expect.objectContaining({ link: '/customer/orders' })]);
  });
});
