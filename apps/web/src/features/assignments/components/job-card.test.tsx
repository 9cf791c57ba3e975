import { MASKED_LOCATION, type TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForTest } from '../../../test/render-for-test.tsx';
import { answerButtons, JobCard } from './job-card.tsx';

const HOUR = 3_600_000;

function job(overrides: Partial<TProviderAssignment>): TProviderAssignment {
  const now = Date.now();
  return {
    id: '6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f',
    orderId: '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10',
    status: 'offered',
    orderStatus: 'assigned',
    accepted: null,
    respondBy: new Date(now + 10 * HOUR).toISOString(),
    respondedAt: null,
    masked: true,
    title: null,
    location: MASKED_LOCATION,
    customer: 'Client #A1B2C3',
    captureType: 'virtual-tour',
    preferredDates: { timeline: 'standard', notes: null },
    compensation: 1250.5,
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
    createdAt: new Date(now - HOUR).toISOString(),
    ...overrides,
  };
}

/** What an accepted, unmasked job adds to the offer. */
const ACCEPTED = { status: 'accepted', accepted: true, masked: false, title: 'Head office' } as const;

/** Renders one job card, replacing the one a previous step rendered. */
function renderJob(overrides: Partial<TProviderAssignment>) {
  view?.unmount();
  view = renderForTest(
    <MemoryRouter>
      <JobCard job={job(overrides)} />
    </MemoryRouter>,
  );
  return view;
}

let view: ReturnType<typeof renderForTest> | undefined;
afterEach(() => view?.unmount());

function buttonNamed(name: string) {
  return [...(view?.container.querySelectorAll('button') ?? [])].find((button) => button.textContent === name);
}

describe('answerButtons', () => {
  const now = Date.now();
  it('enables both on an open offer, neither once accepted or past the deadline', () => {
    expect(answerButtons(job({}), now)).toEqual({ canAccept: true, canDecline: true });
    expect(answerButtons(job({ status: 'accepted', accepted: true }), now)).toEqual({
      canAccept: false,
      canDecline: false,
    });
    expect(answerButtons(job({ respondBy: new Date(now - 1).toISOString() }), now)).toEqual({
      canAccept: false,
      canDecline: false,
    });
  });
});

describe('JobCard', () => {
  it('keeps a masked offer anonymous, with its countdown and both answers', () => {
    view = renderForTest(
      <MemoryRouter>
        <JobCard job={job({})} />
      </MemoryRouter>,
    );
    const text = view.container.textContent ?? '';
    expect(text).toContain(`Location: ${MASKED_LOCATION}`);
    expect(text).toContain('Client: Client #A1B2C3');
    expect(text).toContain('Virtual Tour job');
    expect(text).toMatch(/Respond within (9h 59m|10h 0m)/);
    expect(buttonNamed('Accept')?.disabled).toBe(false);
    expect(buttonNamed('Decline')?.disabled).toBe(false);
    expect(text).not.toContain('Upload Deliverables');
    expect(text).not.toContain('Propose a schedule window');
  });

  it('shows an accepted job with its address, upload link, proposed window and the proposal form', () => {
    view = renderForTest(
      <MemoryRouter>
        <JobCard
          job={job({
            status: 'accepted',
            accepted: true,
            masked: false,
            title: 'Head office',
            location: '12 Market Street, Leeds',
            customer: 'Acme Ltd',
            proposedStart: '2030-01-02T09:00:00.000Z',
            proposedEnd: '2030-01-02T17:00:00.000Z',
          })}
        />
      </MemoryRouter>,
    );
    const text = view.container.textContent ?? '';
    expect(text).toContain('Location: 12 Market Street, Leeds');
    expect(text).toContain('Client: Acme Ltd');
    expect(text).toContain('Proposed window:');
    expect(text).toContain('(awaiting confirmation)');
    const upload = [...view.container.querySelectorAll('a')].find((link) => link.textContent === 'Upload Deliverables');
    expect(upload?.getAttribute('href')).toBe('/provider/uploads?order=0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10');
    const jobPage = [...view.container.querySelectorAll('a')].find((link) => link.textContent === 'Job page');
    expect(jobPage?.getAttribute('href')).toBe('/provider/jobs/6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f');
    expect(buttonNamed('Accept')?.disabled).toBe(true);
    expect(buttonNamed('Decline')?.disabled).toBe(true);
    expect(text).toContain('Propose a schedule window');
  });

  it('says when uploads open and why: at the window, early by an admin, or once scheduled', () => {
    const linesOf = (uploads: TProviderAssignment['uploads']) =>
      renderJob({ ...ACCEPTED, uploads }).container.querySelector('[data-testid="uploads-opening"]')?.textContent ?? '';
    expect(linesOf({ open: false, opensAt: null, openedEarly: false })).toBe(
      'Uploads open when the capture window starts, once the schedule is confirmed.',
    );
    expect(linesOf({ open: false, opensAt: '2030-01-02T09:00:00.000Z', openedEarly: false })).toMatch(
      /^Uploads open .*2030.*, when the capture window starts\. Need them sooner\? Ask the SpaceCapture team: an admin can open them early\.$/,
    );
    expect(linesOf({ open: true, opensAt: null, openedEarly: true })).toBe(
      'Uploads are open: an admin opened them early.',
    );
    expect(linesOf({ open: true, opensAt: null, openedEarly: false })).toBe('Uploads are open.');
  });

  it('lists every proposed window while the customer picks, not only the first', () => {
    const card = renderJob({
      ...ACCEPTED,
      proposedStart: '2030-01-02T09:00:00.000Z',
      proposedEnd: '2030-01-02T12:00:00.000Z',
      proposedWindows: [
        { start: '2030-01-02T09:00:00.000Z', end: '2030-01-02T12:00:00.000Z' },
        { start: '2030-01-04T13:00:00.000Z', end: '2030-01-04T16:00:00.000Z' },
      ],
    });
    const text = card.container.textContent ?? '';
    expect(text).toContain('Proposed windows:');
    expect(text).toMatch(/Jan 2, 2030.*·.*Jan 4, 2030/);
    expect(text).toContain("(awaiting the customer's pick or confirmation)");
  });
});
