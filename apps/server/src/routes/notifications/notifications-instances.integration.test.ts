import type { TNotificationStreamEvent } from '@spacecapture/shared/contracts/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TClient, type TSignedInUser } from '../../../test/accounts.ts';
import { listenOnPort, openEventStream } from '../../../test/event-stream.ts';
import { createTwoInstances } from '../../../test/two-instances.ts';
import { DEFAULT_BREAKDOWN, submitLead } from '../../../test/workflow.ts';

/**
 * Decision 122: a notification written on one instance reaches a stream open on another. On
 * PostgreSQL the two instances have separate pools and hear each other through LISTEN/NOTIFY.
 */

let instances: Awaited<ReturnType<typeof createTwoInstances>>;
let admin: TClient;
let customer: TSignedInUser;
let secondUrl: string;

beforeAll(async () => {
  instances = await createTwoInstances({ env: { SHED_AFTER_BUSY_MS: '60000' } });
  admin = (await createSignedInAdmin(instances.first)).client;
  customer = await createSignedInUser(instances.first, instances.first.db, admin, {
    role: 'customer_admin',
    organization: { name: 'Two Rooms Ltd' },
  });
  secondUrl = await listenOnPort(instances.second);
}, 240_000);
afterAll(async () => {
  await instances?.close();
});

it('a quote sent through the first instance moves the bell of a page streaming from the second', async () => {
  const stream = await openEventStream<TNotificationStreamEvent>(
    `${secondUrl}/api/notifications/stream`,
    customer.client.jar.header(),
  );
  try {
    expect(stream.status).toBe(200);
    const start = await stream.until(() => true);
    const leadId = await submitLead(instances.first);
    const converted = await admin.post(`/api/admin/leads/${leadId}/convert`, { customerOrgId: customer.orgId });
    expect(converted.statusCode, converted.body).toBe(201);
    const order = converted.json().order as { id: string; title: string };
    const created = await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
    const sent = await admin.post(`/api/admin/quotes/${created.json().id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const next = await stream.until((event) => event.unreadCount === start.unreadCount + 1);
    expect(next.latest).toMatchObject({ eventType: 'quote_sent', title: `Quote sent: ${order.title}` });
  } finally {
    await stream.close();
  }
});

it('signing out through the first instance ends the stream open on the second (decision 176)', async () => {
  const leaving = await createSignedInUser(instances.first, instances.first.db, admin, {
    role: 'customer_admin',
    organization: { name: 'Leaving Ltd' },
  });
  const stream = await openEventStream<TNotificationStreamEvent>(
    `${secondUrl}/api/notifications/stream`,
    leaving.client.jar.header(),
  );
  expect(stream.status).toBe(200);
  await stream.until(() => true);
  const signedOut = await leaving.client.post('/api/auth/sign-out');
  expect(signedOut.statusCode, signedOut.body).toBe(200);
  await stream.ended();
});
