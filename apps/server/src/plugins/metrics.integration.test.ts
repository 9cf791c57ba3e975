import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TClient } from '../../test/accounts.ts';
import { tusMetadata, tusRequest } from '../../test/deliverables.ts';
import { movableClock } from '../../test/movable-clock.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { acceptedJob, createOrganization } from '../../test/workflow.ts';
import { enqueueEmails } from '../modules/outbox/outbox-repository.ts';

/**
 * GET /metrics (decision 078): answered only with METRICS_TOKEN configured and sent as a bearer
 * token, else exactly as an unknown path; request counts by route pattern, the outbox backlog,
 * upload bytes, the pool on PostgreSQL, and the process's event-loop lag.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const HOUR_MS = 3_600_000;

/** The value of the sample `name{labels}` (or `name` alone) in an exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

describe('without METRICS_TOKEN', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /metrics as an unknown path, whatever token is sent', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TTestApp;
  // The app's clock runs an hour ahead of the database's, so the oldest e-mail is an hour old.
  const clock = movableClock();
  clock.advance(HOUR_MS);
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, clock: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });

  async function metrics() {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  }

  it('answers a missing, wrong or differently sent token as an unknown path', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Basic ${TOKEN}`,
      TOKEN,
      `Bearer ${TOKEN}x`,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
  });

  it('answers the right token with the text exposition format', async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by method, route pattern and status, with their durations', async () => {
    const before = await metrics();
    const healthSeries = 'http_requests_total{method="GET",route="/api/health",status_code="200"}';
    const healthBefore = sample(before, healthSeries) ?? 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const uploadId = randomUUID();
    const refused = await t.app.inject({ method: 'HEAD', url: `/api/provider/uploads/${uploadId}` });
    expect(refused.statusCode).toBe(401);

    const after = await metrics();
    expect(sample(after, healthSeries)).toBe(healthBefore + 1);
    expect(
      sample(after, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(healthBefore + 1);
    expect(
      sample(after, 'http_requests_total{method="HEAD",route="/api/provider/uploads/:uploadId",status_code="401"}'),
    ).toBe(1);
    expect(after).not.toContain(uploadId);
  });

  it('reports the outbox backlog: e-mails waiting and the age of the oldest', async () => {
    const before = sample(await metrics(), 'spacecapture_outbox_pending_emails');
    expect(before).toBeGreaterThanOrEqual(0);
    await enqueueEmails(t.db, [
      { to: ['ops@example.com'], subject: 'Queued for metrics', html: '<p>Hi</p>', text: 'Hi' },
    ]);

    const after = await metrics();
    expect(sample(after, 'spacecapture_outbox_pending_emails')).toBe((before ?? 0) + 1);
    const age = sample(after, 'spacecapture_outbox_oldest_pending_age_seconds');
    expect(age).toBeGreaterThanOrEqual(HOUR_MS / 1000 - 60);
  });

  it('reports the event-loop lag and the process figures', async () => {
    const text = await metrics();
    for (const series of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
    ]) {
      const value = sample(text, series);
      expect(value, series).toBeDefined();
      expect(Number.isFinite(value), series).toBe(true);
    }
  });

  it('reports the PostgreSQL pool, and no pool on the embedded database', async () => {
    const text = await metrics();
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'spacecapture_database_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'spacecapture_database_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'spacecapture_database_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('spacecapture_database_pool');
    }
  });

  it('counts the bytes uploads store', async () => {
    const admin: TClient = (await createSignedInAdmin(t.app)).client;
    const provider = await createSignedInUser(t.app, t.db, admin, {
      role: 'provider_admin',
      organization: { name: `Metric Scans ${randomUUID().slice(0, 6)}` },
    });
    const customerOrgId = (await createOrganization(admin, 'customer')).id;
    const { orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock });
    const before = sample(await metrics(), 'spacecapture_upload_received_bytes_total') ?? 0;

    const bytes = randomBytes(300_000);
    const metadata = tusMetadata({ orderId, filename: 'scan.e57' });
    const created = await tusRequest(t.app, provider.client, 'POST', '/api/provider/uploads', {
      headers: { 'upload-length': String(bytes.length), 'upload-metadata': metadata },
    });
    expect(created.statusCode, created.body).toBe(201);
    let offset = 0;
    for (const part of [bytes.subarray(0, 100_000), bytes.subarray(100_000)]) {
      const patched = await tusRequest(t.app, provider.client, 'PATCH', String(created.headers.location), {
        headers: { 'upload-offset': String(offset) },
        body: part,
      });
      expect(patched.statusCode, patched.body).toBe(204);
      offset += part.length;
    }

    expect(sample(await metrics(), 'spacecapture_upload_received_bytes_total')).toBe(before + bytes.length);
  });

  it('is not an operation of the OpenAPI document', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(document.json().paths)).not.toContain('/metrics');
  });
});
