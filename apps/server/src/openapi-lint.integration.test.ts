import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

/**
 * The OpenAPI document serves integrators (issue 15, decision 116): it names its servers and
 * security schemes, every operation has an operationId and the security its `x-roles` and
 * `x-api-key-scope` say, and `redocly lint` with the repository's redocly.yaml finds no error.
 */

const ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const REDOCLY = path.join(ROOT, 'node_modules', '.bin', 'redocly');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

type TOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  'x-api-key-scope'?: string;
  'x-long-lived'?: boolean;
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type TDocument = {
  servers?: { url: string }[];
  components: { securitySchemes?: Record<string, { type: string; scheme?: string; in?: string }> };
  paths: Record<string, Record<string, TOperation>>;
};

let t: TTestApp;
let document: TDocument;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://capture.example.org' } });
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function operations() {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ url, method, operation })),
  );
}

describe('the OpenAPI document', () => {
  it('names the server and both ways to authenticate', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://capture.example.org' })]);
    expect(document.components.securitySchemes?.cookieSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.components.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique operationId and the security its roles and key scope say', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(50);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { url, method, operation } of all) {
      const roles = operation['x-roles'] ?? [];
      if (roles.includes('public')) {
        expect(operation.security, `${method} ${url}`).toEqual([]);
        continue;
      }
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      expect(schemes, `${method} ${url}`).toContain('cookieSession');
      expect(schemes.includes('apiKey'), `${method} ${url}`).toBe(Boolean(operation['x-api-key-scope']));
    }
    const createOrder = document.paths['/api/customer/orders']?.post;
    expect(createOrder?.security).toEqual([
      { cookieSession: ['customer_admin', 'customer_user'] },
      { apiKey: ['capture_requests:create'] },
    ]);
  });

  it('marks every event stream long-lived, and nothing else, so that walkers of the document leave it to its own tests', () => {
    const streams = operations().filter(({ operation }) =>
      Object.values(operation.responses ?? {}).some((response) => 'text/event-stream' in (response.content ?? {})),
    );
    expect(streams.map(({ method, url }) => `${method} ${url}`)).toContain('get /api/notifications/stream');
    const marked = operations().filter(({ operation }) => operation['x-long-lived'] === true);
    expect(marked.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(
      streams.map(({ method, url }) => `${method} ${url}`).sort(),
    );
  });

  it('passes redocly lint without an error', async () => {
    const file = path.join(t.dataDir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const result = await promisify(execFile)(
      REDOCLY,
      ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', '--max-problems=1000'],
      { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
    const report = JSON.parse(String(result.stdout)) as {
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  }, 120_000);
});
