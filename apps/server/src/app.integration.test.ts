import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually.ts';
import { captureRequestInput, expectErrorShape } from '../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

const ROLES = [
  'public',
  'authenticated',
  'master_admin',
  'admin',
  'customer_admin',
  'customer_user',
  'provider_admin',
  'provider_user',
];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** The parts of an OpenAPI document these tests read; everything else stays unknown. */
type TMedia = { schema?: unknown };
type TOperation = {
  'x-roles'?: unknown;
  responses?: Record<string, { description?: unknown; content?: Record<string, TMedia> }>;
  requestBody?: { content?: Record<string, TMedia> };
  parameters?: { name?: unknown; in?: unknown; required?: unknown; schema?: unknown }[];
};
type TOpenApiDocument = {
  openapi: string;
  info: unknown;
  paths: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, unknown> };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const directives = csp.split(';').map((directive) => directive.trim());
  // Same-origin scripts only; WebAssembly may compile (LAZ decoding), JavaScript eval may not.
  expect(directives).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(directives).toContain("object-src 'none'");
  expect(directives).toContain("base-uri 'none'");
  expect(directives).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(directives.find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('answers of the app', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['an API answer', 'GET', '/api/health', 200],
    ['an unknown API path', 'GET', '/api/no-such-thing', 404],
    ['an unknown page', 'GET', '/no-such-page', 404],
    ['a wrong method', 'DELETE', '/api/public/capture-requests', 404],
    ['a validation error', 'POST', '/api/public/capture-requests', 400],
  ] as const)('carries the security headers on %s', async (_kind, method, url, status) => {
    const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response.headers);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    if (status !== 200) expectErrorShape(response.json(), status === 400 ? 'validation_failed' : 'not_found');
  });

  it('echoes a sane X-Request-Id', async () => {
    for (const id of ['req-123', 'a1b2c3.d4:e5_f6', 'x'.repeat(64)]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).toBe(id);
    }
  });

  it('generates a request id when none or an unsafe one is given', async () => {
    const seen = new Set<string>();
    for (const headers of [
      {},
      { 'x-request-id': 'has spaces' },
      { 'x-request-id': 'x'.repeat(65) },
      { 'x-request-id': '<script>' },
      { 'x-request-id': '' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(UUID);
      seen.add(id);
    }
    expect(seen.size).toBe(5);
  });

  it('serves a valid OpenAPI 3.1 document whose every operation declares its roles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document: TOpenApiDocument = response.json();

    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toEqual(
      expect.objectContaining({ title: expect.any(String), version: expect.stringMatching(/\S/) }),
    );
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/public/capture-requests',
        '/api/public/contact-messages',
        '/api/public/provider-applications',
      ]),
    );

    // Every schema in the document must be valid JSON Schema 2020-12, the dialect of OpenAPI 3.1.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: unknown[] = [];
    const operations: { where: string; operation: TOperation }[] = [];
    for (const [pathName, item] of Object.entries(document.paths)) {
      expect(pathName.startsWith('/')).toBe(true);
      for (const [method, operation] of Object.entries(item)) {
        expect(HTTP_METHODS).toContain(method);
        operations.push({ where: `${method.toUpperCase()} ${pathName}`, operation });
      }
    }
    expect(operations.length).toBeGreaterThanOrEqual(4);
    for (const { where, operation } of operations) {
      const roles = operation['x-roles'];
      expect(Array.isArray(roles) && roles.length > 0, `${where} declares x-roles`).toBe(true);
      for (const role of roles as unknown[]) expect(ROLES, where).toContain(role);

      const responses = Object.entries(operation.responses ?? {});
      expect(responses.length, `${where} has responses`).toBeGreaterThan(0);
      for (const [status, answer] of responses) {
        expect(status, where).toMatch(/^([1-5](\d\d|XX)|default)$/);
        expect(typeof answer.description, `${where} ${status} description`).toBe('string');
        for (const media of Object.values(answer.content ?? {})) schemas.push(media.schema);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {})) schemas.push(media.schema);
      for (const parameter of operation.parameters ?? []) {
        expect(typeof parameter.name, where).toBe('string');
        expect(['query', 'header', 'path', 'cookie'], where).toContain(parameter.in);
        if (parameter.in === 'path') expect(parameter.required, where).toBe(true);
        schemas.push(parameter.schema);
      }
    }
    for (const schema of [...schemas, ...Object.values(document.components?.schemas ?? {})]) {
      if (schema === undefined) continue;
      expect(ajv.validateSchema(schema as object), JSON.stringify(ajv.errors)).toBe(true);
    }
    expect(schemas.length).toBeGreaterThan(0);
  });

  it('documents the public forms with their request and error answers', async () => {
    const document: TOpenApiDocument = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const capture = document.paths['/api/public/capture-requests']?.post;
    expect(capture?.['x-roles']).toEqual(['public']);
    expect(capture?.requestBody?.content?.['application/json']?.schema).toMatchObject({
      required: expect.arrayContaining(['name', 'email', 'phone', 'spaceType', 'location', 'terms']),
    });
    expect(Object.keys(capture?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '409', '413', '429']));
    const idempotencyHeader = capture?.parameters?.find(
      (parameter) => String(parameter.name).toLowerCase() === 'idempotency-key',
    );
    expect(idempotencyHeader).toMatchObject({ in: 'header' });
  });

  it('serves the API docs page as HTML that loads only same-origin scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger-ui');
    // The CSP forbids inline scripts, so the page must not rely on one.
    const scripts = response.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="(\/|\.\/)/);
    expectSecurityHeaders(response.headers);
  });
});

describe('load shedding', () => {
  let t: TTestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_IN_FLIGHT: '1', PUBLIC_URL: 'https://capture.example.com' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Starts a POST whose body never finishes, so the request stays in flight until destroyed. */
  async function holdOneRequest() {
    const request = http.request(`${baseUrl}/api/public/capture-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '10000' },
    });
    request.on('error', () => undefined);
    request.write('{"name":');
    const deadline = Date.now() + 5_000;
    while (t.app.requestsInFlight() < 1) {
      if (Date.now() > deadline) throw new Error('the held request never reached the server');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return request;
  }

  /**
   * Ends the held request and waits until the server has let it go, so the next test, and the
   * close after the last, find no request of this one still being served.
   */
  async function release(held: http.ClientRequest) {
    held.destroy();
    await eventually(async () => expect(t.app.requestsInFlight()).toBe(0), 5_000);
  }

  it('answers 503 with Retry-After while the limit is reached, and recovers once the request ends', async () => {
    const held = await holdOneRequest();
    try {
      for (const [method, path] of [
        ['GET', '/api/openapi.json'],
        ['POST', '/api/public/capture-requests'],
        ['GET', '/api/no-such-thing'],
      ]) {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          ...(method === 'POST'
            ? { body: JSON.stringify(captureRequestInput()), headers: { 'content-type': 'application/json' } }
            : {}),
        });
        expect(response.status, path).toBe(503);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expectErrorShape(await response.json(), 'unavailable');
        expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
      }
    } finally {
      await release(held);
    }
    const after = await fetch(`${baseUrl}/api/openapi.json`);
    expect(after.status).toBe(200);
  });

  it('never sheds the health check', async () => {
    const held = await holdOneRequest();
    try {
      for (const path of ['/api/health', '/api/health?probe=liveness', '/api/health/']) {
        const response = await fetch(`${baseUrl}${path}`);
        expect(response.status, path).toBe(200);
        expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
      }
    } finally {
      await release(held);
    }
  });

  it('sends Strict-Transport-Security when the public URL is https', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // Read to its end, so the connection is idle, and closed, when the server stops after this test.
    await response.text();
  });
});
