import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../test/fake-s3.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

describe('GET /api/health', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database is closed', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('unavailable');
    await broken.app.close();
  });

  it('answers liveness from the process alone: with the database closed, and while it is held busy', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const closed = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('live');
    await broken.app.close();

    // A transaction that does not finish until released holds every other statement back.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began = () => {};
    const inside = new Promise<void>((resolve) => {
      began = resolve;
    });
    const busy = t.db.transaction(async () => {
      began();
      await held;
    });
    await inside;
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    release();
    await busy;
  });

  it('answers liveness over the network while a long statement runs in the database', async () => {
    const server = await createTestApp();
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.server.address() as AddressInfo;
      let statementEnded = false;
      const statement = server.db.execute(sql`select pg_sleep(2)`).then(() => {
        statementEnded = true;
      });
      const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(live.status).toBe(200);
      expect(((await live.json()) as { status: string }).status).toBe('live');
      // The database was busy all along: liveness did not wait for it.
      expect(statementEnded).toBe(false);
      await statement;
    } finally {
      await server.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 with the free disk space when the database answers and the disk has room', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ status: 'ready', database: 'up' });
      expect(body.disk.freeBytes).toBeGreaterThanOrEqual(body.disk.minFreeBytes);
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the disk when less than MIN_FREE_DISK_BYTES is free under DATA_DIR', async () => {
    // A petabyte: more than any disk this runs on has free.
    const t = await createTestApp({ env: { MIN_FREE_DISK_BYTES: String(1000 ** 5) } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      const { error } = response.json();
      expect(error.code).toBe('unavailable');
      expect(error.message).toMatch(/^Low disk space under DATA_DIR: \d+ bytes free, 1000000000000000 required\.$/);
      expect(error.fields.disk).toMatch(/bytes free$/);
      // Liveness stays green: the process is fine, it only should not take traffic.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.fields).toEqual({ database: 'down' });
    } finally {
      await t.app.close();
    }
  });
});

describe('GET /api/health/ready with Redis and a bucket configured', () => {
  it('reports Redis up, and down without failing readiness (rate limits fall back per instance)', async () => {
    const up = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const answerUp = await up.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(answerUp.statusCode, answerUp.body).toBe(200);
      expect(answerUp.json()).toMatchObject({ redis: 'up', bucket: 'not configured' });
      const answerDown = await down.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(answerDown.statusCode, answerDown.body).toBe(200);
      expect(answerDown.json()).toMatchObject({ redis: 'down' });
    } finally {
      await up.close();
      await down.close();
    }
  });

  it('answers 503 naming the bucket when it stops answering', async () => {
    const s3 = await startFakeS3('ready-bucket');
    const t = await createTestApp({
      env: {
        S3_BUCKET: 'ready-bucket',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'eu-test-1',
        S3_ACCESS_KEY_ID: 'test-access',
        S3_SECRET_ACCESS_KEY: 'test-secret-key',
      },
    });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ bucket: 'up', redis: 'not configured' });
      await s3.close();
      const away = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(away.statusCode, away.body).toBe(503);
      expect(away.json().error.fields).toEqual({ bucket: 'down' });
    } finally {
      await t.close();
    }
  });
});
