import { randomUUID } from 'node:crypto';
import { ROLES } from '@spacecapture/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  createSignedInUser,
  type TClient,
  uniqueAddress,
} from '../test/accounts.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

/**
 * Access control of the whole API, read from the OpenAPI document: every operation, called by
 * every kind of caller, answers as its `x-roles` says. New operations are covered automatically.
 */

type TCallerKind =
  | 'signed_out'
  | 'master_admin'
  | 'customer_admin'
  | 'customer_user'
  | 'provider_admin'
  | 'provider_user';
type TOperation = { method: string; path: string; roles: string[] };
type TCaller = { client: TClient; email: string; password: string };

const SIGNED_IN_KINDS = ['master_admin', 'customer_admin', 'customer_user', 'provider_admin', 'provider_user'] as const;
/**
 * Operations that end sessions run last, in this order: the caller's own session survives
 * "others", then ends with sign-out; "everywhere" gets a session of its own.
 */
const SESSION_ENDING = ['/api/auth/revoke-other-sessions', '/api/auth/sign-out', '/api/auth/revoke-sessions'];
const NEEDS_OWN_SESSION = new Set(['/api/auth/revoke-sessions']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

let t: TTestApp;
let operations: TOperation[];
const callers = new Map<TCallerKind, TCaller>();

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInAdmin(t.app);
  callers.set('master_admin', admin);
  const customerAdmin = await createSignedInUser(t.app, t.db, admin.client, {
    role: 'customer_admin',
    organization: { name: 'Access Customer' },
  });
  const providerAdmin = await createSignedInUser(t.app, t.db, admin.client, {
    role: 'provider_admin',
    organization: { name: 'Access Provider' },
  });
  callers.set('customer_admin', customerAdmin);
  callers.set('provider_admin', providerAdmin);
  callers.set(
    'customer_user',
    await createSignedInUser(t.app, t.db, admin.client, {
      role: 'customer_user',
      organization: { id: customerAdmin.orgId },
    }),
  );
  callers.set(
    'provider_user',
    await createSignedInUser(t.app, t.db, admin.client, {
      role: 'provider_user',
      organization: { id: providerAdmin.orgId },
    }),
  );
  callers.set('signed_out', {
    client: createClient(t.app, { remoteAddress: uniqueAddress() }),
    email: '',
    password: '',
  });

  const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(document.statusCode).toBe(200);
  operations = [];
  type TDocumentOperation = { 'x-roles'?: string[]; 'x-long-lived'?: boolean };
  for (const [path, item] of Object.entries<Record<string, TDocumentOperation>>(document.json().paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      // Long-lived operations (the notification stream) stay open for minutes and `inject` waits
      // for their end; their refusals and answers are tested over real HTTP in their own tests.
      if (operation['x-long-lived']) continue;
      operations.push({ method: method.toUpperCase(), path, roles: operation['x-roles'] ?? [] });
    }
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A concrete URL: every path parameter is a random UUID. */
function urlOf(operation: TOperation) {
  return operation.path.replace(/\{[^}]+\}/g, () => randomUUID());
}

async function signedInClient(kind: Exclude<TCallerKind, 'signed_out'>) {
  const caller = callers.get(kind)!;
  const client = createClient(t.app, { remoteAddress: uniqueAddress() });
  const response = await client.signIn(caller.email, caller.password);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

/** Calls the operation as `kind` with a minimal request (no query, an empty JSON body on writes). */
async function call(kind: TCallerKind, operation: TOperation) {
  let client = callers.get(kind)!.client;
  if (kind !== 'signed_out' && NEEDS_OWN_SESSION.has(operation.path)) client = await signedInClient(kind);
  const method = operation.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  const response = await client.request(method, urlOf(operation), body);
  // An operation that ended the caller's session unexpectedly must not spoil the ones after it.
  const ending = SESSION_ENDING.includes(operation.path);
  if (kind !== 'signed_out' && !ending && method !== 'GET' && (await client.me()).status === 401) {
    callers.get(kind)!.client = await signedInClient(kind);
  }
  return response;
}

/** What the operation's x-roles promise for this caller: 401, 403, or "neither". */
function expectedFor(kind: TCallerKind, operation: TOperation): 401 | 403 | 'allowed' {
  if (operation.roles.includes('public')) return 'allowed';
  if (kind === 'signed_out') return 401;
  if (operation.roles.includes('authenticated')) return 'allowed';
  return operation.roles.includes(kind) ? 'allowed' : 403;
}

describe('the OpenAPI document', () => {
  it('declares who may call each operation', () => {
    expect(operations.length).toBeGreaterThan(20);
    const known = new Set(['public', 'authenticated', ...ROLES]);
    for (const operation of operations) {
      expect(operation.roles.length, `${operation.method} ${operation.path}`).toBeGreaterThan(0);
      for (const role of operation.roles) expect(known, `${operation.method} ${operation.path}`).toContain(role);
    }
    const listed = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/me',
        'POST /api/auth/sign-up',
        'GET /api/admin/invitations',
        'DELETE /api/organization/members/{userId}',
      ]),
    );
  });
});

describe.each(['signed_out', ...SIGNED_IN_KINDS] as const)('every operation called by %s', (kind) => {
  it('answers as its x-roles say', async () => {
    const problems: string[] = [];
    const rank = (operation: TOperation) => SESSION_ENDING.indexOf(operation.path);
    const ordered = [...operations].sort((a, b) => rank(a) - rank(b));
    for (const operation of ordered) {
      const response = await call(kind, operation);
      const expected = expectedFor(kind, operation);
      const status = response.statusCode;
      const ok = expected === 'allowed' ? status !== 401 && status !== 403 : status === expected;
      if (!ok) {
        problems.push(
          `${operation.method} ${operation.path} [${operation.roles.join(', ')}]: expected ${expected}, got ${status} ${response.body.slice(0, 200)}`,
        );
      }
      if (status >= 500)
        problems.push(`${operation.method} ${operation.path}: server error ${status} ${response.body}`);
    }
    expect(problems).toEqual([]);
    // Some 200 operations one after another: seconds alone, far more beside the other passes on two cores.
  }, 120_000);
});
