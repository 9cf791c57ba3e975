import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureLog } from '../../test/log-capture.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

/**
 * A request for a path that does not exist is the caller's mistake, not the server's: it is
 * logged at info (the request log), never at warn or error, so alerts on errors stay meaningful.
 */

type TLogEntry = { level: number; msg?: string; reqId?: string };

const WARN = 40;
const { entries, stream: logStream } = captureLog<TLogEntry>();

let t: TTestApp;
let dist: string;

beforeAll(async () => {
  // A stand-in web build, so unknown pages get the not-found page as in production.
  dist = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-web-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<html><body>landing</body></html>');
  await writeFile(path.join(dist, 'app.html'), '<html><body>spa shell</body></html>');
  await writeFile(path.join(dist, '404.html'), '<html><body>Oops! Page not found</body></html>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, logger: { level: 'trace', stream: logStream } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

it.each([
  ['GET', '/nope-page'],
  ['GET', '/nope/deeper?x=1'],
  ['POST', '/nope-page'],
  ['GET', '/api/nope'],
  ['GET', '/api/auth/nope'],
  ['POST', '/api/auth/nope'],
  ['GET', '/assets/missing-abc123.js'],
])('%s %s answers 404 and logs nothing above info', async (method, url) => {
  entries.length = 0;
  const response = await t.app.inject({ method: method as 'GET' | 'POST', url });
  expect(response.statusCode).toBe(404);
  const requestEntries = entries.filter((entry) => entry.reqId === response.headers['x-request-id']);
  expect(requestEntries.length, 'the request is logged').toBeGreaterThan(0);
  expect(entries.filter((entry) => entry.level >= WARN)).toEqual([]);
});
