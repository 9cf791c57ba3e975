import { afterEach, describe, expect, it } from 'vitest';
import { PortalShell } from '../components/portal/portal-shell.tsx';
import { renderInPortal, waitFor } from '../test/render-in-portal.tsx';
import { PORTAL_PAGES } from './portal-routes.tsx';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

/** The sidebar links' texts, each as a screen reader reads it (label, then any count's label). */
function sidebarLinks() {
  return [...(view?.container.querySelectorAll('nav a') ?? [])].map((link) =>
    [link.textContent?.trim(), link.querySelector('[aria-label]')?.getAttribute('aria-label')]
      .filter(Boolean)
      .join(' | '),
  );
}

const COUNTS: Record<string, number> = {
  '/api/customer/conversations/unread': 3,
  '/api/provider/conversations/unread': 12,
  '/api/admin/conversations/unread': 0,
};

function renderPortal(portal: keyof typeof PORTAL_PAGES) {
  view = renderInPortal(
    <PortalShell title="Portal" items={PORTAL_PAGES[portal]} userEmail="someone@example.com">
      <p>Page</p>
    </PortalShell>,
    (call) => {
      const unread = COUNTS[call.url];
      return unread === undefined ? { status: 404, body: {} } : { status: 200, body: { unread } };
    },
  );
}

describe('unread message counts in the sidebars', () => {
  it('shows the customer’s unread messages beside Orders, and nowhere else', async () => {
    renderPortal('customer');
    await waitFor(() => expect(sidebarLinks()).toContain('Orders3 | 3 unread messages'));
    expect(sidebarLinks().filter((text) => text.includes('unread'))).toHaveLength(1);
    expect(view?.calls.map((call) => call.url)).toEqual(['/api/customer/conversations/unread']);
  });

  it('shows the provider’s unread messages beside Assigned Jobs, in the same badge as the admin inbox', async () => {
    renderPortal('provider');
    await waitFor(() => expect(sidebarLinks()).toContain('Assigned Jobs12 | 12 unread messages'));
    expect(sidebarLinks().filter((text) => text.includes('unread'))).toHaveLength(1);
  });

  it('shows no badge when nothing is unread', async () => {
    renderPortal('admin');
    await waitFor(() => expect(view?.calls.map((call) => call.url)).toContain('/api/admin/conversations/unread'));
    expect(sidebarLinks().some((text) => text.includes('unread'))).toBe(false);
    expect(sidebarLinks()).toContain('Inbox');
  });
});

describe('the customer sidebar’s integrations', () => {
  it('groups Webhooks and API keys under an Integrations heading, each with an icon of its own', async () => {
    renderPortal('customer');
    const group = view?.container.querySelector('nav ul[aria-labelledby]');
    await waitFor(() => expect(group).toBeTruthy());
    const heading = view?.container.querySelector(`#${group?.getAttribute('aria-labelledby')}`);
    expect(heading?.textContent).toBe('Integrations');
    const links = [...(group?.querySelectorAll('a') ?? [])];
    expect(links.map((link) => link.textContent)).toEqual(['Webhooks', 'API keys']);
    const [webhooks, keys] = links.map((link) => link.querySelector('svg')?.innerHTML);
    expect(webhooks).toBeTruthy();
    expect(webhooks).not.toBe(keys);
  });
});
