import { ZErrorResponse } from '@spacecapture/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient } from '../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../test/test-app.ts';

/**
 * Paths the router itself cannot read, found by the API fuzz test: a malformed percent-encoding
 * and a path parameter longer than the router's limit answered in Fastify's own error shape.
 */

let t: TTestApp;
let admin: TClient;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a path the router cannot read', () => {
  it.each([
    ['a malformed percent-encoding', '/api/auth/reset-password/%zz'],
    ['a lone percent sign', '/api/admin/orders/%'],
    ['a path parameter over 200 characters', `/api/admin/invitations/${'x'.repeat(201)}/resend`],
  ])('answers 400 in the one error shape: %s', async (_name, url) => {
    const response = await admin.request(url.endsWith('/resend') ? 'POST' : 'GET', url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(ZErrorResponse.parse(response.json()).error.code).toBe('bad_request');
    expect(response.body).not.toContain('FST_ERR');
  });
});
