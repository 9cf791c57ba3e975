import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, convertedOrder, DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';
import { checkTarget, type TResolver } from '../../modules/webhooks/url-policy.ts';
import { createWebhookWorker, DEFAULT_WEBHOOK_OPTIONS } from '../../workers/webhook-worker.ts';

/**
 * Webhooks of a customer organisation (issue 15; decisions 117 and 118): endpoints through the
 * customer admin's routes, deliveries queued by real order moves, sent signed to a receiver on
 * 127.0.0.1 that checks the signature as the README tells integrators to, retried with back-off on
 * the app's clock, replayed from the log, and refused for addresses inside the network.
 */

const API = '/api/customer/webhooks';
const NOT_ALLOWED = 'This address is not allowed: webhooks go to public addresses only.';
const clock = movableClock();

type TReceived = { headers: http.IncomingHttpHeaders; body: string; verified: boolean };

/** A receiver as an integrator writes one: verifies the signature, answers what it is told to. */
function startReceiver() {
  const received: TReceived[] = [];
  const state = { secret: '', failNext: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(request.headers['x-spacecapture-signature'] ?? '');
      const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
      const expected = createHmac('sha256', state.secret).update(`${parts.t}.${body}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const fresh = Math.abs(clock.now().getTime() / 1000 - Number(parts.t)) <= 300;
      const verified = fresh && given.length === expected.length && timingSafeEqual(given, expected);
      received.push({ headers: request.headers, body, verified });
      if (state.failNext > 0) {
        state.failNext -= 1;
        response.writeHead(503).end('down');
        return;
      }
      response.writeHead(verified ? 204 : 401).end();
    });
  });
  return new Promise<{
    url: string;
    port: number;
    received: TReceived[];
    state: typeof state;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        port,
        received,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, WEBHOOKS_ALLOW_LOOPBACK: 'true' },
    clock: clock.now,
  }));
  customer = await newUser('customer_admin', { name: 'Hook Customer' });
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
afterEach(async () => {
  // Each test starts with no endpoint and a receiver that answers.
  await t.db.delete(schema.webhookEndpoints);
  receiver.received.length = 0;
  receiver.state.failNext = 0;
});

async function addEndpoint(events: string[], url = receiver.url) {
  const created = await customer.client.post(API, { url, description: 'Our system', events });
  expect(created.statusCode, created.body).toBe(201);
  const endpoint = created.json() as { id: string; secret: string };
  receiver.state.secret = endpoint.secret;
  return endpoint;
}

async function convertLead() {
  return convertedOrder(t.app, admin, customer.orgId);
}

async function deliveriesOf(endpointId: string, query = '') {
  const response = await customer.client.get(`${API}/${endpointId}/deliveries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: {
      id: string;
      event: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      nextAttemptAt: string | null;
      lastError: string | null;
    }[];
    nextCursor: string | null;
  };
}

describe('endpoints', () => {
  it('shows the signing secret once, lists endpoints without it, and audits every change without it', async () => {
    const endpoint = await addEndpoint(['order.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await customer.client.get(API);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, events: ['order.created'], disabledAt: null }),
    ]);
    expect(list.body).not.toContain(endpoint.secret);

    const rotated = await customer.client.post(`${API}/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).not.toBe(endpoint.secret);

    const audit = await auditOf(t.db, endpoint.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'rotate_secret']);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('refuses bad input with a clear 400 and keeps nothing', async () => {
    const noEvents = await customer.client.post(API, { url: receiver.url, events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(errorOf(noEvents).fields).toMatchObject({ events: 'Choose at least one event.' });
    const unknownEvent = await customer.client.post(API, { url: receiver.url, events: ['order.exploded'] });
    expect(unknownEvent.statusCode).toBe(400);
    const notUrl = await customer.client.post(API, { url: 'not a url', events: ['order.created'] });
    expect(notUrl.statusCode).toBe(400);
    expect((await customer.client.get(API)).json().items).toEqual([]);
  });

  it('is for customer admins of the organisation only: another organisation’s endpoint is not found', async () => {
    const endpoint = await addEndpoint(['order.created']);
    const other = await newUser('customer_admin', { name: 'Other Customer' });
    expect((await other.client.get(`${API}/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await other.client.post(`${API}/${endpoint.id}/rotate-secret`)).statusCode).toBe(404);
    expect((await other.client.delete(`${API}/${endpoint.id}`)).statusCode).toBe(404);
    expect((await other.client.get(API)).json().items).toEqual([]);
    const teammate = await newUser('customer_user', { id: customer.orgId });
    expect((await teammate.client.get(API)).statusCode).toBe(403);
    expect((await admin.get(API)).statusCode).toBe(403);
  });
});

describe('editing an endpoint', () => {
  it('changes its URL, events and state with the checks of creation, audited, and keeps it whole when refused', async () => {
    const endpoint = await addEndpoint(['order.created']);
    const url = `${API}/${endpoint.id}`;
    const edited = await customer.client.request('PATCH', url, {
      url: `${receiver.url}/v2`,
      events: ['quote.sent', 'order.completed'],
      disabled: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ url: `${receiver.url}/v2`, events: ['quote.sent', 'order.completed'] });
    expect(edited.json().disabledAt).not.toBeNull();

    for (const [changes, field] of [
      [{ url: 'https://10.1.2.3/in' }, null],
      [{ url: 'not a url' }, null],
      [{ events: [] }, 'events'],
      [{ events: ['order.exploded'] }, null],
    ] as const) {
      const refused = await customer.client.request('PATCH', url, changes);
      expect(refused.statusCode, JSON.stringify(changes)).toBe(400);
      if (field) expect(errorOf(refused).fields?.[field]).toBeTruthy();
    }
    const [kept] = (await customer.client.get(API)).json().items;
    expect(kept).toMatchObject({ url: `${receiver.url}/v2`, events: ['quote.sent', 'order.completed'] });
    expect((await auditOf(t.db, endpoint.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
  });
});

describe('the admins’ view', () => {
  it('shows admins any customer’s endpoints and delivery log, read-only, and no one else', async () => {
    const endpoint = await addEndpoint(['order.created']);
    expect((await customer.client.post(`${API}/${endpoint.id}/test`)).statusCode).toBe(202);
    const endpoints = await admin.get(`/api/admin/customers/${customer.orgId}/webhooks`);
    expect(endpoints.statusCode, endpoints.body).toBe(200);
    expect(endpoints.json().items).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url })]);
    expect(endpoints.body).not.toContain(endpoint.secret);
    const log = await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([expect.objectContaining({ event: 'webhook.test', endpointId: endpoint.id })]);
    expect((await admin.get(`/api/admin/webhooks/${crypto.randomUUID()}/deliveries`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/customers/${crypto.randomUUID()}/webhooks`)).json().items).toEqual([]);
    expect((await customer.client.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(403);
    expect((await customer.client.get(`/api/admin/customers/${customer.orgId}/webhooks`)).statusCode).toBe(403);
  });
});

describe('deliveries', () => {
  it('sends a converted order’s order.created, signed, and logs it as succeeded', async () => {
    const endpoint = await addEndpoint(['order.created']);
    const order = await convertLead();
    expect(receiver.received).toHaveLength(0);
    await t.app.webhooks.kick();

    expect(receiver.received).toHaveLength(1);
    const [call] = receiver.received;
    expect(call?.verified).toBe(true);
    expect(call?.headers['x-spacecapture-event']).toBe('order.created');
    const body = JSON.parse(call?.body ?? '{}');
    expect(body).toMatchObject({ event: 'order.created', data: { order: { id: order.id, status: 'triage' } } });
    expect(call?.headers['x-spacecapture-delivery']).toBe(body.id);
    const log = await deliveriesOf(endpoint.id);
    expect(log.items).toEqual([
      expect.objectContaining({
        id: body.id,
        event: 'order.created',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 204,
      }),
    ]);
  });

  it('fires quote.sent and order.scheduled from the real moves, and only to endpoints that want them', async () => {
    const quotes = await addEndpoint(['quote.sent', 'order.scheduled']);
    const created = await addEndpoint(['order.created']);
    receiver.state.secret = ''; // set below per delivery check
    const order = await convertLead();
    const draft = await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await admin.post(`/api/admin/quotes/${draft.json().id}/send`)).statusCode).toBe(200);

    const provider = await newUser('provider_admin', { name: 'Hook Provider' });
    await acceptedJob(
      t.app,
      { admin, customerOrgId: customer.orgId, provider: { client: provider.client, orgId: provider.orgId } },
      { clock },
    );

    const events = (await deliveriesOf(quotes.id)).items.map((item) => item.event);
    expect(events.sort()).toEqual(['order.scheduled', 'quote.sent']);
    expect((await deliveriesOf(created.id)).items.map((item) => item.event)).toEqual([
      'order.created',
      'order.created',
    ]);
  });

  it('retries a target that was down with doubling back-off on the app clock, then succeeds', async () => {
    const endpoint = await addEndpoint(['order.created']);
    receiver.state.failNext = 2;
    await convertLead();

    await t.app.webhooks.kick();
    let [delivery] = (await deliveriesOf(endpoint.id)).items;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    const firstRetry = Date.parse(delivery?.nextAttemptAt ?? '') - clock.now().getTime();
    expect(firstRetry).toBeGreaterThan(28_000);
    expect(firstRetry).toBeLessThanOrEqual(30_000);

    // Not due yet: nothing is sent.
    await t.app.webhooks.kick();
    expect(receiver.received).toHaveLength(1);

    clock.advance(30_000);
    await t.app.webhooks.kick();
    [delivery] = (await deliveriesOf(endpoint.id)).items;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    const secondRetry = Date.parse(delivery?.nextAttemptAt ?? '') - clock.now().getTime();
    expect(secondRetry).toBeGreaterThan(58_000);
    expect(secondRetry).toBeLessThanOrEqual(60_000);

    clock.advance(60_000);
    await t.app.webhooks.kick();
    [delivery] = (await deliveriesOf(endpoint.id)).items;
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 204, nextAttemptAt: null });
    expect(receiver.received.map((call) => call.verified)).toEqual([true, true, true]);
    expect(new Set(receiver.received.map((call) => call.headers['x-spacecapture-delivery'])).size).toBe(1);
  });

  it('gives up after the last attempt, and a replay sends the same delivery again', async () => {
    const worker = createWebhookWorker({
      db: t.db,
      log: t.app.log,
      clock: clock.now,
      policy: { allowLoopback: true, resolve: async () => [] },
      options: { ...DEFAULT_WEBHOOK_OPTIONS, maxAttempts: 2 },
    });
    const endpoint = await addEndpoint(['order.created']);
    receiver.state.failNext = 2;
    await convertLead();
    await worker.kick();
    clock.advance(30_000);
    await worker.kick();
    const [failed] = (await deliveriesOf(endpoint.id)).items;
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastStatusCode: 503, nextAttemptAt: null });

    const replayed = await customer.client.post(`${API}/${endpoint.id}/deliveries/${failed?.id}/replay`);
    expect(replayed.statusCode, replayed.body).toBe(202);
    expect(replayed.json()).toMatchObject({ id: failed?.id, status: 'pending', attempts: 0 });
    const again = await customer.client.post(`${API}/${endpoint.id}/deliveries/${failed?.id}/replay`);
    expect(again.statusCode).toBe(409);
    await worker.kick();
    expect((await deliveriesOf(endpoint.id)).items[0]).toMatchObject({
      id: failed?.id,
      status: 'succeeded',
      attempts: 1,
    });
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.at(-1)?.body).toBe(receiver.received[0]?.body);
    expect((await auditOf(t.db, endpoint.id)).map((entry) => entry.action)).toContain('replay_delivery');
  });

  it('sends a test event on demand; a disabled endpoint gets no new events; the log pages', async () => {
    const endpoint = await addEndpoint(['order.created']);
    const test = await customer.client.post(`${API}/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await t.app.webhooks.kick();
    expect(receiver.received.map((call) => call.headers['x-spacecapture-event'])).toEqual(['webhook.test']);

    const disabled = await customer.client.request('PATCH', `${API}/${endpoint.id}`, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().disabledAt).not.toBeNull();
    await convertLead();
    expect((await deliveriesOf(endpoint.id)).items).toHaveLength(1);

    await customer.client.request('PATCH', `${API}/${endpoint.id}`, { disabled: false });
    await convertLead();
    const first = await deliveriesOf(endpoint.id, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await deliveriesOf(endpoint.id, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(second.nextCursor).toBeNull();
  });
});

describe('address policy (SSRF)', () => {
  it.each([
    ['http://93.184.216.34/in', 'Webhook URLs must start with https://.'],
    ['https://10.1.2.3/in', NOT_ALLOWED],
    ['https://192.168.1.10/in', NOT_ALLOWED],
    ['https://172.20.0.1/in', NOT_ALLOWED],
    ['https://169.254.169.254/latest/meta-data', NOT_ALLOWED],
    ['https://100.64.0.1/in', NOT_ALLOWED],
    ['https://0.0.0.0/in', NOT_ALLOWED],
    ['https://224.0.0.1/in', NOT_ALLOWED],
    ['https://[fd00::1]/in', NOT_ALLOWED],
    ['https://[fe80::1]/in', NOT_ALLOWED],
    ['https://[::ffff:10.0.0.1]/in', NOT_ALLOWED],
    // IPv6 forms that carry an IPv4 address a gateway unwraps (issue 26).
    ['https://[::127.0.0.1]/in', NOT_ALLOWED],
    ['https://[::10.0.0.1]/in', NOT_ALLOWED],
    ['https://[::ffff:0:127.0.0.1]/in', NOT_ALLOWED],
    ['https://[64:ff9b::7f00:1]/in', NOT_ALLOWED],
    ['https://[64:ff9b:1::a00:1]/in', NOT_ALLOWED],
    ['https://[2002:7f00:1::1]/in', NOT_ALLOWED],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/in', NOT_ALLOWED],
    ['https://user:pw@hooks.example.com/in', 'user name or password'],
  ])('refuses %s when saved', async (url, message) => {
    const refused = await customer.client.post(API, { url, events: ['order.created'] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).message).toContain(message);
    expect((await customer.client.get(API)).json().items).toEqual([]);
  });

  it('refuses a name that resolves to a private address without saying where it resolves, and http to anything but loopback', async () => {
    const inside: TResolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expect(
      checkTarget('https://hooks.example.com/in', { allowLoopback: false, resolve: inside }),
    ).rejects.toMatchObject({ code: 'validation_failed', message: NOT_ALLOWED });
    const vm: TResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const refusal = await checkTarget('https://vm/in', { allowLoopback: false, resolve: vm }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ message: NOT_ALLOWED, fields: { url: NOT_ALLOWED } });
    expect(JSON.stringify({ ...(refusal as object), message: (refusal as Error).message })).not.toContain('127.0.0.1');
    const nat64: TResolver = async () => [{ address: '64:ff9b::a9fe:a9fe', family: 6 }];
    await expect(
      checkTarget('https://hooks.example.com/in', { allowLoopback: false, resolve: nat64 }),
    ).rejects.toMatchObject({ message: NOT_ALLOWED });
    const outside: TResolver = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(
      checkTarget('https://hooks.example.com/in', { allowLoopback: false, resolve: outside }),
    ).resolves.toMatchObject({
      addresses: [{ address: '93.184.216.34' }],
    });
    await expect(
      checkTarget('http://hooks.example.com/in', { allowLoopback: true, resolve: outside }),
    ).rejects.toMatchObject({
      message: 'Webhook URLs must start with https://.',
    });
    await expect(checkTarget('https://127.0.0.1/in', { allowLoopback: false, resolve: outside })).rejects.toMatchObject(
      {
        message: NOT_ALLOWED,
      },
    );
    await expect(checkTarget(receiver.url, { allowLoopback: false, resolve: outside })).rejects.toMatchObject({
      message: 'Webhook URLs must start with https://.',
    });
  });

  it('checks again at delivery and connects to the address it checked (no DNS rebinding)', async () => {
    const endpoint = await addEndpoint(['order.created']);
    // As if the name had resolved to a public address when it was saved.
    await t.db
      .update(schema.webhookEndpoints)
      .set({ url: `http://rebind.test:${receiver.port}/hooks` })
      .where(eq(schema.webhookEndpoints.id, endpoint.id));
    let answer = '10.0.0.5';
    const worker = createWebhookWorker({
      db: t.db,
      log: t.app.log,
      clock: clock.now,
      policy: { allowLoopback: true, resolve: async () => [{ address: answer, family: 4 }] },
      options: DEFAULT_WEBHOOK_OPTIONS,
    });
    await convertLead();
    await worker.kick();
    expect(receiver.received).toHaveLength(0);
    const [refused] = (await deliveriesOf(endpoint.id)).items;
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(refused?.lastError).toContain('Webhook URLs must start with https://.');

    // The name now resolves to loopback (allowed here): the request goes to the checked address,
    // although rebind.test resolves nowhere in the system's DNS.
    answer = '127.0.0.1';
    clock.advance(30_000);
    await worker.kick();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id)).items[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });
});
