import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInMantine } from '../../../test/render-for-test.tsx';
import E57Metadata from './e57-metadata.tsx';
import { writeE57 } from './test/point-cloud-fixtures.ts';

/** A download link answering Range requests, as the server's signed file route does. */
function serveWithRanges(file: Uint8Array) {
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    requested.push(range);
    const [, start, end] = /bytes=(\d+)-(\d+)/.exec(range)!;
    const part = file.slice(Number(start), Number(end) + 1);
    return new Response(part, { status: 206, headers: { 'Content-Range': `bytes ${start}-${end}/${file.length}` } });
  });
  return requested;
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  vi.unstubAllGlobals();
});

describe('E57Metadata', () => {
  it('shows the point count, the scans and the download, read by two range requests', async () => {
    const file = writeE57([
      { name: 'Lobby', guid: '{B1}', count: 2_000_000, bounds: { min: [0, 0, 0], max: [20, 30, 4] } },
      { name: 'Stairs', guid: '{B2}', count: 500_000, bounds: { min: [18, 25, 0], max: [24, 32, 12] } },
      {
        name: 'Courtyard',
        guid: '{B3}',
        count: 1_000,
        bounds: { min: [0.5, 0, 0], max: [61.25, 0, 0] },
        spherical: true,
      },
    ]);
    const requested = serveWithRanges(file);
    const { container, unmount } = await renderInMantine(
      <E57Metadata url="/api/files/token" fileName="site.e57" sizeBytes={file.length} />,
    );
    cleanup = unmount;
    await vi.waitFor(() => expect(container.querySelector('[data-viewer-state="ready"]')).not.toBeNull());
    const text = container.textContent ?? '';
    expect(text).toContain('2,501,000');
    expect(text).toContain('Lobby');
    expect(text).toContain('Stairs');
    // A spherical scan stating no box says how far its scanner reached.
    const courtyard = [...container.querySelectorAll('tr')].find((row) => row.textContent?.startsWith('Courtyard'));
    expect([...(courtyard?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      'Courtyard',
      '1,000',
      'Within 61.25 m of the scanner',
    ]);
    expect(text).toContain('0, 0, 0 to 24, 32, 12');
    const link = container.querySelector('a[download]');
    expect(link?.getAttribute('href')).toBe('/api/files/token');
    expect(link?.textContent).toBe('Download site.e57');
    // Only the header and the XML section were read, not the file.
    expect(requested).toHaveLength(2);
    expect(requested[0]).toBe('bytes=0-47');
  });

  it('says the header could not be read, and still offers the download', async () => {
    serveWithRanges(new Uint8Array(2048));
    const { container, unmount } = await renderInMantine(
      <E57Metadata url="/api/files/other" fileName="broken.e57" sizeBytes={2048} />,
    );
    cleanup = unmount;
    await vi.waitFor(() => expect(container.querySelector('[data-viewer-state="error"]')).not.toBeNull());
    expect(container.textContent).toContain('Not an E57 file');
    expect(container.querySelector('a[download]')?.textContent).toBe('Download broken.e57');
  });
});
