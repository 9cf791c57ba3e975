import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

/**
 * Liveness on LIVENESS_PORT (decision 185) is answered by a thread of its own: while the server's
 * event loop is held busy it still answers at once, and it says 503 once the loop has not turned
 * for LIVENESS_MAX_STALL_MS. The main loop is held by a synchronous child process (curl) that asks
 * the thread itself: nothing on the main thread can answer meanwhile.
 */

// Wide enough that a loaded machine's ordinary pauses of the loop (before the block) never reach it.
const MAX_STALL_MS = 3_000;
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { LIVENESS_PORT: '0', LIVENESS_MAX_STALL_MS: String(MAX_STALL_MS) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The thread starts once the server listens (Fastify runs onListen after listen resolves).
  await eventually(async () => expect(t.app.livenessPort()).toBeGreaterThan(0));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Asks the liveness port from a child process while this thread waits for it (its loop turns not at all). */
function curlWhileBlocked(path: string, options: { delaySeconds?: number } = {}) {
  const url = `http://127.0.0.1:${t.app.livenessPort()}${path}`;
  const delay = options.delaySeconds ? `sleep ${options.delaySeconds}; ` : '';
  const result = spawnSync('sh', ['-c', `${delay}curl -s --max-time 5 -w '\\n%{http_code}' '${url}'`], {
    encoding: 'utf8',
  });
  const lines = result.stdout.trim().split('\n');
  return { status: Number(lines.at(-1)), body: lines.slice(0, -1).join('\n') };
}

it('answers liveness while the server’s event loop is held busy', async () => {
  // The thread has seen the loop turn just now: what follows measures the block alone.
  expect((await fetch(`http://127.0.0.1:${t.app.livenessPort()}/api/health/live`)).status).toBe(200);
  const answer = curlWhileBlocked('/api/health/live');
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 'live' });
  // The port serves liveness only.
  expect(curlWhileBlocked('/api/me').status).toBe(404);
});

it('answers 503 once the event loop has not turned for longer than allowed', async () => {
  // The loop stays blocked past the allowed stall before curl asks.
  const stalled = curlWhileBlocked('/api/health/live', { delaySeconds: (MAX_STALL_MS + 500) / 1000 });
  expect(stalled.status).toBe(503);
  expect(JSON.parse(stalled.body).error.code).toBe('unavailable');

  // Live again once the loop turns (its next heartbeat).
  await new Promise((resolve) => setImmediate(resolve));
  const response = await fetch(`http://127.0.0.1:${t.app.livenessPort()}/api/health/live`);
  expect(response.status).toBe(200);
});
