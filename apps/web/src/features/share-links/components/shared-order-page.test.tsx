import { afterEach, describe, expect, it } from 'vitest';
import { clickAndSettle, renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { SharedOrderPage } from './shared-order-page.tsx';

const TOKEN = 'A'.repeat(43);
const FILE_ID = '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c';
const NO_TREE = { state: 'none', percent: 0, url: null, error: null } as const;

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
            tour: null,
            pointTree: NO_TREE,
          },
          {
            id: FILE_ID.replace('6a', '7b'),
            name: 'scan.e57',
            sizeBytes: 10,
            thumbnailUrl: null,
            tour: null,
            pointTree: NO_TREE,
          },
        ],
        archiveUrl: `/api/public/shares/${TOKEN}/archive`,
        orders: null,
        branding: null,
      },
    }));
    await waitFor(() => expect(text()).toContain('Virtual Tour — Commercial'));
    expect(view.calls[0]?.url).toBe(`/api/public/shares/${TOKEN}`);
    expect(view.container.querySelector('[data-thumbnail="image"] img')?.getAttribute('src')).toBe('/api/thumbnails/t');
    expect(view.container.querySelector('[data-thumbnail="point_cloud"]')).not.toBeNull();
    expect(view.container.querySelector('[aria-label="Download plan.png"]')).not.toBeNull();
    // Download all is a plain link to the zip, which the browser saves (and can resume) itself.
    const all = [...view.container.querySelectorAll('a')].find((a) => a.textContent === 'Download all');
    expect(all?.getAttribute('href')).toBe(`/api/public/shares/${TOKEN}/archive`);
    expect(all?.hasAttribute('download')).toBe(true);
    // No viewer given: no View action.
    expect(view.container.querySelector('[aria-label="View plan.png"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
  });

  it('frames a tour whose host allows it, sandboxed, and links another in a new tab; neither is downloadable', async () => {
    const embedded = FILE_ID.replace('6a', '8c');
    const linked = FILE_ID.replace('6a', '9d');
    view = renderInPortal(<SharedOrderPage token={TOKEN} />, (call) =>
      call.url.endsWith('/opened')
        ? { status: 204, body: undefined }
        : {
            status: 200,
            body: {
              title: 'Tours',
              expiresAt: '2026-12-05T10:00:00.000Z',
              files: [
                {
                  id: embedded,
                  name: 'Walkthrough',
                  sizeBytes: 0,
                  thumbnailUrl: null,
                  pointTree: NO_TREE,
                  tour: { url: 'https://my.matterport.com/show/?m=abc', embeddable: true },
                },
                {
                  id: linked,
                  name: 'Own tour',
                  sizeBytes: 0,
                  thumbnailUrl: null,
                  pointTree: NO_TREE,
                  tour: { url: 'https://tours.example.com/t/1', embeddable: false },
                },
              ],
              archiveUrl: null,
              orders: null,
              branding: null,
            },
          },
    );
    await waitFor(() => expect(view?.container.querySelector('iframe')).not.toBeNull());
    const frame = view.container.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://my.matterport.com/show/?m=abc');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-forms');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(view.container.querySelectorAll('iframe')).toHaveLength(1);
    const link = [...view.container.querySelectorAll('a')].find((a) => a.textContent === 'Open Own tour in a new tab');
    expect(link?.getAttribute('href')).toBe('https://tours.example.com/t/1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(view.container.querySelector('[aria-label="Download Walkthrough"]')).toBeNull();
    // The framed tour counts one open as it is shown.
    await waitFor(() =>
      expect(view?.calls.map((c) => c.url)).toContain(`/api/public/shares/${TOKEN}/deliverables/${embedded}/opened`),
    );
  });

  it("groups a property's files under each order's title, newest order first", async () => {
    const photo = FILE_ID.replace('6a', '7b');
    view = renderInPortal(<SharedOrderPage token={TOKEN} />, () => ({
      status: 200,
      body: {
        title: 'Leeds, England, GB',
        expiresAt: '2026-12-05T10:00:00.000Z',
        files: [
          { id: FILE_ID, name: 'plan.pdf', sizeBytes: 10, thumbnailUrl: null, tour: null, pointTree: NO_TREE },
          { id: photo, name: 'photo.jpg', sizeBytes: 20, thumbnailUrl: null, tour: null, pointTree: NO_TREE },
        ],
        orders: [
          { title: 'Floor Plan — Residential', deliveredAt: '2026-12-04T10:00:00.000Z', fileIds: [photo] },
          { title: 'Virtual Tour — Residential', deliveredAt: '2026-11-20T10:00:00.000Z', fileIds: [FILE_ID] },
        ],
        archiveUrl: `/api/public/shares/${TOKEN}/archive`,
        branding: null,
      },
    }));
    await waitFor(() => expect(text()).toContain('Leeds, England, GB'));
    const sections = [...view.container.querySelectorAll('section[aria-labelledby]')];
    expect(sections.map((section) => section.querySelector('h2')?.textContent)).toEqual([
      'Floor Plan — Residential',
      'Virtual Tour — Residential',
    ]);
    const namesIn = (section: Element | undefined) =>
      [...(section?.querySelectorAll('[role="listitem"]') ?? [])].map((item) => item.getAttribute('aria-label'));
    expect(namesIn(sections[0])).toEqual(['photo.jpg']);
    expect(namesIn(sections[1])).toEqual(['plan.pdf']);
    expect(view.container.querySelector('[aria-label="Files of Floor Plan — Residential"]')).not.toBeNull();
  });

  it('offers View when a viewer is given', async () => {
    view = renderInPortal(
      <SharedOrderPage token={TOKEN} renderViewer={({ file }) => <p>Viewing {file.name}</p>} />,
      () => ({
        status: 200,
        body: {
          title: 'Plans',
          expiresAt: '2026-12-05T10:00:00.000Z',
          files: [{ id: FILE_ID, name: 'plan.pdf', sizeBytes: 10, thumbnailUrl: null, tour: null, pointTree: NO_TREE }],
          archiveUrl: null,
          orders: null,
          branding: null,
        },
      }),
    );
    await waitFor(() => expect(view?.container.querySelector('[aria-label="View plan.pdf"]')).not.toBeNull());
  });

  it('shows the organisation on a branded link, and no name at all on an unbranded one', async () => {
    const order = {
      title: 'Plans',
      expiresAt: '2026-12-05T10:00:00.000Z',
      files: [{ id: FILE_ID, name: 'plan.pdf', sizeBytes: 10, thumbnailUrl: null, tour: null, pointTree: NO_TREE }],
      archiveUrl: null,
      orders: null,
    };
    view = renderInPortal(<SharedOrderPage token={TOKEN} />, () => ({
      status: 200,
      body: {
        ...order,
        branding: {
          organizationName: 'Harbour Homes',
          color: '#146e50',
          contactName: 'Dana Reyes',
          contactEmail: 'dana@harbour.example',
          contactPhone: null,
          logoUrl: `/api/public/shares/${TOKEN}/logo`,
        },
      },
    }));
    await waitFor(() => expect(text()).toContain('Harbour Homes'));
    expect(view.container.querySelector('img[alt="Harbour Homes logo"]')?.getAttribute('src')).toBe(
      `/api/public/shares/${TOKEN}/logo`,
    );
    expect(view.container.querySelector('a[href="mailto:dana@harbour.example"]')).not.toBeNull();
    expect(document.title).toBe('Plans | Harbour Homes');
    view.unmount();

    view = renderInPortal(<SharedOrderPage token={TOKEN} />, () => ({
      status: 200,
      body: { ...order, branding: null },
    }));
    await waitFor(() => expect(text()).toContain('plan.pdf'));
    expect(text()).not.toContain('Harbour Homes');
    expect(text()).not.toContain('SpaceCapture');
    expect(view.container.querySelector('[aria-label="Contact"]')).toBeNull();
    expect(document.title).toBe('Plans');
  });

  it('opens a file in the viewer in the page, and an embed opens the first file at once', async () => {
    const order = {
      title: 'Plans',
      expiresAt: '2026-12-05T10:00:00.000Z',
      files: [{ id: FILE_ID, name: 'plan.pdf', sizeBytes: 10, thumbnailUrl: null, tour: null, pointTree: NO_TREE }],
      archiveUrl: null,
      orders: null,
      branding: null,
    };
    const respond = (call: { method: string }) =>
      call.method === 'POST'
        ? { status: 200, body: { url: '/api/files/signed', expiresAt: '2026-12-05T10:05:00.000Z' } }
        : { status: 200, body: order };
    view = renderInPortal(
      <SharedOrderPage
        token={TOKEN}
        renderViewer={({ file, url }) => (
          <p>
            Viewing {file.name} from {url}
          </p>
        )}
      />,
      respond,
    );
    await waitFor(() => expect(view?.container.querySelector('[aria-label="View plan.pdf"]')).not.toBeNull());
    expect(text()).not.toContain('Viewing plan.pdf');
    await clickAndSettle(view.container.querySelector<HTMLElement>('[aria-label="View plan.pdf"]') ?? undefined);
    await waitFor(() => expect(text()).toContain('Viewing plan.pdf from /api/files/signed'));
    expect(view.container.querySelector('[aria-label="Viewing plan.pdf"]')).not.toBeNull();
    view.unmount();

    view = renderInPortal(
      <SharedOrderPage token={TOKEN} embedded renderViewer={({ file }) => <p>Viewing {file.name}</p>} />,
      respond,
    );
    await waitFor(() => expect(text()).toContain('Viewing plan.pdf'));
    expect(view.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
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
