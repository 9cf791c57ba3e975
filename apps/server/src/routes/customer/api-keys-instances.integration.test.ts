import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTwoInstances } from '../../../test/two-instances.ts';

/**
 * A revoked key is refused at once on every instance (issue 15, decision 115): two instances on
 * one database (on PostgreSQL each with its own pool); the key is revoked on the first and the
 * second refuses its very next request, as keys are never cached.
 */

let instances: Awaited<ReturnType<typeof createTwoInstances>>;
let owner: TSignedInUser;

beforeAll(async () => {
  instances = await createTwoInstances();
  const admin = (await createSignedInAdmin(instances.first)).client;
  owner = await createSignedInUser(instances.first, instances.first.db, admin, {
    role: 'customer_admin',
    organization: { name: `Twin Keys ${randomUUID().slice(0, 6)}` },
  });
}, 240_000);
afterAll(async () => {
  await instances?.close();
});

it('refuses a key revoked on one instance on the very next request to the other', async () => {
  const { first, second } = instances;
  const created = await owner.client.post('/api/customer/api-keys', { name: 'Twin', scopes: ['orders:read'] });
  expect(created.statusCode, created.body).toBe(201);
  const { key, secret } = created.json() as { key: { id: string }; secret: string };
  const read = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/api/customer/orders', headers: { authorization: `Bearer ${secret}` } });
  expect((await read(second)).statusCode).toBe(200);
  const revoked = await owner.client.post(`/api/customer/api-keys/${key.id}/revoke`);
  expect(revoked.statusCode, revoked.body).toBe(200);
  // The very next request, with no wait: nothing on the second instance remembered the key.
  expect((await read(second)).statusCode).toBe(401);
  expect((await read(first)).statusCode).toBe(401);
});
