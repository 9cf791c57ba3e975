import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInMantine } from '../../../test/render-for-test.tsx';
import PointCloudViewer from './point-cloud-viewer.tsx';
import { gridCloud, writeLas } from './test/point-cloud-fixtures.ts';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PointCloudViewer without WebGL', () => {
  it('shows the header facts and the download instead of an empty box', async () => {
    // 1,234 points of a 40 × 40 grid over 8 m: the last row is partial, so Y ends at 406.154.
    const file = writeLas({ minor: 2, pointFormat: 3, count: 1234, point: gridCloud(40, 8, [300, 400, 12]) });
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      const range = new Headers(init?.headers).get('Range') ?? '';
      requested.push(range);
      const [, start, end] = /bytes=(\d+)-(\d+)/.exec(range)!;
      return new Response(file.slice(Number(start), Number(end) + 1), { status: 206 });
    });
    // This browser has no WebGL: every context request fails.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { container, unmount } = await renderInMantine(
      <PointCloudViewer url="/api/files/t" fileName="yard.las" sizeBytes={file.length} />,
    );
    cleanup = unmount;
    await vi.waitFor(() => expect(container.querySelector('[data-viewer-state="facts"]')).not.toBeNull());
    const facts = container.querySelector('table[aria-label="Facts of yard.las"]')?.textContent ?? '';
    expect(facts).toContain('LAS 1.2');
    expect(facts).toContain('1,234');
    expect(facts).toContain('300, 400, 12 to 308, 406.154, 12.799');
    expect(facts).toContain('RGB');
    expect(container.textContent).toContain('This browser cannot draw 3D');
    expect(container.querySelector('a[download]')?.textContent).toBe('Download yard.las');
    expect(container.querySelector('canvas')).toBeNull();
    // Only the header was read.
    expect(requested).toEqual(['bytes=0-65535']);
  });
});
