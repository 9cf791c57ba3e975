import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../test/render-for-test.tsx';
import { DeliverableViewer } from './deliverable-viewer.tsx';

const FILE_ID = '4f8c2a51-9d3e-4b7a-8c61-2e5f9a0b7d14';
let rendered: ReturnType<typeof renderForTest> | null = null;
afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.restoreAllMocks();
});

function show(name: string, sizeBytes = 2048) {
  rendered = renderForTest(<DeliverableViewer file={{ id: FILE_ID, name, sizeBytes }} url="/api/files/token" />);
  return rendered.container;
}

describe('DeliverableViewer without a viewer for the file', () => {
  it('shows the facts, Download and a reason for a 3D model when the browser has no WebGL', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const container = show('scan.glb', 5 * 1024 * 1024);
    expect(container.textContent).toContain('scan.glb');
    expect(container.textContent).toContain('5 MB');
    expect(container.textContent).toContain('GLB');
    expect(container.querySelector('button[aria-label="Download scan.glb"]')).not.toBeNull();
    expect(container.querySelector('[data-viewer-state="fallback"]')?.textContent).toContain('cannot show 3D');
  });

  it('shows the facts and Download for a type with no preview', () => {
    const container = show('notes.docx');
    expect(container.querySelector('[data-viewer-state="fallback"]')?.textContent).toContain('no preview');
    expect(container.querySelector('button[aria-label="Download notes.docx"]')).not.toBeNull();
  });

  it('gives a PLY the 3D fallback without WebGL instead of waiting on its header', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const container = show('room.ply');
    expect(container.querySelector('[data-viewer-state="fallback"]')?.textContent).toContain('cannot show 3D');
    expect(container.querySelector('[data-viewer-state="loading"]')).toBeNull();
  });
});
