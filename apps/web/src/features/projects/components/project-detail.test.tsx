import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { json, until } from '../../../test/render-at.tsx';
import { ProjectDetail } from './project-detail.tsx';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const ID = '6f1c2a9e-0000-4000-8000-000000000001';

const OFFER: TProviderAssignment = {
  id: ID,
  orderId: '6f1c2a9e-0000-4000-8000-000000000002',
  status: 'offered',
  orderStatus: 'assigned',
  accepted: null,
  respondBy: new Date(NOW + 5 * HOUR + 7 * 60_000).toISOString(),
  respondedAt: null,
  masked: true,
  title: null,
  location: 'Location revealed after acceptance',
  customer: 'Client #A1B2C3',
  captureType: 'virtual-tour',
  preferredDates: null,
  compensation: 1250,
  currency: 'USD',
  scheduledStart: null,
  scheduledEnd: null,
  proposedStart: null,
  proposedEnd: null,
  proposedWindows: [],
  uploads: { open: false, opensAt: null, openedEarly: false },
  area: 'Leeds, England, GB',
  timeZone: 'Europe/London',
  coordinates: null,
  preferredWindows: [{ start: '2099-06-02T08:00:00.000Z', end: '2099-06-02T11:00:00.000Z' }],
  accessNotes: null,
  siteContact: null,
  createdAt: new Date(NOW - 43 * HOUR).toISOString(),
};

const ACCEPTED: TProviderAssignment = {
  ...OFFER,
  status: 'accepted',
  accepted: true,
  respondedAt: new Date(NOW).toISOString(),
  masked: false,
  title: 'Virtual Tour — 12 Market Street, Leeds',
  location: '12 Market Street, Leeds',
  customer: 'Harbour Holdings',
  accessNotes: 'Keys at the concierge desk.',
  siteContact: { name: 'Dana Reyes', phone: '+44 113 496 0000' },
};

let posts: string[];
let acceptAnswer: () => Response;
/** What the server holds: GET answers it, a successful answer replaces it. */
let current: TProviderAssignment;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  posts = [];
  current = OFFER;
  acceptAnswer = () => {
    current = ACCEPTED;
    return json(200, ACCEPTED);
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      posts.push(url);
      return acceptAnswer();
    }
    return json(200, current);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const mount = mountPerTest({ beforeUnmount: () => notifications.clean() });

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  act(() => {
    mount.root.render(
      <MemoryRouter>
        <MantineProvider>
          <Notifications />
          <QueryClientProvider client={client}>
            <ProjectDetail projectId={ID} onBack={() => {}} />
          </QueryClientProvider>
        </MantineProvider>
      </MemoryRouter>,
    );
  });
  await until(() => expect(mount.container.textContent).toContain('Project #'));
}

function button(name: string) {
  return [...mount.container.querySelectorAll('button')].find((element) => element.textContent === name);
}

/** Accept Project asks first; the dialog (rendered outside the page's container) says what is committed to. */
async function acceptThroughDialog() {
  await act(async () => button('Accept Project')?.click());
  await until(() => expect(document.body.textContent).toContain('Accept this job?'));
  const confirm = [...document.body.querySelectorAll('button')].find((element) => element.textContent === 'Accept job');
  await act(async () => confirm?.click());
}

describe('ProjectDetail', () => {
  it('asks for an answer within the real time left, accepts, and then reveals the address', async () => {
    await render();
    expect(mount.container.textContent).toContain(
      'You have been selected for this project. Please review the details and respond within 5 hours 7 minutes.',
    );
    expect(mount.container.textContent).toContain('Location revealed after acceptance');
    expect(mount.container.textContent).toContain('$1,250.00');
    expect(mount.container.querySelector('[data-urgency="high"]')?.textContent).toBe('high urgency');
    // Where and when, before accepting: the area (never the street) and the customer's windows in its zone.
    expect(mount.container.textContent).toContain('AreaLeeds, England, GB');
    expect(mount.container.textContent).toContain('Preferred windows');
    expect(mount.container.textContent).toContain('(Europe/London)');

    await act(async () => button('Accept Project')?.click());
    await until(() => expect(document.body.textContent).toContain('Accept this job?'));
    expect(document.body.textContent).toContain('Virtual Tour capture in Leeds, England, GB for $1,250.00');
    expect(posts).toEqual([]);
    const confirm = [...document.body.querySelectorAll('button')].find(
      (element) => element.textContent === 'Accept job',
    );
    await act(async () => confirm?.click());
    await until(() => expect(mount.container.textContent).toContain('Harbour Holdings'));
    expect(posts).toEqual([`/api/provider/assignments/${ID}/accept`]);
    expect(document.body.textContent).toContain('You accepted this job.');
    expect(mount.container.textContent).toContain('12 Market Street, Leeds');
    expect(mount.container.textContent).toContain('Harbour Holdings');
    expect(mount.container.textContent).toContain('Keys at the concierge desk.');
    const call = [...mount.container.querySelectorAll('a')].find((link) => link.textContent === '+44 113 496 0000');
    expect(call?.getAttribute('href')).toBe('tel:+441134960000');
    expect(button('Accept Project')).toBeUndefined();
  });

  it('shows the server’s refusal as a Failed to accept toast and keeps the offer', async () => {
    acceptAnswer = () => json(409, { error: { code: 'conflict', message: 'The response deadline has passed.' } });
    await render();
    await acceptThroughDialog();
    await until(() => expect(document.body.textContent).toContain('Failed to accept'));
    expect(document.body.textContent).toContain('The response deadline has passed.');
    expect(mount.container.textContent).toContain('Location revealed after acceptance');
    expect(button('Accept Project')).toBeDefined();
  });

  it('declines with the Declined toast, and the offer can no longer be answered', async () => {
    acceptAnswer = () => {
      current = { ...OFFER, status: 'declined', accepted: false, respondedAt: new Date(NOW).toISOString() };
      return json(200, current);
    };
    await render();
    await act(async () => button('Decline')?.click());
    await until(() => expect(mount.container.querySelector('[aria-label="Status: declined"]')).not.toBeNull());
    expect(posts).toEqual([`/api/provider/assignments/${ID}/decline`]);
    expect(document.body.textContent).toContain('Declined');
    expect(mount.container.querySelector('[aria-label="Status: declined"]')).not.toBeNull();
    expect(button('Accept Project')).toBeUndefined();
    expect(mount.container.textContent).toContain('Location revealed after acceptance');
  });

  it('closes the response window once the deadline has passed', async () => {
    vi.setSystemTime(NOW + 6 * HOUR);
    await render();
    expect(mount.container.textContent).toContain('The response window has closed');
    expect(button('Accept Project')).toBeUndefined();
  });
});
