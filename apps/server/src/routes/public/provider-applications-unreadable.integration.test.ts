import { ZErrorResponse } from '@spacecapture/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * Multipart bodies the parser cannot read, found by the API fuzz test: without a boundary, with an
 * empty or over-long one, or cut short before the closing boundary, the application form answered
 * 500. They are the caller's mistake: 400 in the one error shape, and nothing stored.
 */

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const PAYLOAD = JSON.stringify({ firstName: 'Ann', lastName: 'Lee' });

describe('an application form the multipart parser cannot read', () => {
  it.each([
    ['no boundary', 'multipart/form-data', PAYLOAD],
    ['an empty boundary', 'multipart/form-data; boundary=', PAYLOAD],
    ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, PAYLOAD],
    ['no part at all', 'multipart/form-data; boundary=xyz', 'not multipart'],
    [
      'a body cut short',
      'multipart/form-data; boundary=xyz',
      `--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${PAYLOAD}`,
    ],
  ])('answers 400 in the error shape and stores nothing: %s', async (_name, contentType, payload) => {
    const before = await countRows(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/provider-applications',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(ZErrorResponse.parse(response.json()).error.code).toBe('bad_request');
    expect(await countRows(t.db)).toEqual(before);
  });
});
