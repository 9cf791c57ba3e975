import { createHmac, randomUUID } from 'node:crypto';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';

/**
 * Accounts as a caller sees them: a browser-like client that keeps its cookies and sends our
 * Origin on writes, the e-mails the server wrote to the outbox and the links in them, users made
 * through real invitations, and TOTP codes computed from a secret URI (RFC 6238).
 */

/** The app's origin: the default PUBLIC_URL of the test configuration. */
export const APP_ORIGIN = 'http://localhost:3000';
/** Passes the server's policy (≥ 10 characters, not common, not the e-mail). */
export const STRONG_PASSWORD = 'Correct-Horse-Battery-9';

export type TResponse = Awaited<ReturnType<FastifyInstance['inject']>>;
type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A cookie jar fed from `set-cookie` headers (expired or emptied cookies are dropped). */
export function createCookieJar() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    store(response: TResponse) {
      const header = response.headers['set-cookie'];
      const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
      for (const line of lines) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        if (at < 1) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const expired = attributes.some((attribute) => {
          const [key = '', raw = ''] = attribute.split('=');
          const lower = key.trim().toLowerCase();
          if (lower === 'max-age') return Number(raw) <= 0;
          if (lower === 'expires') return new Date(raw.trim()).getTime() <= Date.now();
          return false;
        });
        if (expired || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    has(fragment: string) {
      return [...cookies.keys()].some((name) => name.includes(fragment));
    },
  };
}

export type TClient = ReturnType<typeof createClient>;

/**
 * One "device": its own cookie jar and client address. Writes carry our Origin, as a browser on
 * our pages would send it, unless the call overrides or removes it.
 */
export function createClient(
  app: FastifyInstance,
  options: { remoteAddress?: string; origin?: string | null; userAgent?: string } = {},
) {
  const jar = createCookieJar();
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  async function request(
    method: TMethod,
    url: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; origin?: string | null } = {},
  ) {
    const headers: Record<string, string> = { ...extra.headers };
    const origin = extra.origin !== undefined ? extra.origin : (options.origin ?? APP_ORIGIN);
    if (method !== 'GET' && origin !== null) headers.origin = origin;
    if (options.userAgent) headers['user-agent'] = options.userAgent;
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    jar.store(response);
    return response;
  }
  return {
    jar,
    remoteAddress,
    request,
    get: (url: string, extra?: { headers?: Record<string, string> }) => request('GET', url, undefined, extra),
    post: (url: string, body: unknown = {}, extra?: { headers?: Record<string, string>; origin?: string | null }) =>
      request('POST', url, body, extra),
    delete: (url: string, extra?: { headers?: Record<string, string>; origin?: string | null }) =>
      request('DELETE', url, undefined, extra),
    signIn: (email: string, password: string) => request('POST', '/api/auth/sign-in/email', { email, password }),
    /** The signed-in profile, or the error status. */
    async me() {
      const response = await request('GET', '/api/me');
      return { status: response.statusCode, body: response.json() };
    },
  };
}

/** A client address nobody else in the file uses, so per-address limits stay out of the way. */
export function uniqueAddress() {
  const bytes = randomUUID().replaceAll('-', '');
  return `10.${Number.parseInt(bytes.slice(0, 2), 16)}.${Number.parseInt(bytes.slice(2, 4), 16)}.${Number.parseInt(bytes.slice(4, 6), 16)}`;
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Runs `work` while keeping the auth library's warnings about refused credentials (unknown user,
 * invalid password) out of the output; any other warning fails the test.
 */
export async function withSignInWarnings<T>(work: () => Promise<T>): Promise<T> {
  const warnings: string[] = [];
  const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  });
  try {
    return await work();
  } finally {
    spy.mockRestore();
    for (const warning of warnings) expect(warning).toMatch(/User not found|Invalid password/);
  }
}

export function errorOf(response: TResponse): { code: string; message: string; fields?: Record<string, string> } {
  const body = response.json();
  expect(body, `expected an error body, got ${response.body}`).toHaveProperty('error');
  return body.error;
}

// ---------------------------------------------------------------------------------------------
// E-mails in the outbox

export async function emailsTo(db: TDatabase, address: string) {
  const rows = await db.select().from(schema.outboxEmails);
  return rows
    .filter((row) => row.to.includes(address.toLowerCase()))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** The newest e-mail to `address` whose subject contains `subject`. */
export async function latestEmail(db: TDatabase, address: string, subject: string) {
  const found = (await emailsTo(db, address)).find((row) => row.subject.includes(subject));
  if (!found) throw new Error(`no e-mail "${subject}" to ${address}`);
  return found;
}

/** The action link of an e-mail (the one URL in its text part). */
export function linkIn(email: { text: string }) {
  const match = email.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${email.text}`);
  return new URL(match[0]);
}

export async function invitationLinkFor(db: TDatabase, address: string) {
  return linkIn(await latestEmail(db, address, "You're invited"));
}

export async function invitationTokenFor(db: TDatabase, address: string) {
  const token = (await invitationLinkFor(db, address)).searchParams.get('invite');
  if (!token) throw new Error(`invitation link to ${address} has no token`);
  return token;
}

/**
 * An account whose address was never confirmed: one made before invitations verified the address
 * (decision 199). Joining verifies it now, so only such accounts still get confirmation links.
 */
export async function markAddressUnconfirmed(db: TDatabase, address: string) {
  await db.update(schema.user).set({ emailVerified: false }).where(eq(schema.user.email, address.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------
// Users through real invitations

export type TInvitableRole = 'customer_admin' | 'customer_user' | 'provider_admin' | 'provider_user';

export function orgTypeOf(role: string) {
  return role.startsWith('provider_') ? ('provider' as const) : ('customer' as const);
}

/** The master admin, created the way ADMIN_EMAIL does it, and signed in. */
export async function createSignedInAdmin(
  app: FastifyInstance,
  options: { email?: string; password?: string; remoteAddress?: string } = {},
) {
  const email = options.email ?? uniqueEmail('admin');
  const password = options.password ?? STRONG_PASSWORD;
  await app.services.signUp.createFirstAdmin({ email, password, emailVerified: true });
  const client = createClient(app, { remoteAddress: options.remoteAddress ?? uniqueAddress() });
  const response = await client.signIn(email, password);
  expect(response.statusCode, response.body).toBe(200);
  return { client, email, password };
}

export async function invite(
  admin: TClient,
  input: { email: string; role: TInvitableRole; organization: TOrganizationRef },
) {
  const response = await admin.post('/api/admin/invitations', {
    email: input.email,
    orgType: orgTypeOf(input.role),
    roleSuggested: input.role,
    organization: input.organization,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; organization: { id: string; name: string }; status: string };
}

/**
 * Joins from an invitation: the token authorises; name and password are the person's. An `email`
 * or `accountType` given here is sent too, as a client might, and the server does not read them.
 */
export function signUp(
  client: TClient,
  input: {
    email?: string;
    name?: string;
    password?: string;
    accountType?: 'user' | 'provider';
    invitationToken?: string;
  },
) {
  return client.post('/api/auth/sign-up', { name: 'Invited Person', password: STRONG_PASSWORD, ...input });
}

/**
 * A user made the way a real one is: invited by the admin, joined from the e-mailed link on their
 * own device, which signs them in.
 */
export async function createSignedInUser(
  app: FastifyInstance,
  db: TDatabase,
  admin: TClient,
  input: { role: TInvitableRole; organization: TOrganizationRef; email?: string | undefined },
) {
  const email = input.email ?? uniqueEmail(input.role.replace('_', '-'));
  const invitation = await invite(admin, { email, role: input.role, organization: input.organization });
  const client = createClient(app, { remoteAddress: uniqueAddress() });
  const token = await invitationTokenFor(db, email);
  const signedUp = await signUp(client, { invitationToken: token });
  expect(signedUp.statusCode, signedUp.body).toBe(201);
  const profile = await client.me();
  return {
    client,
    email,
    password: STRONG_PASSWORD,
    userId: profile.body.user.id as string,
    orgId: invitation.organization.id,
  };
}

export type TSignedInUser = Awaited<ReturnType<typeof createSignedInUser>>;

export type TOrganizationRef = { id: string } | { name: string };
/** A signed-in user of `role` in `organization` (an existing one by id, or a new one by name). */
export type TNewUser = (role: TInvitableRole, organization: TOrganizationRef, email?: string) => Promise<TSignedInUser>;

/** `newUser(role, organization)`: createSignedInUser with the app, database and admin given once. */
export function usersInvitedBy(app: FastifyInstance, db: TDatabase, admin: TClient): TNewUser {
  return (role, organization, email) => createSignedInUser(app, db, admin, { role, organization, email });
}

// ---------------------------------------------------------------------------------------------
// TOTP (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits)

function decodeBase32(input: string) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code an authenticator app shows for `totpURI` at `at` (default now). */
export function totpCode(totpURI: string, at = Date.now()) {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/** A six-digit code that is valid in none of the steps the server accepts around now. */
export function wrongTotpCode(totpURI: string) {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(totpURI, Date.now() + step * 30_000)));
  for (let candidate = 123_456; ; candidate++) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
