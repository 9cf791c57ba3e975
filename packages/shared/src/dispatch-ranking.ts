import { validCertificationAt } from './certification-validity.ts';
import { providerFitsCaptureType } from './provider-fit.ts';
import { instantOf, localDayOf, localTimeOf, nextDate } from './zoned-time.ts';

/**
 * Which providers can take an order and in what order (decision 125). Pure functions over what
 * the server loaded: no I/O, so the rule is tested alone and the bench measures the SQL apart.
 * Two steps, so the server reads providers' records only for those that pass (decision 170):
 * `screenProviders` applies the hard checks to every provider's profile, `scoreProviders` scores
 * the ones left with their records; `rankProviders` is both.
 *
 * A provider is out, with every reason, when:
 * - none of its devices can do the capture type (provider-fit.ts);
 * - it has no active certification valid on the job's date (the last preferred window's end, else now);
 * - the order is not placed on the map, the provider has no service base, or every base is
 *   farther than its radius: geography alone decides where a provider works, never region names
 *   read against the address text (decision 200);
 * - the customer gave windows and the provider is free in none of them: blocked date, outside its
 *   working hours, its jobs per day reached, or a clash with one of its confirmed jobs.
 * The others are ranked by a score out of 100 with one reason per factor (DISPATCH_WEIGHTS).
 */

export const DISPATCH_WEIGHTS = {
  distance: 25,
  availability: 20,
  load: 15,
  rating: 15,
  acceptance: 15,
  onTime: 10,
} as const;

/** The shortest free stretch that counts as room for a capture. */
export const MIN_SLOT_MINUTES = 60;
/** A window longer than this many days is looked at for its first days only. */
const MAX_WINDOW_DAYS = 14;
/** Without recorded jobs per day, the load is measured against this many open jobs. */
const DEFAULT_CAPACITY = 5;

export type TRankingWindow = { start: string; end: string };

export type TRankingOrder = {
  captureType: string;
  location: string;
  place: { lat: number; lon: number; timeZone: string } | null;
  windows: readonly TRankingWindow[];
};

export type TRankingAvailability = {
  workingHours: readonly { weekday: number; start: string; end: string }[];
  blockedDates: readonly string[];
  jobsPerDay: number;
  bases: readonly { label: string; lat: number; lon: number; radiusKm: number }[];
};

/**
 * What decides whether a provider can take the order at all: read for every active provider.
 */
export type TRankingProfile = {
  id: string;
  name: string;
  deviceModels: readonly string[];
  certifications: readonly { status: string; expiry: string | null }[];
  availability: TRankingAvailability | null;
  /**
   * Its confirmed jobs (accepted with a schedule) that end after now; the loader may leave out
   * those outside `busyRange(order)`, as they change nothing.
   */
  busy: readonly TRankingWindow[];
};

/** What orders the providers that can take it: read only for those (decision 170). */
export type TRankingRecord = {
  /** Jobs accepted and not yet delivered. */
  openJobs: number;
  ratings: { count: number; sum: number };
  offers: { answered: number; accepted: number };
  deliveries: { due: number; onTime: number };
};

export type TRankingCandidate = TRankingProfile & TRankingRecord;

const NO_RECORD: TRankingRecord = {
  openJobs: 0,
  ratings: { count: 0, sum: 0 },
  offers: { answered: 0, accepted: 0 },
  deliveries: { due: 0, onTime: 0 },
};

export type TRankingFactorName = 'capability' | 'certification' | 'distance' | 'availability' | TWeightedFactor;
type TWeightedFactor = keyof typeof DISPATCH_WEIGHTS;

export type TRankingFactor = { factor: TRankingFactorName; points: number; max: number; reason: string };
export type TRankedProvider = {
  id: string;
  name: string;
  rank: number;
  score: number;
  distanceKm: number | null;
  factors: TRankingFactor[];
};
export type TOutProvider = { id: string; name: string; reasons: string[] };
export type TDispatchRanking = { ranked: TRankedProvider[]; out: TOutProvider[] };

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One collator for every comparison of names: `localeCompare` builds one per call. */
const byName = new Intl.Collator().compare;
const round1 = (value: number) => Math.round(value * 10) / 10;
const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type TCheck = { out: string | null; factor: TRankingFactor | null; distanceKm?: number | null };

function checkCertification(candidate: TRankingProfile, onDate: number, day: string): TCheck {
  const active = candidate.certifications.filter((cert) => cert.status === 'active' || cert.status === 'expired');
  const valid = validCertificationAt(active, onDate);
  if (valid) {
    const until = valid.expiry ? `valid until ${valid.expiry.slice(0, 10)}` : 'without expiry';
    return {
      out: null,
      factor: { factor: 'certification', points: 0, max: 0, reason: `Certified, ${until}.` },
    };
  }
  const lapsed = active
    .map((cert) => cert.expiry)
    .filter((expiry): expiry is string => expiry !== null)
    .sort()
    .at(-1);
  return {
    out: lapsed
      ? `Certification expired on ${lapsed.slice(0, 10)}, before the job on ${day}.`
      : 'No active certification.',
    factor: null,
  };
}

/** Why distance cannot be judged; the provider is out until the missing fact is recorded. */
export const DISTANCE_UNKNOWN = {
  orderNotPlaced: 'Order not placed on the map: set its place to judge distance.',
  noServiceBase: 'No service base recorded.',
} as const;

function checkDistance(order: TRankingOrder, candidate: TRankingProfile): TCheck {
  const max = DISPATCH_WEIGHTS.distance;
  const bases = candidate.availability?.bases ?? [];
  if (!order.place) return { out: DISTANCE_UNKNOWN.orderNotPlaced, factor: null };
  if (bases.length === 0) return { out: DISTANCE_UNKNOWN.noServiceBase, factor: null };
  const place = order.place;
  let best: { base: (typeof bases)[number]; km: number; share: number } | null = null;
  let nearest: { base: (typeof bases)[number]; km: number } | null = null;
  for (const base of bases) {
    const km = distanceKm(place, base);
    if (!nearest || km < nearest.km) nearest = { base, km };
    const share = km / base.radiusKm;
    if (share <= 1 && (!best || share < best.share)) best = { base, km, share };
  }
  if (!best) {
    const far = nearest as { base: (typeof bases)[number]; km: number };
    return {
      out: `${Math.round(far.km)} km from the nearest base (${far.base.label}), beyond its ${far.base.radiusKm} km radius.`,
      factor: null,
    };
  }
  return {
    out: null,
    distanceKm: round1(best.km),
    factor: {
      factor: 'distance',
      points: round1(max * (1 - best.share)),
      max,
      reason: `${Math.round(best.km)} km from ${best.base.label}, within its ${best.base.radiusKm} km radius.`,
    },
  };
}

type TBusy = { start: number; end: number; date: string };
type TDayVerdict = { free: true } | { free: false; reason: string };

/** The ranking's cache of local instants: the same day and hour is looked up once per call. */
function createInstants(timeZone: string) {
  const cache = new Map<string, number>();
  return (date: string, time: string) => {
    const key = `${date}T${time}`;
    let instant = cache.get(key);
    if (instant === undefined) {
      instant = instantOf(date, time, timeZone);
      cache.set(key, instant);
    }
    return instant;
  };
}

type TWindowDay = { date: string; weekday: number; start: number; end: number; dayStart: number; dayEnd: number };

/** The local days a window touches, each cut to the window. */
function daysOf(window: { start: number; end: number }, timeZone: string, at: (date: string, time: string) => number) {
  const days: TWindowDay[] = [];
  let { date, weekday } = localDayOf(window.start, timeZone);
  for (let index = 0; index < MAX_WINDOW_DAYS; index += 1) {
    const dayStart = at(date, '00:00');
    if (dayStart >= window.end) break;
    const next = nextDate(date);
    const dayEnd = at(next, '00:00');
    days.push({
      date,
      weekday,
      start: Math.max(window.start, dayStart),
      end: Math.min(window.end, dayEnd),
      dayStart,
      dayEnd,
    });
    date = next;
    weekday = (weekday % 7) + 1;
  }
  return days;
}

function hasFreeStretch(from: number, to: number, busy: readonly TBusy[]) {
  const slot = MIN_SLOT_MINUTES * 60_000;
  let cursor = from;
  for (const job of busy) {
    if (job.end <= cursor || job.start >= to) continue;
    if (job.start - cursor >= slot) return true;
    cursor = Math.max(cursor, job.end);
  }
  return to - cursor >= slot;
}

function judgeDay(
  day: TWindowDay,
  availability: TRankingAvailability | null,
  busy: readonly TBusy[],
  timeZone: string,
  at: (date: string, time: string) => number,
): TDayVerdict {
  let from = day.start;
  let to = day.end;
  if (availability) {
    if (availability.blockedDates.includes(day.date)) return { free: false, reason: `Blocked on ${day.date}.` };
    const hours = availability.workingHours.find((entry) => entry.weekday === day.weekday);
    if (!hours) return { free: false, reason: `Does not work on ${WEEKDAYS[day.weekday]}s (${day.date}).` };
    from = Math.max(from, at(day.date, hours.start));
    to = Math.min(to, at(day.date, hours.end));
    if (to - from < MIN_SLOT_MINUTES * 60_000) {
      return { free: false, reason: `Works ${hours.start}–${hours.end} on ${day.date}, outside the window.` };
    }
    const booked = busy.filter((job) => job.date === day.date).length;
    if (booked >= availability.jobsPerDay) {
      return { free: false, reason: `Fully booked on ${day.date} (${booked} of ${availability.jobsPerDay} jobs).` };
    }
  }
  if (hasFreeStretch(from, to, busy)) return { free: true };
  const clash = busy.find((job) => job.start < to && job.end > from) as TBusy;
  return {
    free: false,
    reason: `Clashes with a confirmed job on ${day.date} ${localTimeOf(clash.start, timeZone)}–${localTimeOf(clash.end, timeZone)}.`,
  };
}

/**
 * A job's local date among the windows' days (found by comparing instants, without the time-zone
 * lookup per job); a job on no window day gets none and never counts towards a day's jobs.
 */
function busyOf(candidate: TRankingProfile, days: readonly TWindowDay[]): TBusy[] {
  const busy: TBusy[] = [];
  for (const job of candidate.busy) {
    const start = Date.parse(job.start);
    const end = Date.parse(job.end);
    const day = days.find((entry) => start >= entry.dayStart && start < entry.dayEnd);
    busy.push({ start, end, date: day ? day.date : '' });
  }
  return busy.sort((a, b) => a.start - b.start);
}

function checkAvailability(
  windowDays: readonly (readonly TWindowDay[])[],
  allDays: readonly TWindowDay[],
  candidate: TRankingProfile,
  timeZone: string,
  at: (date: string, time: string) => number,
): TCheck {
  const max = DISPATCH_WEIGHTS.availability;
  if (windowDays.length === 0) {
    return {
      out: null,
      factor: { factor: 'availability', points: max / 2, max, reason: 'No preferred windows given: not checked.' },
    };
  }
  const busy = busyOf(candidate, allDays);
  const reasons = new Set<string>();
  let freeWindows = 0;
  for (const days of windowDays) {
    let free = false;
    for (const day of days) {
      const verdict = judgeDay(day, candidate.availability, busy, timeZone, at);
      if (verdict.free) {
        free = true;
        break;
      }
      reasons.add(verdict.reason);
    }
    if (free) freeWindows += 1;
  }
  if (freeWindows === 0) return { out: [...reasons].slice(0, 3).join(' '), factor: null };
  const windows = windowDays.length;
  const share = freeWindows / windows;
  const known = candidate.availability !== null;
  const counted = `Free in ${freeWindows} of ${windows} preferred window${windows === 1 ? '' : 's'}`;
  return {
    out: null,
    factor: {
      factor: 'availability',
      points: round1(max * share * (known ? 1 : 0.5)),
      max,
      reason: known ? `${counted}.` : `${counted} (no working hours recorded: clashes checked only).`,
    },
  };
}

/** A rate pulled towards `prior` while there is little to go on: (hits + prior·2) / (n + 2). */
const smoothed = (hits: number, n: number, prior: number) => (hits + prior * 2) / (n + 2);

function weightedFactors(profile: TRankingProfile, record: TRankingRecord): TRankingFactor[] {
  const capacity = profile.availability ? profile.availability.jobsPerDay * 5 : DEFAULT_CAPACITY;
  const { openJobs, ratings, offers, deliveries } = record;
  const load = Math.max(0, 1 - openJobs / capacity);
  const rating = smoothed(ratings.sum, ratings.count, 3.5);
  const acceptance = smoothed(offers.accepted, offers.answered, 0.5);
  const onTime = smoothed(deliveries.onTime, deliveries.due, 0.5);
  const percent = (hits: number, n: number) => `${Math.round((hits / n) * 100)}%`;
  return [
    {
      factor: 'load',
      points: round1(DISPATCH_WEIGHTS.load * load),
      max: DISPATCH_WEIGHTS.load,
      reason: `${openJobs} open job${openJobs === 1 ? '' : 's'} of about ${capacity} a week.`,
    },
    {
      factor: 'rating',
      points: round1(DISPATCH_WEIGHTS.rating * ((rating - 1) / 4)),
      max: DISPATCH_WEIGHTS.rating,
      reason:
        ratings.count === 0
          ? 'No ratings yet.'
          : `Rated ${round1(ratings.sum / ratings.count)} of 5 by ${ratings.count} customer${ratings.count === 1 ? '' : 's'}.`,
    },
    {
      factor: 'acceptance',
      points: round1(DISPATCH_WEIGHTS.acceptance * acceptance),
      max: DISPATCH_WEIGHTS.acceptance,
      reason:
        offers.answered === 0
          ? 'No offers answered yet.'
          : `Accepted ${offers.accepted} of ${offers.answered} offers (${percent(offers.accepted, offers.answered)}).`,
    },
    {
      factor: 'onTime',
      points: round1(DISPATCH_WEIGHTS.onTime * onTime),
      max: DISPATCH_WEIGHTS.onTime,
      reason:
        deliveries.due === 0
          ? 'No deliveries due yet.'
          : `Delivered ${deliveries.onTime} of ${deliveries.due} jobs on time (${percent(deliveries.onTime, deliveries.due)}).`,
    },
  ];
}

/** The window days of an order's preferred windows, each cut to its window, in the place's zone. */
function windowDaysOf(order: TRankingOrder, at: (date: string, time: string) => number) {
  const timeZone = order.place?.timeZone ?? 'UTC';
  const windows = order.windows
    .map((window) => ({ start: Date.parse(window.start), end: Date.parse(window.end) }))
    .filter((window) => window.end > window.start);
  return { windows, windowDays: windows.map((window) => daysOf(window, timeZone, at)) };
}

/**
 * The stretch a confirmed job must overlap to matter to the availability check: from the start of
 * the first local day the preferred windows touch to the end of the last. Null without windows,
 * when availability is not checked and no job matters.
 */
export function busyRange(order: TRankingOrder): { from: string; to: string } | null {
  const at = createInstants(order.place?.timeZone ?? 'UTC');
  const days = windowDaysOf(order, at).windowDays.flat();
  if (days.length === 0) return null;
  const from = Math.min(...days.map((day) => day.dayStart));
  const to = Math.max(...days.map((day) => day.dayEnd));
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** A provider that can take the order, with the factors its checks gave. */
export type TScreenedProvider = {
  profile: TRankingProfile;
  distanceKm: number | null;
  factors: TRankingFactor[];
};
export type TScreening = { passed: TScreenedProvider[]; out: TOutProvider[] };

/**
 * The hard checks (capability, certification, distance, availability): who can take the order,
 * and every reason each of the others cannot. Sorted by name, the out list as the admin reads it.
 */
export function screenProviders(
  order: TRankingOrder,
  profiles: readonly TRankingProfile[],
  options: { now: Date },
): TScreening {
  const timeZone = order.place?.timeZone ?? 'UTC';
  const at = createInstants(timeZone);
  // The same for every provider: each window's local days, looked up once.
  const { windows, windowDays } = windowDaysOf(order, at);
  const allDays = windowDays.flat();
  const jobDate = windows.length > 0 ? Math.max(...windows.map((window) => window.end)) : options.now.getTime();
  const jobDay = new Date(jobDate).toISOString().slice(0, 10);

  const passed: TScreenedProvider[] = [];
  const out: TOutProvider[] = [];
  for (const profile of profiles) {
    const capability = providerFitsCaptureType(order.captureType, profile.deviceModels);
    const checks: TCheck[] = [
      {
        out: capability.fits ? null : capability.reason,
        factor: { factor: 'capability', points: 0, max: 0, reason: capability.reason },
      },
      checkCertification(profile, jobDate, jobDay),
      checkDistance(order, profile),
      checkAvailability(windowDays, allDays, profile, timeZone, at),
    ];
    const reasons = checks.map((check) => check.out).filter((reason): reason is string => reason !== null);
    if (reasons.length > 0) {
      out.push({ id: profile.id, name: profile.name, reasons });
      continue;
    }
    passed.push({
      profile,
      distanceKm: checks[2]?.distanceKm ?? null,
      factors: checks.map((check) => check.factor).filter((factor): factor is TRankingFactor => factor !== null),
    });
  }
  out.sort((a, b) => byName(a.name, b.name));
  return { passed, out };
}

/**
 * The providers that passed the checks, scored out of 100 with the weighted factors of their
 * record (a provider without one is scored as new), best first.
 */
export function scoreProviders(screening: TScreening, records: ReadonlyMap<string, TRankingRecord>): TDispatchRanking {
  const scored = screening.passed.map(({ profile, distanceKm, factors: checked }) => {
    const factors = [...checked, ...weightedFactors(profile, records.get(profile.id) ?? NO_RECORD)];
    return {
      id: profile.id,
      name: profile.name,
      score: round1(factors.reduce((total, factor) => total + factor.points, 0)),
      distanceKm,
      factors,
    };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY) ||
      byName(a.name, b.name),
  );
  return { ranked: scored.map((provider, index) => ({ ...provider, rank: index + 1 })), out: screening.out };
}

/** Both steps over candidates that carry their records. */
export function rankProviders(
  order: TRankingOrder,
  candidates: readonly TRankingCandidate[],
  options: { now: Date },
): TDispatchRanking {
  const records = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  return scoreProviders(screenProviders(order, candidates, options), records);
}
