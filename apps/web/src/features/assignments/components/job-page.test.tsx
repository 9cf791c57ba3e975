import { MASKED_LOCATION, type TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { json, renderAt, until } from '../../../test/render-at.tsx';
import { jobChecklist } from './job-checklist.ts';
import { JobScreen } from './job-page.tsx';

const ID = '6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f';
const ORDER = '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10';

const OFFER: TProviderAssignment = {
  id: ID,
  orderId: ORDER,
  status: 'offered',
  orderStatus: 'assigned',
  accepted: null,
  respondBy: '2030-01-01T09:00:00.000Z',
  respondedAt: null,
  masked: true,
  title: null,
  location: MASKED_LOCATION,
  area: 'Canterbury, England, GB',
  timeZone: 'Europe/London',
  coordinates: null,
  currency: 'GBP',
  preferredWindows: [],
  accessNotes: null,
  siteContact: null,
  customer: 'Client #A1B2C3',
  captureType: 'point-cloud',
  preferredDates: null,
  compensation: 500,
  scheduledStart: null,
  scheduledEnd: null,
  proposedStart: null,
  proposedEnd: null,
  proposedWindows: [],
  uploads: { open: false, opensAt: null, openedEarly: false },
  createdAt: '2029-12-30T09:00:00.000Z',
};

/** The offer accepted and scheduled: 09:00–17:00 UTC on a summer day, 10:00–18:00 in London. */
const SCHEDULED: TProviderAssignment = {
  ...OFFER,
  status: 'accepted',
  accepted: true,
  orderStatus: 'scheduled',
  masked: false,
  title: 'Castle Street survey',
  location: '5 Castle Street, Canterbury CT1 2AB',
  coordinates: { lat: 51.2802, lon: 1.0789 },
  accessNotes: 'Side gate code 4411.',
  siteContact: { name: 'Ada Lovelace', phone: '+44 20 7946 0958' },
  customer: 'Zephyr Holdings',
  scheduledStart: '2030-07-01T09:00:00.000Z',
  scheduledEnd: '2030-07-01T17:00:00.000Z',
  uploads: { open: false, opensAt: '2030-07-01T09:00:00.000Z', openedEarly: false },
};

let answer: Response;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.endsWith('/api/provider/devices')) {
      return json(200, {
        items: [
          {
            id: '11111111-1111-4111-8111-111111111111',
            model: 'PRO',
            serial: 'SN-1',
            capabilities: [],
            createdAt: OFFER.createdAt,
          },
          {
            id: '22222222-2222-4222-8222-222222222222',
            model: 'MEGA',
            serial: 'SN-2',
            capabilities: [],
            createdAt: OFFER.createdAt,
          },
        ],
      });
    }
    return answer.clone();
  });
});
afterEach(() => vi.unstubAllGlobals());

const mount = mountPerTest();

function link(name: string) {
  return [...document.querySelectorAll('a')].find((element) => element.textContent?.trim() === name);
}
function text() {
  return document.body.textContent ?? '';
}

describe('JobScreen', () => {
  it('gives an accepted job its map links, the site phone, the window at the place, the brief and the steps', async () => {
    answer = json(200, SCHEDULED);
    renderAt(mount.root, `/provider/jobs/${ID}`, <JobScreen assignmentId={ID} />);
    await until(() => expect(document.querySelector('h1')?.textContent).toBe('Castle Street survey'));
    expect(link('Open in a maps app')?.getAttribute('href')).toBe('geo:51.2802,1.0789');
    expect(link('View on OpenStreetMap')?.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=51.2802&mlon=1.0789#map=17/51.2802/1.0789',
    );
    expect(link('+44 20 7946 0958')?.getAttribute('href')).toBe('tel:+442079460958');
    expect(text()).toContain('Address: 5 Castle Street, Canterbury CT1 2AB');
    expect(text()).toContain('Access notes: Side gate code 4411.');
    expect(document.querySelector('[data-testid="capture-window"]')?.textContent).toBe(
      'Jul 1, 2030, 10:00 AM – 6:00 PM (Europe/London)',
    );
    expect(text()).toContain('Confirmed window:');
    // A point cloud needs LiDAR: the META or MEGA, of which the organisation has the MEGA.
    expect(text()).toContain('Devices: META, MEGA');
    await until(() => expect(text()).toContain('Your devices that fit: MEGA (SN-2)'));
    expect(document.querySelector('[aria-label="Deliverables expected"]')?.textContent).toContain('E57 and PLY');
    const steps = [...document.querySelectorAll('[data-testid^="step-"]')].map(
      (step) => `${step.getAttribute('data-testid')}=${step.getAttribute('data-done')}`,
    );
    expect(steps).toEqual([
      'step-accepted=true',
      'step-proposed=true',
      'step-confirmed=true',
      'step-captured=false',
      'step-uploaded=false',
      'step-delivered=false',
    ]);
    expect(document.querySelector('[data-testid="uploads-opening"]')?.textContent).toMatch(
      /^Uploads open .*2030.*, when the capture window starts\./,
    );
    expect(link('Upload Deliverables')?.getAttribute('href')).toBe(`/provider/uploads?order=${ORDER}`);
    // Answers stay on the job card.
    expect([...document.querySelectorAll('button')].map((button) => button.textContent)).not.toContain('Accept');
  });

  it('keeps a masked offer without address, map or phone, and sends its answer to Assigned Jobs', async () => {
    answer = json(200, OFFER);
    renderAt(mount.root, `/provider/jobs/${ID}`, <JobScreen assignmentId={ID} />);
    await until(() => expect(document.querySelector('h1')?.textContent).toBe('Point Cloud job'));
    expect(text()).toContain(`Address: ${MASKED_LOCATION}`);
    expect(text()).toContain('Area: Canterbury, England, GB');
    expect(document.querySelector('[data-testid="map-links"]')).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
    expect(text()).toContain('shown once you accept');
    expect(link('Upload Deliverables')).toBeUndefined();
    expect(link('Answer this offer on Assigned Jobs')?.getAttribute('href')).toBe('/provider/assignments');
  });

  it("shows the server's error for another organisation's job", async () => {
    answer = json(404, { error: { code: 'not_found', message: 'Assignment not found.' } });
    renderAt(mount.root, `/provider/jobs/${ID}`, <JobScreen assignmentId={ID} />);
    await until(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain('Assignment not found.'));
    expect(document.querySelector('h1')?.textContent).toBe('Job');
  });
});

describe('jobChecklist', () => {
  const NOW = Date.parse('2030-07-02T00:00:00.000Z');
  const done = (job: Partial<TProviderAssignment>) =>
    jobChecklist({ ...SCHEDULED, ...job }, NOW)
      .filter((step) => step.done)
      .map((step) => step.key);

  it('follows the order from acceptance to delivery', () => {
    expect(done(OFFER)).toEqual([]);
    expect(done({ orderStatus: 'assigned', scheduledStart: null, scheduledEnd: null })).toEqual(['accepted']);
    expect(
      done({
        orderStatus: 'assigned',
        scheduledStart: null,
        scheduledEnd: null,
        proposedStart: '2030-07-05T09:00:00.000Z',
        proposedEnd: '2030-07-05T17:00:00.000Z',
      }),
    ).toEqual(['accepted', 'proposed']);
    // The confirmed window has ended (1 July), so the capture counts as done, but no files yet.
    expect(done({})).toEqual(['accepted', 'proposed', 'confirmed', 'captured']);
    expect(done({ scheduledEnd: '2030-07-03T17:00:00.000Z' })).toEqual(['accepted', 'proposed', 'confirmed']);
    expect(done({ orderStatus: 'captured' })).toEqual(['accepted', 'proposed', 'confirmed', 'captured', 'uploaded']);
    expect(done({ orderStatus: 'delivered' })).toHaveLength(6);
    const sentBack = jobChecklist({ ...SCHEDULED, orderStatus: 'changes_requested' }, NOW);
    expect(sentBack.find((step) => step.key === 'delivered')).toMatchObject({
      done: false,
      detail: 'The customer asked for changes: upload the revised files and deliver again.',
    });
  });
});
