import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  errorOf,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  totpCode,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL } from '../../../test/workflow.ts';

/**
 * API keys (issue 15, decision 115): a customer admin's key works on its organisation's orders,
 * capture requests and deliverables with the right scope only; another organisation's order is
 * not found; a revoked, expired or wrong key is refused; each key has its own rate limit; every
 * use is audited; a key request needs no Origin. A master admin's platform key reads all orders.
 */

const RATE_LIMIT = 6;
const FAILURE_LIMIT = 8;
const KEYS_PER_ORG = 15;
const clock = movableClock();
let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let adminPassword: string;
let owner: TSignedInUser;
let colleague: TSignedInUser;
let outsider: TSignedInUser;
let ownOrderId: string;
let outsiderOrderId: string;

beforeAll(async () => {
  const started = await createTestAppWithAdmin({
    env: {
      COMPANY_EMAIL,
      PUBLIC_URL: APP_ORIGIN,
      API_KEY_RATE_LIMIT: String(RATE_LIMIT),
      API_KEY_FAILURE_LIMIT: String(FAILURE_LIMIT),
      API_KEYS_PER_ORG: String(KEYS_PER_ORG),
    },
    clock: clock.now,
  });
  ({ t, admin, newUser } = started);
  adminPassword = started.adminAccount.password;
  owner = await newUser('customer_admin', { name: `Keyed Customer ${randomUUID().slice(0, 6)}` });
  colleague = await newUser('customer_user', { id: owner.orgId });
  outsider = await newUser('customer_admin', { name: `Other Customer ${randomUUID().slice(0, 6)}` });
  ownOrderId = (await placeOrder(owner.client)).id;
  outsiderOrderId = (await placeOrder(outsider.client)).id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

function orderBody() {
  return {
    location: `9 Quay Street ${randomUUID().slice(0, 6)}, Leith`,
    spaceType: 'commercial',
    spaceSize: 'medium',
    captureType: 'virtual-tour',
    timeline: 'standard',
    additionalInfo: 'Ordered through the API.',
    contactPhone: '+44 131 496 0000',
    estimate: { squareMeters: 150, locationType: 'urban', urgency: 'standard' },
  };
}

async function placeOrder(client: TClient) {
  const response = await client.post('/api/customer/orders', orderBody(), {
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function createKey(
  client: TClient,
  scopes: string[],
  extra: Record<string, unknown> = {},
  prefix = '/api/customer',
) {
  const response = await client.post(`${prefix}/api-keys`, {
    name: `Key ${randomUUID().slice(0, 6)}`,
    scopes,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { key: { id: string; prefix: string; lastUsedAt: string | null }; secret: string };
}

/** A request as an integrator's system sends it: the key, no cookie, no Origin. */
function withKey(
  secret: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers = {},
  remoteAddress = '127.0.0.1',
) {
  return t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { authorization: `Bearer ${secret}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('creating and listing keys', () => {
  it('shows the whole key once; the list and the database hold only its prefix and hash', async () => {
    const created = await createKey(owner.client, ['orders:read']);
    expect(created.secret).toMatch(/^sck_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(`${created.key.prefix}_`)).toBe(true);
    const list = await owner.client.get('/api/customer/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.split('_').at(-1));
    expect(list.json().items.map((key: { id: string }) => key.id)).toContain(created.key.id);
    const [row] = await t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.key.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(22));
  });

  it('refuses a key without scopes, with an unknown scope, or expiring in the past, and stores nothing', async () => {
    const before = (await owner.client.get('/api/customer/api-keys')).json().items.length;
    for (const body of [
      { name: 'No scope', scopes: [] },
      { name: 'Bad scope', scopes: ['orders:write'] },
      { name: 'Past', scopes: ['orders:read'], expiresAt: new Date(clock.now().getTime() - 60_000).toISOString() },
      { name: '', scopes: ['orders:read'] },
    ]) {
      const response = await owner.client.post('/api/customer/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.client.get('/api/customer/api-keys')).json().items.length).toBe(before);
  });

  it('is for customer admins of the organisation only', async () => {
    const response = await colleague.client.post('/api/customer/api-keys', { name: 'Mine', scopes: ['orders:read'] });
    expect(response.statusCode).toBe(403);
    const created = await createKey(owner.client, ['orders:read']);
    const revoke = await outsider.client.post(`/api/customer/api-keys/${created.key.id}/revoke`);
    expect(revoke.statusCode).toBe(404);
    expect((await withKey(created.secret, 'GET', '/api/customer/orders')).statusCode).toBe(200);
  });
});

describe('using a key', () => {
  it("reads the organisation's orders with orders:read; another organisation's order is not found", async () => {
    const { secret } = await createKey(owner.client, ['orders:read']);
    const list = await withKey(secret, 'GET', '/api/customer/orders');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().items.map((order: { id: string }) => order.id);
    expect(ids).toContain(ownOrderId);
    expect(ids).not.toContain(outsiderOrderId);
    expect((await withKey(secret, 'GET', `/api/customer/orders/${ownOrderId}`)).statusCode).toBe(200);
    const other = await withKey(secret, 'GET', `/api/customer/orders/${outsiderOrderId}`);
    expect(other.statusCode).toBe(404);
  });

  it('refuses an operation outside the key’s scopes with 403 and says which scope is missing', async () => {
    const { secret } = await createKey(owner.client, ['orders:read']);
    const create = await withKey(secret, 'POST', '/api/customer/orders', orderBody());
    expect(create.statusCode).toBe(403);
    expect(errorOf(create).message).toContain('capture_requests:create');
    const quotes = await withKey(secret, 'GET', '/api/customer/quotes');
    expect(quotes.statusCode).toBe(403);
    expect(errorOf(quotes).message).toContain('does not accept API keys');
    const manage = await withKey(secret, 'GET', '/api/customer/api-keys');
    expect(manage.statusCode).toBe(403);
  });

  it('creates a capture request without an Origin, once per Idempotency-Key', async () => {
    const { secret } = await createKey(owner.client, ['capture_requests:create', 'orders:read']);
    const body = orderBody();
    const key = randomUUID();
    const first = await withKey(secret, 'POST', '/api/customer/orders', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await withKey(secret, 'POST', '/api/customer/orders', body, { 'idempotency-key': key });
    expect(again.json().id).toBe(first.json().id);
    const orders = await t.db.select().from(schema.orders).where(eq(schema.orders.location, body.location));
    expect(orders).toHaveLength(1);
    expect(orders[0]?.customerOrgId).toBe(owner.orgId);
    // A cookie from another site beside the key changes nothing: the key decides, the Origin check does not apply.
    const listed = await withKey(secret, 'GET', '/api/customer/orders', undefined, {
      origin: 'https://elsewhere.test',
    });
    expect(listed.statusCode).toBe(200);
  });

  it('lists deliverables and makes a download link with deliverables:read', async () => {
    const { secret } = await createKey(owner.client, ['deliverables:read']);
    const response = await withKey(secret, 'GET', '/api/customer/deliverables');
    expect(response.statusCode, response.body).toBe(200);
    const link = await withKey(secret, 'POST', `/api/customer/deliverables/${randomUUID()}/link`);
    expect(link.statusCode).toBe(404);
  });

  it('refuses an unknown, malformed, revoked or expired key with 401', async () => {
    const { key, secret } = await createKey(owner.client, ['orders:read']);
    const wrongSecret = `${key.prefix}_${'A'.repeat(43)}`;
    for (const token of [wrongSecret, 'sck_nothing', `sck_${'0'.repeat(16)}_${'B'.repeat(43)}`]) {
      expect((await withKey(token, 'GET', '/api/customer/orders')).statusCode).toBe(401);
    }
    const revoke = await owner.client.post(`/api/customer/api-keys/${key.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().status).toBe('revoked');
    const refused = await withKey(secret, 'GET', '/api/customer/orders');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toContain('revoked');

    const expiring = await createKey(owner.client, ['orders:read'], {
      expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect((await withKey(expiring.secret, 'GET', '/api/customer/orders')).statusCode).toBe(200);
    clock.advance(3_600_001);
    const expired = await withKey(expiring.secret, 'GET', '/api/customer/orders');
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).message).toContain('expired');
  });

  it('limits each key on its own: 429 with Retry-After past the limit, another key unaffected', async () => {
    const busy = await createKey(owner.client, ['orders:read']);
    const calm = await createKey(owner.client, ['orders:read']);
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await withKey(busy.secret, 'GET', '/api/customer/orders')).statusCode).toBe(200);
    }
    const limited = await withKey(busy.secret, 'GET', '/api/customer/orders');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(calm.secret, 'GET', '/api/customer/orders')).statusCode).toBe(200);
  });

  it('limits wrong keys per client address: past the limit every key from there is refused with 429, others unaffected', async () => {
    const { key, secret } = await createKey(owner.client, ['orders:read']);
    const guesser = uniqueAddress();
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      const wrong = `sck_${key.prefix}_${randomBytes(32).toString('base64url')}`;
      expect((await withKey(wrong, 'GET', '/api/customer/orders', undefined, {}, guesser)).statusCode).toBe(401);
    }
    const wrongAgain = `sck_${key.prefix}_${randomBytes(32).toString('base64url')}`;
    const limited = await withKey(wrongAgain, 'GET', '/api/customer/orders', undefined, {}, guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(limited).message).toContain('Too many invalid API keys');
    // The right key from there too: the answer must not tell a good guess from a bad one.
    expect((await withKey(secret, 'GET', '/api/customer/orders', undefined, {}, guesser)).statusCode).toBe(429);
    // Another address is not held, and good keys never use up its budget.
    const integrator = uniqueAddress();
    for (let i = 0; i < FAILURE_LIMIT + 2; i++) {
      const served = await withKey(secret, 'GET', '/api/customer/orders', undefined, {}, integrator);
      expect([200, 429]).toContain(served.statusCode);
      if (served.statusCode === 429) expect(errorOf(served).message).toContain('with this API key');
    }
    const stray = `sck_${key.prefix}_${randomBytes(32).toString('base64url')}`;
    expect((await withKey(stray, 'GET', '/api/customer/orders', undefined, {}, integrator)).statusCode).toBe(401);
  });

  it('caps the live keys of an organisation: a clear 409 at the cap, room again once one is revoked', async () => {
    const capped = await newUser('customer_admin', { name: `Capped Customer ${randomUUID().slice(0, 6)}` });
    const made = [];
    for (let i = 0; i < KEYS_PER_ORG; i++) made.push(await createKey(capped.client, ['orders:read']));
    const refused = await capped.client.post('/api/customer/api-keys', {
      name: 'One too many',
      scopes: ['orders:read'],
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      `This organisation already has ${KEYS_PER_ORG} active API keys, the most allowed. Revoke one to create another.`,
    );
    const listed = (await capped.client.get('/api/customer/api-keys')).json().items;
    expect(listed).toHaveLength(KEYS_PER_ORG);
    // Another organisation's count is its own.
    expect(
      (await outsider.client.post('/api/customer/api-keys', { name: 'Elsewhere', scopes: ['orders:read'] })).statusCode,
    ).toBe(201);
    const revoke = await capped.client.post(`/api/customer/api-keys/${made[0]!.key.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    await createKey(capped.client, ['orders:read']);
  });

  it('audits every use and shows when the key was last used', async () => {
    const { key, secret } = await createKey(owner.client, ['orders:read']);
    expect(key.lastUsedAt).toBeNull();
    await withKey(secret, 'GET', '/api/customer/orders');
    await withKey(secret, 'POST', '/api/customer/orders', orderBody());
    await t.app.backgroundTasks.idle();
    const uses = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, key.id), eq(schema.auditLog.action, 'use')));
    expect(uses.map((use) => (use.after as { status: number }).status).sort()).toEqual([200, 403]);
    expect(uses.every((use) => use.entity === 'api_key' && use.actorUserId === owner.userId)).toBe(true);
    const listed = (await owner.client.get('/api/customer/api-keys'))
      .json()
      .items.find((item: { id: string }) => item.id === key.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});

describe('platform keys', () => {
  it('need a verified second factor: refused before one, made after', async () => {
    const refused = await admin.post('/api/admin/api-keys', { name: 'Before 2FA', scopes: ['orders:read'] });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'mfa_required',
      message: 'Set up two-factor authentication before creating a platform API key.',
    });
    expect((await admin.get('/api/admin/api-keys')).json().items).toEqual([]);
    const enabled = await admin.post('/api/auth/two-factor/enable', { password: adminPassword });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // Enrolment started but not verified is no second factor yet.
    expect((await admin.post('/api/admin/api-keys', { name: 'Unverified', scopes: ['orders:read'] })).statusCode).toBe(
      403,
    );
    const verified = await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(enabled.json().totpURI) });
    expect(verified.statusCode, verified.body).toBe(200);
    await createKey(admin, ['orders:read'], {}, '/api/admin');
  });

  it("are a master admin's, read every organisation's orders, and are not a customer's to see", async () => {
    const created = await createKey(admin, ['orders:read'], {}, '/api/admin');
    const list = await withKey(created.secret, 'GET', '/api/admin/orders');
    expect(list.statusCode, list.body).toBe(200);
    const detail = await withKey(created.secret, 'GET', `/api/admin/orders/${outsiderOrderId}`);
    expect(detail.statusCode).toBe(200);
    expect((await withKey(created.secret, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    expect((await owner.client.get('/api/admin/api-keys')).statusCode).toBe(403);
    const customerList = (await owner.client.get('/api/customer/api-keys')).json().items;
    expect(customerList.map((key: { id: string }) => key.id)).not.toContain(created.key.id);
  });
});
