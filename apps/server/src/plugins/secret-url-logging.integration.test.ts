import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  invitationTokenFor,
  invite,
  latestEmail,
  linkIn,
  markAddressUnconfirmed,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
  uniqueEmail,
} from '../../test/accounts.ts';
import { createCustomerOrder, storeDeliverable } from '../../test/deliverables.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../test/test-app.ts';
import { COMPANY_EMAIL } from '../../test/workflow.ts';

/**
 * Secret links never reach the log (issue 26, decision 179): the calendar, share, download,
 * password-reset, confirmation and invitation tokens are stored hashed, and every log line, the
 * request log, not-found lines and errors alike, names their address with the secret replaced.
 */

const METRICS_TOKEN = 'metrics-token-for-secret-urls';
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let provider: TSignedInUser;
/** Every secret the tests handled: none may appear in any log line. */
const secrets = new Set<string>();

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, METRICS_TOKEN },
    logger: { level: 'trace', stream: logStream },
  }));
  customer = await newUser('customer_admin', { name: 'Secret Links Customer' });
  provider = await newUser('provider_admin', { name: 'Secret Links Scans' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** What the request log wrote for one request: its lines, parsed. */
function logOf(requestId: unknown) {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId);
}

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url, remoteAddress: uniqueAddress() });
  const incoming = logOf(response.headers['x-request-id']).find((entry) => entry.msg === 'incoming request');
  expect(incoming, url).toBeDefined();
  return { response, loggedUrl: (incoming!.req as { url: string }).url };
}

function expectNoSecretLogged() {
  const text = lines.join('\n');
  for (const secret of secrets) expect(text.includes(secret), `the log holds ${secret}`).toBe(false);
}

describe('secret links in the log', () => {
  it('a calendar feed address is logged without its token', async () => {
    const created = await provider.client.post('/api/account/calendar-feed');
    expect(created.statusCode, created.body).toBe(201);
    const path = new URL(created.json().url).pathname;
    secrets.add(path.split('/').at(-1)!.replace('.ics', ''));
    const { response, loggedUrl } = await get(path);
    expect(response.statusCode).toBe(200);
    expect(loggedUrl).toBe('/api/calendar/REDACTED');
    expectNoSecretLogged();
  });

  it('a share link, its page, its files and a signed download are logged without their tokens', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const file = await storeDeliverable(t.app, order.id, 'plan.pdf', Buffer.from('plan bytes'));
    const created = await customer.client.post(`/api/customer/orders/${order.id}/share-links`, { expiresInDays: 7 });
    expect(created.statusCode, created.body).toBe(201);
    const token = (created.json().url as string).split('/share/')[1]!;
    secrets.add(token);

    const page = await get(`/share/${token}`);
    expect(page.loggedUrl).toBe('/share/REDACTED');
    const shared = await get(`/api/public/shares/${token}`);
    expect(shared.response.statusCode, shared.response.body).toBe(200);
    expect(shared.loggedUrl).toBe('/api/public/shares/REDACTED');

    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/public/shares/${token}/deliverables/${file.id}/link`,
      remoteAddress: uniqueAddress(),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const incoming = logOf(linked.headers['x-request-id']).find((entry) => entry.msg === 'incoming request');
    expect((incoming!.req as { url: string }).url).toBe(`/api/public/shares/REDACTED/deliverables/${file.id}/link`);
    const download = new URL(linked.json().url as string, 'http://localhost');
    secrets.add(download.pathname.split('/').at(-1)!);
    const downloaded = await get(`${download.pathname}${download.search}`);
    expect(downloaded.response.statusCode).toBe(200);
    expect(downloaded.loggedUrl).toBe('/api/files/REDACTED');
    expectNoSecretLogged();
  });

  it('password-reset, confirmation and invitation links are logged without their tokens', async () => {
    const email = uniqueEmail('secret-links');
    await invite(admin, { email, role: 'customer_user', organization: { id: customer.orgId } });
    const invitation = await invitationTokenFor(t.db, email);
    secrets.add(invitation);
    const page = await get(`/auth?tab=signup&invite=${invitation}`);
    expect(page.loggedUrl).toBe('/auth?tab=signup&invite=REDACTED');
    // The join page reads the invitation by its token, in the path.
    const preview = await get(`/api/auth/invitations/${invitation}`);
    expect(preview.response.statusCode).toBe(200);
    expect(preview.loggedUrl).toBe('/api/auth/invitations/REDACTED');

    // A member's own e-mail links: a confirmation (query token) and a reset (path token, then query).
    const member = await newUser('customer_user', { id: customer.orgId });
    // Joining verifies the address; an account made before that gets its link at sign-in.
    await markAddressUnconfirmed(t.db, member.email);
    expect(
      (await createClient(t.app, { remoteAddress: uniqueAddress() }).signIn(member.email, member.password)).statusCode,
    ).toBe(403);
    const confirmation = linkIn(await latestEmail(t.db, member.email, 'Confirm your e-mail'));
    secrets.add(confirmation.searchParams.get('token')!);
    const confirmed = await get(`${confirmation.pathname}${confirmation.search}`);
    expect(confirmed.loggedUrl).toMatch(/^\/api\/auth\/verify-email\?token=REDACTED&/);

    const stranger = createClient(t.app, { remoteAddress: uniqueAddress() });
    const requested = await stranger.post('/api/auth/request-password-reset', {
      email: member.email,
      redirectTo: '/auth?tab=reset',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    await t.app.backgroundTasks.idle();
    const reset = linkIn(await latestEmail(t.db, member.email, 'Reset your password'));
    const resetToken = reset.pathname.split('/').at(-1)!;
    secrets.add(resetToken);
    const opened = await get(`${reset.pathname}${reset.search}`);
    expect(opened.loggedUrl).toMatch(/^\/api\/auth\/reset-password\/REDACTED(\?|$)/);
    const landing = new URL(opened.response.headers.location as string, 'http://localhost');
    expect(landing.searchParams.get('token')).toBe(resetToken);
    const landed = await get(`${landing.pathname}${landing.search}`);
    expect(landed.loggedUrl).toContain('token=REDACTED');
    expectNoSecretLogged();
  });

  it('every route that takes a token in its path logs it replaced, matched or not, and so do 404s and metrics', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const tokenRoutes = Object.entries(document.paths).filter(([, operations]) =>
      Object.values(operations).some((operation) =>
        operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === 'token'),
      ),
    );
    // The calendar, share, file, thumbnail, message-file and reset routes, at least.
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(6);
    for (const [template] of tokenRoutes) {
      const fake = `Fake${Math.random().toString(36).slice(2)}SecretToken0123456789ab`;
      secrets.add(fake);
      const url = template.replace('{token}', `${fake}.ics`).replace(/\{[^}]+\}/g, crypto.randomUUID());
      const { loggedUrl } = await get(url);
      expect(loggedUrl, template).toContain('REDACTED');
      // Spelled otherwise: doubled slashes, escaped letters, a path below that no route takes.
      await get(url.replace(/^\/api\//, '//api//'));
      await get(url.replace(/^\/api\/(.)/, (_match, letter: string) => `/api/%${letter.charCodeAt(0).toString(16)}`));
      await get(`${url}/nowhere/below`);
    }
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    for (const secret of secrets) expect(metrics.body.includes(secret), secret).toBe(false);
    expectNoSecretLogged();
  });
});
