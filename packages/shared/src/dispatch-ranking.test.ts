import { describe, expect, it } from 'vitest';
import {
  busyRange,
  distanceKm,
  rankProviders,
  scoreProviders,
  screenProviders,
  type TRankingCandidate,
  type TRankingOrder,
} from './dispatch-ranking.ts';

const now = new Date('2026-12-01T09:00:00Z');
const leeds = { lat: 53.7997, lon: -1.5492 };
const york = { lat: 53.959, lon: -1.0815 };
const london = { lat: 51.5072, lon: -0.1276 };

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));

function candidate(overrides: Partial<TRankingCandidate> & { name: string }): TRankingCandidate {
  return {
    id: overrides.name.toLowerCase(),
    deviceModels: ['PRO3'],
    certifications: [{ status: 'active', expiry: '2027-06-30T00:00:00.000Z' }],
    availability: {
      workingHours: weekdays,
      blockedDates: [],
      jobsPerDay: 2,
      bases: [{ label: 'Leeds', ...leeds, radiusKm: 60 }],
    },
    busy: [],
    openJobs: 0,
    ratings: { count: 0, sum: 0 },
    offers: { answered: 0, accepted: 0 },
    deliveries: { due: 0, onTime: 0 },
    ...overrides,
  };
}

// Thursday 3 December 2026, 09:00–13:00 in London (GMT in winter).
const order: TRankingOrder = {
  captureType: '3d-model',
  location: 'Leeds, Park Row 1',
  place: { ...leeds, timeZone: 'Europe/London' },
  windows: [{ start: '2026-12-03T09:00:00Z', end: '2026-12-03T13:00:00Z' }],
};

describe('distanceKm', () => {
  it('measures Leeds to York and Leeds to London as the crow flies', () => {
    expect(Math.round(distanceKm(leeds, york))).toBe(35);
    expect(Math.round(distanceKm(leeds, london))).toBe(272);
  });
});

describe('rankProviders', () => {
  it('ranks the nearer, better-rated, more reliable provider first and names every factor', () => {
    const { ranked, out } = rankProviders(
      order,
      [
        candidate({
          name: 'York',
          availability: {
            workingHours: weekdays,
            blockedDates: [],
            jobsPerDay: 2,
            bases: [{ label: 'York', ...york, radiusKm: 60 }],
          },
        }),
        candidate({
          name: 'Leeds',
          ratings: { count: 4, sum: 19 },
          offers: { answered: 5, accepted: 5 },
          deliveries: { due: 4, onTime: 4 },
        }),
      ],
      { now },
    );
    expect(out).toEqual([]);
    expect(ranked.map((provider) => [provider.rank, provider.name])).toEqual([
      [1, 'Leeds'],
      [2, 'York'],
    ]);
    const [leedsProvider, yorkProvider] = ranked;
    expect(leedsProvider?.score).toBeGreaterThan(yorkProvider?.score ?? 100);
    const reasons = Object.fromEntries(leedsProvider?.factors.map((factor) => [factor.factor, factor.reason]) ?? []);
    expect(reasons).toEqual({
      capability: 'Any device can do this capture.',
      certification: 'Certified, valid until 2027-06-30.',
      distance: '0 km from Leeds, within its 60 km radius.',
      availability: 'Free in 1 of 1 preferred window.',
      load: '0 open jobs of about 10 a week.',
      rating: 'Rated 4.8 of 5 by 4 customers.',
      acceptance: 'Accepted 5 of 5 offers (100%).',
      onTime: 'Delivered 4 of 4 jobs on time (100%).',
    });
    expect(yorkProvider?.factors.find((factor) => factor.factor === 'distance')?.reason).toBe(
      '35 km from York, within its 60 km radius.',
    );
  });

  it('puts out, with the reason, a provider whose certification expired before the job', () => {
    const { ranked, out } = rankProviders(
      order,
      [candidate({ name: 'Lapsed', certifications: [{ status: 'active', expiry: '2026-12-02T00:00:00.000Z' }] })],
      { now },
    );
    expect(ranked).toEqual([]);
    expect(out).toEqual([
      { id: 'lapsed', name: 'Lapsed', reasons: ['Certification expired on 2026-12-02, before the job on 2026-12-03.'] },
    ]);
  });

  it('puts out a provider beyond every base radius, a fully booked one and a clashing one', () => {
    const { ranked, out } = rankProviders(
      order,
      [
        candidate({
          name: 'London',
          availability: {
            workingHours: weekdays,
            blockedDates: [],
            jobsPerDay: 2,
            bases: [{ label: 'London', ...london, radiusKm: 50 }],
          },
        }),
        candidate({
          name: 'Booked',
          busy: [
            { start: '2026-12-03T14:00:00Z', end: '2026-12-03T15:00:00Z' },
            { start: '2026-12-03T15:00:00Z', end: '2026-12-03T16:00:00Z' },
          ],
        }),
        candidate({ name: 'Clash', busy: [{ start: '2026-12-03T08:30:00Z', end: '2026-12-03T12:30:00Z' }] }),
        candidate({
          name: 'Blocked',
          availability: {
            workingHours: weekdays,
            blockedDates: ['2026-12-03'],
            jobsPerDay: 2,
            bases: [{ label: 'Leeds', ...leeds, radiusKm: 60 }],
          },
        }),
      ],
      { now },
    );
    expect(ranked).toEqual([]);
    expect(Object.fromEntries(out.map((provider) => [provider.name, provider.reasons]))).toEqual({
      London: ['272 km from the nearest base (London), beyond its 50 km radius.'],
      Booked: ['Fully booked on 2026-12-03 (2 of 2 jobs).'],
      Clash: ['Clashes with a confirmed job on 2026-12-03 08:30–12:30.'],
      Blocked: ['Blocked on 2026-12-03.'],
    });
  });

  it('keeps a provider free in one of two windows, scoring the availability by share', () => {
    const twoWindows = {
      ...order,
      windows: [{ start: '2026-12-05T09:00:00Z', end: '2026-12-05T12:00:00Z' }, ...order.windows],
    };
    const { ranked } = rankProviders(twoWindows, [candidate({ name: 'Weekdays' })], { now });
    const availability = ranked[0]?.factors.find((factor) => factor.factor === 'availability');
    expect(availability).toEqual({
      factor: 'availability',
      points: 10,
      max: 20,
      reason: 'Free in 1 of 2 preferred windows.',
    });
  });

  it('reads working hours in the order’s time zone', () => {
    // 09:00–13:00 UTC is 10:00–14:00 in Berlin: a provider working 08:00–10:30 there has 30 minutes, not enough.
    const berlinOrder: TRankingOrder = { ...order, place: { ...leeds, timeZone: 'Europe/Berlin' } };
    const early = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '10:30' }));
    const { out } = rankProviders(
      berlinOrder,
      [
        candidate({
          name: 'Early',
          availability: {
            workingHours: early,
            blockedDates: [],
            jobsPerDay: 2,
            bases: [{ label: 'Leeds', ...leeds, radiusKm: 60 }],
          },
        }),
      ],
      { now },
    );
    expect(out[0]?.reasons).toEqual(['Works 08:00–10:30 on 2026-12-03, outside the window.']);
  });

  it('judges distance by geography alone: an unplaced order or a provider without a base is out, whatever its regions', () => {
    const unplaced: TRankingOrder = { ...order, place: null, captureType: 'point-cloud' };
    const { ranked, out } = rankProviders(
      unplaced,
      [
        candidate({ name: 'Kent', deviceModels: ['PRO3'], certifications: [] }),
        candidate({ name: 'Yorkshire', deviceModels: ['MEGA'] }),
      ],
      { now },
    );
    expect(ranked).toEqual([]);
    expect(out).toEqual([
      {
        id: 'kent',
        name: 'Kent',
        reasons: [
          'Point clouds need a META or MEGA device.',
          'No active certification.',
          'Order not placed on the map: set its place to judge distance.',
        ],
      },
      {
        id: 'yorkshire',
        name: 'Yorkshire',
        reasons: ['Order not placed on the map: set its place to judge distance.'],
      },
    ]);

    const baseless = rankProviders(
      order,
      [
        candidate({
          name: 'Nowhere',
          availability: { workingHours: weekdays, blockedDates: [], jobsPerDay: 2, bases: [] },
        }),
      ],
      { now },
    );
    expect(baseless.out).toEqual([{ id: 'nowhere', name: 'Nowhere', reasons: ['No service base recorded.'] }]);
  });

  it('without preferred windows, checks no availability and gives half its points', () => {
    const { ranked } = rankProviders({ ...order, windows: [] }, [candidate({ name: 'Any' })], { now });
    expect(ranked[0]?.factors.find((factor) => factor.factor === 'availability')).toEqual({
      factor: 'availability',
      points: 10,
      max: 20,
      reason: 'No preferred windows given: not checked.',
    });
  });
});

describe('busyRange', () => {
  it('runs from the start of the first local day the windows touch to the end of the last', () => {
    // 22:30 on 2 June to 10:00 on 3 June in London (BST): the local days 2 and 3 June.
    const summer: TRankingOrder = {
      ...order,
      windows: [{ start: '2027-06-02T21:30:00Z', end: '2027-06-03T09:00:00Z' }],
    };
    expect(busyRange(summer)).toEqual({ from: '2027-06-01T23:00:00.000Z', to: '2027-06-03T23:00:00.000Z' });
    expect(busyRange({ ...order, windows: [] })).toBeNull();
  });

  it('leaves the ranking as it is when the jobs outside it are left out', () => {
    const twoWindows: TRankingOrder = {
      ...order,
      windows: [...order.windows, { start: '2026-12-07T13:00:00Z', end: '2026-12-07T17:00:00Z' }],
    };
    const range = busyRange(twoWindows)!;
    // Jobs about every eleven hours from 1 to 10 December, shifted per provider: some clash, some
    // fill a day, some leave room.
    const candidates = Array.from({ length: 12 }, (_, index) =>
      candidate({
        name: `Provider ${index}`,
        busy: Array.from({ length: 20 }, (_, slot) => {
          const start = Date.parse('2026-12-01T00:00:00Z') + (slot * 11 + index * 2) * 3_600_000;
          return {
            start: new Date(start).toISOString(),
            end: new Date(start + (1 + (index % 4)) * 3_600_000).toISOString(),
          };
        }).filter((_, slot) => (slot + index) % 3 !== 0),
      }),
    );
    const inRange = candidates.map((one) => ({
      ...one,
      busy: one.busy.filter((job) => job.end > range.from && job.start < range.to),
    }));
    const full = rankProviders(twoWindows, candidates, { now });
    expect(inRange.some((one, index) => one.busy.length < candidates[index]!.busy.length)).toBe(true);
    expect(full.ranked.length).toBeGreaterThan(0);
    expect(full.out.length).toBeGreaterThan(0);
    expect(rankProviders(twoWindows, inRange, { now })).toEqual(full);
  });
});

describe('screenProviders and scoreProviders', () => {
  it('screens on the profile alone, then scores with the records given, a provider without one as new', () => {
    const screening = screenProviders(
      order,
      [candidate({ name: 'Steady' }), candidate({ name: 'Newcomer' }), candidate({ name: 'Bare', deviceModels: [] })],
      { now },
    );
    expect(screening.passed.map(({ profile }) => profile.name)).toEqual(['Steady', 'Newcomer']);
    expect(screening.out.map((provider) => provider.name)).toEqual(['Bare']);
    const records = new Map([
      [
        'steady',
        {
          openJobs: 1,
          ratings: { count: 10, sum: 48 },
          offers: { answered: 10, accepted: 9 },
          deliveries: { due: 10, onTime: 10 },
        },
      ],
    ]);
    const { ranked, out } = scoreProviders(screening, records);
    expect(ranked.map((provider) => [provider.rank, provider.name])).toEqual([
      [1, 'Steady'],
      [2, 'Newcomer'],
    ]);
    expect(ranked[1]?.factors.slice(4).map((factor) => factor.reason)).toEqual([
      '0 open jobs of about 10 a week.',
      'No ratings yet.',
      'No offers answered yet.',
      'No deliveries due yet.',
    ]);
    expect(out).toBe(screening.out);
  });
});
