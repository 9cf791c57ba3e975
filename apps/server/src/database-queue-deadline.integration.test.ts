import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../test/eventually.ts';
import { captureRequestInput, countRows } from '../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

/**
 * Overload must not leave an accepted request waiting for the database past its client's
 * timeout (issue 26, decision 184): work that cannot start within the deadline is answered 503
 * with Retry-After while the database is still busy, and nothing of it is written. The database is
 * held busy by transactions that do not end until released: every statement the embedded database
 * runs (one at a time), or every connection of the PostgreSQL pool (whose wait for a connection
 * has its own bound).
 */

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { DATABASE_QUEUE_DEADLINE_MS: '200' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

it('answers 503 with Retry-After to work that waited past the deadline, while the database is still held', async () => {
  const before = await countRows(t.db);
  const releases: (() => void)[] = [];
  const holders = Array.from({ length: t.database.maxConcurrency }, () =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => releases.push(resolve));
    }),
  );
  await eventually(async () => expect(releases).toHaveLength(t.database.maxConcurrency));

  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/public/capture-requests',
    payload: captureRequestInput(),
  });
  // Answered while every holder is still open.
  expect(releases).toHaveLength(t.database.maxConcurrency);
  expect(answer.statusCode, answer.body).toBe(503);
  expect(answer.json().error.code).toBe('unavailable');
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);

  for (const release of releases) release();
  await Promise.all(holders);
  expect(await countRows(t.db)).toEqual(before);
  // The database serves again at once.
  const after = await t.app.inject({
    method: 'POST',
    url: '/api/public/capture-requests',
    payload: captureRequestInput(),
  });
  expect(after.statusCode, after.body).toBe(201);
});
