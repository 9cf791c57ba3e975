import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { startSmtpCapture } from '../../apps/server/test/smtp-capture.ts';
import { startStripeDouble, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../apps/server/test/stripe-double.ts';
import { startE2eServer } from './e2e-server.ts';

/** The master admin the server creates at start (ADMIN_EMAIL/ADMIN_PASSWORD), for the portal tests. */
const E2E_ADMIN = { email: 'admin@spacecapture.test', password: 'e2e-Master-passphrase-2026' } as const;

/**
 * Starts the stack the browser tests drive: the real app (built web app, embedded PGlite in a
 * fresh data folder, e-mail over SMTP to a capture server, Stripe's API played by the test double
 * of its documented shapes) and a small inspector on another port
 * through which tests read what was stored and mailed. Workers find both through the environment.
 */
export default async function globalSetup() {
  const smtp = await startSmtpCapture();
  // Stripe for card payments and Connect payouts (decisions 229, 230): the test double of Stripe's
  // documented shapes, whose hosted pages play the payer and the provider's onboarding out at once.
  const stripe = await startStripeDouble();
  const {
    app,
    database,
    dataDir,
    url: baseUrl,
  } = await startE2eServer({
    prefix: 'spacecapture-e2e-',
    admin: E2E_ADMIN,
    env: {
      SMTP_URL: smtp.url,
      // Many tests share one client address; the limit itself is proven by the integration tests.
      PUBLIC_FORM_RATE_LIMIT: '100000',
      // As behind a reverse proxy on this machine: a browser test may name its own client address
      // (X-Forwarded-For), so the per-address sign-in and sign-up limits apply per test, not per suite.
      TRUST_PROXY: '127.0.0.1',
      // Webhooks to a listener the test starts on this machine (decision 118).
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  stripe.deliverWebhooksTo(`${baseUrl}/api/payments/stripe/webhook`);

  const inspector = createServer(async (request, response) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      let result: unknown;
      if (request.url === '/emails') result = smtp.received;
      else if (request.url === '/query') {
        const outcome = await database.db.execute(sql.raw(String(body.sql)));
        result = (outcome as { rows?: unknown[] }).rows ?? outcome;
      } else if (request.url === '/kick-cascades') {
        // The auto-offer worker runs every minute; a test moves it a pass now instead of waiting.
        result = { changed: await app.cascades.kick() };
      } else if (request.url === '/expire-offer') {
        // The server runs on the real clock: an offer's acceptance deadline is moved into the past,
        // then the expiry worker and the auto-offer worker each run a pass, as after the deadline.
        await database.db.execute(
          sql`update assignments set respond_by = now() - interval '1 minute'
              where id = ${String(body.assignmentId)} and status = 'offered'`,
        );
        result = { expired: await app.offerExpiry.kick(), changed: await app.cascades.kick() };
      } else {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => inspector.listen(0, '127.0.0.1', resolve));

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_ADMIN_EMAIL = E2E_ADMIN.email;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN.password;
  process.env.E2E_INSPECTOR_URL = `http://127.0.0.1:${(inspector.address() as AddressInfo).port}`;

  return async () => {
    inspector.close();
    await app.close();
    await database.close();
    await smtp.close();
    await stripe.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
