import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { SharedOrderPage } from './shared-order-page.tsx';

const TOKEN = 'A'.repeat(43);
const FILE_ID = '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = () => document.body.textContent ?? '';

describe('SharedOrderPage', () => {
  it('lists the shared files with Download, a thumbnail or type icon, and keeps the page out of search engines', async () => {
    view = renderInPortal(<SharedOrderPage token={TOKEN} />, () => ({
      status: 200,
      body: {
        title: 'Virtual Tour — Commercial',
        expiresAt: '2026-12-05T10:00:00.000Z',
        files: [
          {
            id: FILE_ID,
            name: 'plan.png',
            sizeBytes: 2048,
            contentType: 'image/png',
            thumbnailUrl: '/api/thumbnails/t',
          },
          { id: FILE_ID.replace('6a', '7b'), name: 'scan.e57', sizeBytes: 10, thumbnailUrl: null },
        ],
      },
    }));
    await waitFor(() => expect(text()).toContain('Virtual Tour — Commercial'));
    expect(view.calls[0]?.url).toBe(`/api/public/shares/${TOKEN}`);
    expect(view.container.querySelector('[data-thumbnail="image"] img')?.getAttribute('src')).toBe('/api/thumbnails/t');
    expect(view.container.querySelector('[data-thumbnail="point_cloud"]')).not.toBeNull();
    expect(view.container.querySelector('[aria-label="Download plan.png"]')).not.toBeNull();
    // No viewer given: no View action.
    expect(view.container.querySelector('[aria-label="View plan.png"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
  });

  it('offers View when a viewer is given', async () => {
    view = renderInPortal(
      <SharedOrderPage token={TOKEN} renderViewer={({ file }) => <p>Viewing {file.name}</p>} />,
      () => ({
        status: 200,
        body: {
          title: 'Plans',
          expiresAt: '2026-12-05T10:00:00.000Z',
          files: [{ id: FILE_ID, name: 'plan.pdf', sizeBytes: 10, thumbnailUrl: null }],
        },
      }),
    );
    await waitFor(() => expect(view?.container.querySelector('[aria-label="View plan.pdf"]')).not.toBeNull());
  });

  it('says the link has expired or was revoked when the server answers 410 or 404', async () => {
    for (const status of [410, 404]) {
      view = renderInPortal(<SharedOrderPage token={TOKEN} />, () => ({
        status,
        body: {
          error: { code: status === 410 ? 'gone' : 'not_found', message: 'This link has expired or was revoked' },
        },
      }));
      await waitFor(() => expect(text()).toContain('This link has expired or was revoked'));
      expect(text()).toContain('Ask the person who shared it for a new link.');
      view.unmount();
      view = undefined;
    }
  });
});
