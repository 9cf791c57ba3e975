import { vi } from 'vitest';

/**
 * Stubs `fetch` with a link to `file` that answers Range requests, as a signed link does; returns
 * the ranges asked, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function serveByRange(file: Uint8Array): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const [, start, end] = /bytes=(\d+)-(\d+)/.exec(new Headers(init?.headers).get('Range') ?? '')!;
    ranges.push([Number(start), Number(end)]);
    return new Response(file.slice(Number(start), Number(end) + 1), { status: 206 });
  });
  return ranges;
}
