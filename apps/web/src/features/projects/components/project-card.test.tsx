import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal } from '../../../test/render-in-portal.tsx';
import { ProjectCard } from './project-card.tsx';

const PROJECT: TProviderAssignment = {
  id: 'e1488268-0000-4000-8000-000000000001',
  orderId: 'e1488268-0000-4000-8000-000000000002',
  status: 'offered',
  orderStatus: 'assigned',
  accepted: null,
  respondBy: '2099-03-10T12:00:00.000Z',
  respondedAt: null,
  masked: true,
  title: null,
  location: 'Location revealed after acceptance',
  customer: 'Client #A1B2C3',
  captureType: 'virtual-tour',
  preferredDates: null,
  compensation: 1250,
  currency: 'GBP',
  scheduledStart: null,
  scheduledEnd: null,
  proposedStart: null,
  proposedEnd: null,
  proposedWindows: [],
  uploads: { open: false, opensAt: null, openedEarly: false },
  area: null,
  timeZone: null,
  coordinates: null,
  preferredWindows: [],
  accessNotes: null,
  siteContact: null,
  createdAt: '2099-03-08T12:00:00.000Z',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

describe('a project card on the provider dashboard', () => {
  it('opens the project from one link named by the text it shows (WCAG 2.5.3)', () => {
    view = renderInPortal(<ProjectCard project={PROJECT} href="/provider-dashboard?project=p1" />, () => ({
      status: 404,
      body: {},
    }));
    const links = [...view.container.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    const [link] = links as [HTMLAnchorElement];
    expect(link.getAttribute('href')).toBe('/provider-dashboard?project=p1');
    // No aria-label replaces what is shown: the name is the visible title and reference.
    expect(link.hasAttribute('aria-label')).toBe(false);
    expect(link.textContent).toBe('Virtual TourProject #E1488268');
    // The rest of the card is read as the card's own text, outside the link.
    const card = view.container.querySelector('[data-testid="project-card"]');
    expect(card?.hasAttribute('aria-label')).toBe(false);
    expect(card?.textContent).toContain('Client: Client #A1B2C3');
    expect(link.textContent).not.toContain('Client');
    // The pay is in the order's currency (decision 203).
    expect(card?.textContent).toContain('£1,250.00');
  });
});
