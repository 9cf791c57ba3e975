import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client.ts';

const ZId = z.object({ id: z.string() });

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with the Idempotency-Key and parses the success body', async () => {
    const fetchMock = respond(201, { id: 'abc' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/api/x', { method: 'POST', json: { a: 1 }, idempotencyKey: 'key-1', schema: ZId }),
    ).resolves.toEqual({ id: 'abc' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('turns the error shape into an ApiError with field messages', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { error: { code: 'validation_failed', message: 'Invalid input.', fields: { email: 'Bad.' } } }),
    );
    const error = await apiRequest('/api/x', { method: 'POST', json: {}, schema: ZId }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid input.',
      fields: { email: 'Bad.' },
    });
  });

  it('gives an empty message when the body is not the error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await apiRequest('/api/x', { schema: ZId }).catch((caught) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: '' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('/api/x', { schema: ZId }).catch((caught) => caught);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects a success body that does not match the schema', async () => {
    vi.stubGlobal('fetch', respond(201, { nope: true }));
    const error = await apiRequest('/api/x', { schema: ZId }).catch((caught) => caught);
    expect(error).toMatchObject({ code: 'invalid_response' });
  });
});
