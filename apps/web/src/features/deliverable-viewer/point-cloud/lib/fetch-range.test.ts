import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRange } from './fetch-range.ts';

afterEach(() => vi.unstubAllGlobals());

const file = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

describe('fetchRange', () => {
  it('returns the bytes of a 206 answer', async () => {
    vi.stubGlobal('fetch', async () => new Response(file.slice(10, 20), { status: 206 }));
    expect([...(await fetchRange('/f', 10, 19))]).toEqual([...file.slice(10, 20)]);
  });

  it('takes only the asked bytes when the server ignores Range and sends the whole file', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // The file arrives in 100-byte pieces; reading stops once the range is in hand.
        controller.enqueue(file.slice(pulled, pulled + 100));
        pulled += 100;
        if (pulled >= file.length) controller.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200 }));
    expect([...(await fetchRange('/f', 150, 249))]).toEqual([...file.slice(150, 250)]);
    expect(pulled).toBeLessThan(file.length);
  });

  it('says which HTTP status refused the read', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(fetchRange('/f', 0, 9)).rejects.toThrow('HTTP 404');
  });
});
