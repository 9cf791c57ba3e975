import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../test/accounts.ts';
import { eventually } from '../../test/eventually.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder, DEFAULT_BREAKDOWN } from '../../test/workflow.ts';

/**
 * Webhook deliveries of one organisation never wait for another's (issue 26, decision 183): a
 * receiver that never answers holds only its own queue, test sends are limited per organisation,
 * and a delivery queued by an order move goes out on its commit, not at the next poll (set here
 * to an hour, so only the commit can have sent it).
 */

const API = '/api/customer/webhooks';
const TEST_SENDS_PER_MINUTE = 3;

type TReceiver = { url: string; requests: { event: string; response: http.ServerResponse }[]; close(): Promise<void> };

/** A receiver on 127.0.0.1 that answers 204 at once, or, when `hang`, holds every request open. */
function startReceiver(options: { hang: boolean }): Promise<TReceiver> {
  const requests: TReceiver['requests'] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    requests.push({ event: String(request.headers['x-spacecapture-event']), response });
    if (!options.hang) response.writeHead(204).end();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let slow: TSignedInUser;
let prompt: TSignedInUser;
let hanging: TReceiver;
let answering: TReceiver;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_TEST_RATE_LIMIT: String(TEST_SENDS_PER_MINUTE) },
    // No poll to fall back on, and an attempt that would outlast the test: only the fixes can pass it.
    webhooks: { pollIntervalMs: 3_600_000, timeoutMs: 600_000 },
  }));
  slow = await newUser('customer_admin', { name: 'Slow Co' });
  prompt = await newUser('customer_admin', { name: 'Quick Co' });
  hanging = await startReceiver({ hang: true });
  answering = await startReceiver({ hang: false });
}, 60_000);
afterAll(async () => {
  // The held requests fail once their connections close, so the worker stops at once.
  await hanging?.close();
  await answering?.close();
  await t?.close();
});

async function addEndpoint(customer: TSignedInUser, url: string, events: string[]) {
  const created = await customer.client.post(API, { url, events });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

/** A lead converted into an order of the customer, quoted and the quote sent: the order moves to quoted. */
async function sendQuoteTo(customer: TSignedInUser) {
  const order = await convertedOrder(t.app, admin, customer.orgId);
  const draft = await admin.post('/api/admin/quotes', {
    orderId: order.id,
    priceBreakdown: DEFAULT_BREAKDOWN,
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await admin.post(`/api/admin/quotes/${draft.json().id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
}

async function attemptsOf(customer: TSignedInUser, endpointId: string) {
  const log = await customer.client.get(`${API}/${endpointId}/deliveries`);
  expect(log.statusCode, log.body).toBe(200);
  return (log.json().items as { status: string; attempts: number }[]).map((item) => `${item.status}:${item.attempts}`);
}

it('sends an order move’s delivery on commit, and one receiver that never answers holds only its own queue', async () => {
  t.app.webhooks.start();
  // The start's first pass is over (nothing was due): from here only a commit or a send can wake the worker.
  await t.app.webhooks.kick();
  await addEndpoint(prompt, answering.url, ['quote.sent']);
  await sendQuoteTo(prompt);
  await eventually(async () => expect(answering.requests.map((request) => request.event)).toEqual(['quote.sent']));

  // Another organisation's receiver hangs: its first test event is held open, the others wait behind it.
  const slowEndpoint = await addEndpoint(slow, hanging.url, ['quote.sent']);
  for (let sent = 0; sent < TEST_SENDS_PER_MINUTE; sent++) {
    const test = await slow.client.post(`${API}/${slowEndpoint}/test`);
    expect(test.statusCode, test.body).toBe(202);
  }
  await eventually(async () => expect(hanging.requests).toHaveLength(1));

  await sendQuoteTo(prompt);
  await eventually(async () =>
    expect(answering.requests.map((request) => request.event)).toEqual(['quote.sent', 'quote.sent']),
  );
  // Delivered while the slow receiver still holds its one request, unanswered.
  expect(hanging.requests).toHaveLength(1);
  expect(hanging.requests[0]?.response.headersSent).toBe(false);
  expect((await attemptsOf(slow, slowEndpoint)).sort()).toEqual(['pending:0', 'pending:0', 'pending:1']);
});

it('limits test sends per organisation with 429 and Retry-After, and changes nothing when refused', async () => {
  const limited = await newUser('customer_admin', { name: 'Chatty Co' });
  const endpoints = [
    await addEndpoint(limited, answering.url, ['quote.sent']),
    await addEndpoint(limited, answering.url, ['order.created']),
  ];
  for (let sent = 0; sent < TEST_SENDS_PER_MINUTE; sent++) {
    const test = await limited.client.post(`${API}/${endpoints[sent % 2]}/test`);
    expect(test.statusCode, test.body).toBe(202);
  }
  // Past the organisation's limit, whichever of its endpoints is asked.
  for (const endpoint of endpoints) {
    const refused = await limited.client.post(`${API}/${endpoint}/test`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused).code).toBe('rate_limited');
  }
  const queued = [...(await attemptsOf(limited, endpoints[0]!)), ...(await attemptsOf(limited, endpoints[1]!))];
  expect(queued).toHaveLength(TEST_SENDS_PER_MINUTE);

  // The limit is the organisation's own: another one still sends its tests.
  const other = await newUser('customer_admin', { name: 'Calm Co' });
  const otherEndpoint = await addEndpoint(other, answering.url, ['quote.sent']);
  expect((await other.client.post(`${API}/${otherEndpoint}/test`)).statusCode).toBe(202);
});
