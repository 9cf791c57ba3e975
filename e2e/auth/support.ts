import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { test as base, expect, type TInspector } from '../support/test.ts';

/**
 * Helpers of the sign-in and portal browser tests: the master admin the global setup creates,
 * accounts made through the real invitation flow, links read from the captured e-mail, TOTP codes.
 */

export const PASSWORD = 'Correct-Horse-Battery-42';

export function adminCredentials() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password)
    throw new Error('E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD are not set: run through playwright.config.ts');
  return { email, password };
}

export function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

/** A fresh address per call, so tests never share accounts. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;
}

/**
 * A client address of its own for each test (TEST-NET-3, only ever a header value): the server
 * trusts X-Forwarded-For from the local proxy, so per-address limits do not add up across tests.
 */
export function clientAddress() {
  return `203.0.113.${randomInt(1, 255)}`;
}

type TCookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

/**
 * The master admin's session cookies, signed in once and shared by the tests (the server allows
 * ten sign-ins per account per 15 minutes). Kept in a file per server, so both workers reuse it.
 */
async function loadAdminCookies(playwright: TPlaywright): Promise<TCookie[]> {
  const file = path.join(os.tmpdir(), `spacecapture-e2e-admin-${new URL(baseUrl()).port}.json`);
  try {
    const cookies = JSON.parse(await readFile(file, 'utf8')) as TCookie[];
    const probe = await playwright.request.newContext({ baseURL: baseUrl(), storageState: { cookies, origins: [] } });
    const alive = (await probe.get('/api/me')).ok();
    await probe.dispose();
    if (alive) return cookies;
  } catch {
    // no cached session yet
  }
  const api = await apiClient(playwright);
  const { email, password } = adminCredentials();
  await apiSignIn(api, email, password);
  const { cookies } = await api.storageState();
  await api.dispose();
  await writeFile(`${file}.${process.pid}`, JSON.stringify(cookies));
  await rename(`${file}.${process.pid}`, file);
  return cookies;
}

/** An API client with the given session cookies (e.g. the admin's) and the browser's Origin header. */
export function apiClientWithCookies(playwright: TPlaywright, cookies: TCookie[]) {
  return playwright.request.newContext({
    baseURL: baseUrl(),
    storageState: { cookies, origins: [] },
    extraHTTPHeaders: { Origin: baseUrl(), 'X-Forwarded-For': clientAddress() },
  });
}

export const test = base.extend<{ admin: APIRequestContext }, { adminCookies: TCookie[] }>({
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'X-Forwarded-For': clientAddress() });
  },
  adminCookies: [
    async ({ playwright }, use) => {
      await use(await loadAdminCookies(playwright));
    },
    { scope: 'worker' },
  ],
  /** An API client signed in as the master admin. */
  admin: async ({ playwright, adminCookies }, use) => {
    const api = await apiClientWithCookies(playwright, adminCookies);
    await use(api);
    await api.dispose();
  },
});
export { expect };

/** A new browser context (another device) with its own client address. */
export function newDevice(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    ...options,
  });
}

type TMail = Awaited<ReturnType<TInspector['emails']>>[number];

/** The first link to this app in a mail's text. */
export function linkIn(mail: TMail): string {
  const match = mail.text.match(/https?:\/\/[^\s<>"]+/);
  if (!match) throw new Error(`no link in the mail "${mail.subject}"`);
  return match[0];
}

/** Waits for the `nth` (1-based) mail to `to` whose subject matches. */
export async function waitForMail(inspector: TInspector, to: string, subject: RegExp, nth = 1): Promise<TMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await inspector.emails()).filter(
      (mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject),
    );
    const mail = mails[nth - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`mail ${nth} "${subject}" to ${to} did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const SUBJECTS = {
  invitation: /invited to SpaceCapture/,
  confirm: /Confirm your e-mail address/,
  reset: /Reset your password/,
};

export type TPlaywright = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** An API client of its own (not a browser page) with the same-origin header browsers send. */
export async function apiClient(playwright: TPlaywright) {
  return playwright.request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { Origin: baseUrl(), 'X-Forwarded-For': clientAddress() },
  });
}

export async function apiSignIn(api: APIRequestContext, email: string, password: string) {
  const response = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

export type TAccountRole = 'customer_admin' | 'customer_user' | 'provider_admin' | 'provider_user';

/**
 * An account made the way people get one: the admin invites (new organisation), the invitee joins
 * with the e-mailed token (which verifies the address and signs them in).
 */
export async function createAccount(
  deps: { playwright: TPlaywright; admin: APIRequestContext; inspector: TInspector },
  options: { role: TAccountRole; email?: string; organizationName?: string },
) {
  const { admin, inspector } = deps;
  const email = options.email ?? uniqueEmail(options.role.replace('_', '-'));
  const orgType = options.role.startsWith('provider_') ? 'provider' : 'customer';
  const created = await admin.post('/api/admin/invitations', {
    data: {
      email,
      orgType,
      roleSuggested: options.role,
      organization: { name: options.organizationName ?? `Org ${email.split('@')[0]}` },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invitation = new URL(linkIn(await waitForMail(inspector, email, SUBJECTS.invitation)));
  // The invitee's own client: no admin cookies.
  const invitee = await apiClient(deps.playwright);
  const signUp = await invitee.post('/api/auth/sign-up', {
    data: { name: nameOf(email), password: PASSWORD, invitationToken: invitation.searchParams.get('invite') },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  // Joining signs in: the helper's own session ends here, so a test counts only the devices it signs in.
  const signedOut = await invitee.post('/api/auth/sign-out', { data: {} });
  expect(signedOut.status(), await signedOut.text()).toBe(200);
  await invitee.dispose();
  return { email, password: PASSWORD, role: options.role, organization: (await created.json()).organization };
}

/** A person's name for an address, as they would type it on the join page. */
export function nameOf(email: string) {
  const local = (email.split('@')[0] ?? email).split('.')[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/** A text field by its exact accessible name (Mantine adds an aria-hidden asterisk to required labels). */
export function field(page: Page | Locator, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** The toast (Mantine notification) with this text (the newest, if an older one is still leaving). */
export function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
}

/** Signs in through /auth (the role's home is where it lands). */
export async function signInThroughUi(page: Page, email: string, password: string, intent = 'customer') {
  await page.goto(`/auth?intent=${intent}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the API and puts the session into a browser context (a signed-in device, no UI). */
export async function signInContext(context: BrowserContext, playwright: TPlaywright, email: string, password: string) {
  const api = await apiClient(playwright);
  await apiSignIn(api, email, password);
  const { cookies } = await api.storageState();
  await api.dispose();
  await context.addCookies(cookies);
}

function base32Decode(input: string): Buffer {
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

/** The TOTP code (RFC 6238: HMAC-SHA1, 30 s, 6 digits) of an otpauth:// URI's secret at `time`. */
export function totpCode(totpUri: string, time = Date.now()): string {
  const url = new URL(totpUri);
  const secret = base32Decode(url.searchParams.get('secret') ?? '');
  const period = Number(url.searchParams.get('period') ?? 30);
  const digits = Number(url.searchParams.get('digits') ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / period)));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, '0');
}
