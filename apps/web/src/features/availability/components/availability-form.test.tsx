import type { TProviderAvailabilityRequest } from '@spacecapture/shared/contracts/dispatch';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileContext } from '../../../lib/auth/profile-context.ts';
import { providerProfileOf } from '../../../test/provider-fixtures.ts';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { AvailabilityPanel } from './availability-form.tsx';

/** The provider's availability (decision 124): a first setting, its checks, and what others see. */

const BRISTOL = {
  id: 'BristolPlace',
  label: 'Bristol, England, GB',
  name: 'Bristol',
  region: 'England',
  country: 'GB',
  postcode: '',
  lat: 51.45523,
  lon: -2.59665,
  timeZone: 'Europe/London',
  population: 617280,
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = () => document.body.textContent ?? '';
function labelled(label: string) {
  const found = [...document.querySelectorAll<HTMLInputElement>('input')].find(
    (input) => input.getAttribute('aria-label') === label || input.labels?.[0]?.textContent?.startsWith(label),
  );
  if (!found) throw new Error(`no input ${label}`);
  return found;
}
function button(name: string) {
  const found = [...document.querySelectorAll('button')].find((item) => item.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

describe('AvailabilityPanel', () => {
  it('lets a provider admin set hours, a day off and a base picked from the list, and sends them', async () => {
    let saved: TProviderAvailabilityRequest | null = null;
    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_admin')}>
        <AvailabilityPanel />
      </ProfileContext>,
      (call) => {
        if (call.url.startsWith('/api/places')) return { status: 200, body: { items: [BRISTOL] } };
        if (call.method === 'PUT') {
          saved = call.body as TProviderAvailabilityRequest;
          return { status: 200, body: { availability: saved } };
        }
        return { status: 200, body: { availability: null } };
      },
    );
    await waitFor(() => expect(text()).toContain('Save availability'));
    // Weekdays are worked by default; Saturday is added with its own hours.
    act(() => labelled('Saturday').click());
    typeInto(labelled('Saturday from'), '10:00');
    typeInto(labelled('Saturday until'), '14:00');
    typeInto(labelled('Jobs per day'), '3');
    const daysOff = document.querySelector<HTMLTextAreaElement>('textarea')!;
    typeInto(daysOff, '2027-12-24\n2027-12-25');

    // A base must be chosen from the list: typed text alone is refused before anything is sent.
    const base = labelled('Base 1');
    act(() => base.focus());
    typeInto(base, 'bris');
    await act(async () => button('Save availability').click());
    expect(text()).toContain('Base 1: Choose the base from the list.');
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);

    act(() => base.focus());
    typeInto(base, 'brist');
    await waitFor(() => expect(document.querySelectorAll('[role="option"]')).toHaveLength(1));
    act(() => document.querySelector<HTMLElement>('[role="option"]')?.click());
    await waitFor(() => expect(base.value).toBe('Bristol, England, GB'));
    typeInto(labelled('Radius (km)'), '80');
    await act(async () => button('Save availability').click());

    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toEqual({
      workingHours: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
        { weekday: 3, start: '09:00', end: '17:00' },
        { weekday: 4, start: '09:00', end: '17:00' },
        { weekday: 5, start: '09:00', end: '17:00' },
        { weekday: 6, start: '10:00', end: '14:00' },
      ],
      blockedDates: ['2027-12-24', '2027-12-25'],
      jobsPerDay: 3,
      bases: [{ label: 'Bristol, England, GB', lat: 51.45523, lon: -2.59665, radiusKm: 80 }],
    });
    await waitFor(() => expect(text()).toContain('Availability saved'));
    expect(text()).toContain('Sat 10:00–14:00');
    expect(text()).toContain('Bristol, England, GB (within 80 km)');
  });

  it('refuses hours that end before they start and a radius beyond 500 km', async () => {
    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_admin')}>
        <AvailabilityPanel />
      </ProfileContext>,
      () => ({
        status: 200,
        body: {
          availability: {
            workingHours: [{ weekday: 1, start: '09:00', end: '17:00' }],
            blockedDates: [],
            jobsPerDay: 2,
            bases: [{ label: 'Bristol, England, GB', lat: 51.45, lon: -2.59, radiusKm: 50 }],
          },
        },
      }),
    );
    await waitFor(() => expect(text()).toContain('Edit availability'));
    act(() => button('Edit availability').click());
    typeInto(labelled('Monday until'), '08:00');
    typeInto(labelled('Radius (km)'), '900');
    await act(async () => button('Save availability').click());
    expect(text()).toContain('Working hours: Working hours end after they start.');
    expect(text()).toContain('Base 1: The radius is from 1 to 500 km.');
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows other members the availability without a form', async () => {
    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_user')}>
        <AvailabilityPanel />
      </ProfileContext>,
      () => ({
        status: 200,
        body: {
          availability: {
            workingHours: [{ weekday: 2, start: '08:00', end: '12:00' }],
            blockedDates: ['2027-01-01'],
            jobsPerDay: 1,
            bases: [{ label: 'Bristol, England, GB', lat: 51.45, lon: -2.59, radiusKm: 50 }],
          },
        },
      }),
    );
    await waitFor(() => expect(text()).toContain('Tue 08:00–12:00'));
    expect(text()).toContain('2027-01-01');
    expect(text()).not.toContain('Edit availability');
    expect(document.querySelector('input')).toBeNull();
  });
});
