import { schema, type TExecutor } from '@spacecapture/db/client';
import type {
  TRankingAvailability,
  TRankingProfile,
  TRankingRecord,
  TRankingWindow,
} from '@spacecapture/shared/dispatch-ranking';
import { eq, sql } from 'drizzle-orm';

/**
 * The dispatch module's SQL: provider availability (its table's only writer) and what the ranking
 * reads: every provider's profile in one statement, then the records of those that can take the
 * order in a second (decisions 125, 170).
 */

const { providerAvailability } = schema;

export type TAvailabilityRow = typeof providerAvailability.$inferSelect;

export async function findAvailability(db: TExecutor, orgId: string): Promise<TAvailabilityRow | undefined> {
  const [row] = await db.select().from(providerAvailability).where(eq(providerAvailability.orgId, orgId));
  return row;
}

export async function upsertAvailability(
  tx: TExecutor,
  values: Omit<typeof providerAvailability.$inferInsert, 'updatedAt'>,
  now: Date,
): Promise<TAvailabilityRow> {
  const [row] = await tx
    .insert(providerAvailability)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: providerAvailability.orgId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/**
 * One profile as the statement sends it: a positional array rather than an object, so the field
 * names are not repeated a thousand times in the JSON (decision 154). Instants come as JSON
 * encodes a timestamptz (ISO 8601 with the session's offset), without a `to_char` per value.
 */
type TProfileRow = [
  id: string,
  name: string,
  models: string[] | null,
  certs: [status: string, expiry: string | null][] | null,
  workingHours: TRankingAvailability['workingHours'] | null,
  blockedDates: string[] | null,
  jobsPerDay: number | null,
  bases: TRankingAvailability['bases'] | null,
];

type TRecordRow = [
  id: string,
  openJobs: number | null,
  answered: number | null,
  accepted: number | null,
  due: number | null,
  onTime: number | null,
  ratingCount: number | null,
  ratingSum: number | null,
];

/** A profile as it stands between two changes to the provider tables: without the jobs. */
type TStandingProfile = Omit<TRankingProfile, 'busy'>;

const utc = (instant: string) => new Date(instant).toISOString();

/**
 * A stamp of every table a profile is read from: per table its row count and the sum of its
 * rows' transaction ids (`xmin`). An insert, an update (a new row version) and a delete each
 * change it; rows of aborted transactions are not seen. Read in the same statement as what it
 * stamps, so both come from one snapshot.
 */
const STANDING_STAMP = sql.raw(
  `concat_ws(':', ${[
    `organizations where type = 'provider'`,
    'device_inventory',
    'provider_certifications',
    'provider_availability',
  ]
    .map((from) => `(select count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) from ${from})`)
    .join(', ')})`,
);

/**
 * In one statement: the stamp of the standing profiles; the confirmed jobs that end after `now`
 * and overlap `busy` (none without it: with no preferred windows no job matters); and, only when
 * the stamp is not `keptStamp`, every active provider organisation first by name up to `limit`
 * with what the hard checks need apart from its jobs: device models, certifications and
 * availability. The profiles are a subquery
 * in a `case`, so the database builds them only when that branch is taken. Each table is grouped
 * once by organisation, then joined to the providers; the JSON comes back as text and is parsed
 * here once rather than by the driver (on PGlite in its thread) and copied over (decisions 148,
 * 154).
 */
async function loadProfileParts(
  db: TExecutor,
  options: { now: Date; limit: number; busy: { from: string; to: string } | null; keptStamp: string | null },
) {
  const jobs = options.busy
    ? sql`(select json_agg(json_build_array(a.provider_org_id, a.scheduled_start, a.scheduled_end))
        from assignments a join orders o on o.id = a.order_id
        where a.status = 'accepted' and a.scheduled_start < ${options.busy.to}::timestamptz
          and a.scheduled_end > greatest(${options.now.toISOString()}::timestamptz, ${options.busy.from}::timestamptz)
          and o.status <> 'cancelled')`
    : sql`null::json`;
  const result = (await db.execute(sql`
    with stamped as (select ${STANDING_STAMP} as stamp),
    providers as (
      select id, name from organizations where type = 'provider' and status = 'active'
      order by name, id limit ${options.limit}
    ),
    devices as (
      select org_id, array_agg(model) as models from device_inventory group by org_id
    ),
    certs as (
      select org_id, json_agg(json_build_array(status, expiry)) as certs
      from provider_certifications group by org_id
    )
    select stamp, ${jobs}::text as jobs,
      case when stamp is distinct from ${options.keptStamp} then (
        select coalesce(json_agg(json_build_array(p.id, p.name, d.models, c.certs,
          av.working_hours, av.blocked_dates, av.jobs_per_day, av.bases
        ) order by p.name, p.id), '[]'::json)::text
        from providers p
        left join devices d on d.org_id = p.id
        left join certs c on c.org_id = p.id
        left join provider_availability av on av.org_id = p.id
      ) end as profiles
    from stamped
  `)) as unknown as { rows: [{ stamp: string; jobs: string | null; profiles: string | null }] };
  const [row] = result.rows;
  const busy = new Map<string, TRankingWindow[]>();
  for (const [providerId, start, end] of JSON.parse(row.jobs ?? '[]') as [string, string, string][]) {
    const list = busy.get(providerId) ?? [];
    list.push({ start: utc(start), end: utc(end) });
    busy.set(providerId, list);
  }
  return { stamp: row.stamp, busy, standing: row.profiles === null ? null : standingProfilesOf(row.profiles) };
}

function standingProfilesOf(json: string): TStandingProfile[] {
  return (JSON.parse(json) as TProfileRow[]).map(
    ([id, name, models, certs, workingHours, blockedDates, jobsPerDay, bases]) => {
      return {
        id,
        name,
        deviceModels: models ?? [],
        certifications: (certs ?? []).map(([status, expiry]) => ({ status, expiry: expiry && utc(expiry) })),
        availability:
          workingHours && jobsPerDay !== null && bases
            ? { workingHours, blockedDates: blockedDates ?? [], jobsPerDay, bases }
            : null,
      };
    },
  );
}

/**
 * Reads every active provider's profile for the ranking (first by name up to `limit`). The
 * profiles without their jobs change only when a provider's organisation, devices,
 * certifications or availability do, so they are kept between calls and built again
 * only when the stamp of those tables has moved (decision 170); the jobs in the order's range are
 * read every time, in the same statement. Each instance keeps its own: the stamp is in the
 * database, so a change made through another instance is seen too.
 */
export function createProfileReader(db: TExecutor) {
  let kept: { stamp: string; limit: number; profiles: TStandingProfile[] } | undefined;
  return async (options: {
    now: Date;
    limit: number;
    busy: { from: string; to: string } | null;
  }): Promise<TRankingProfile[]> => {
    const keptStamp = kept?.limit === options.limit ? kept.stamp : null;
    const { stamp, busy, standing } = await loadProfileParts(db, { ...options, keptStamp });
    if (standing) kept = { stamp, limit: options.limit, profiles: standing };
    return (kept?.profiles ?? []).map((profile) => ({ ...profile, busy: busy.get(profile.id) ?? [] }));
  };
}

/**
 * The records of the given providers: open jobs, ratings, answered offers and deliveries due and
 * on time (a first deliverable within `graceHours` of the scheduled end). Read only for the
 * providers that passed the hard checks, so a provider's history is aggregated only when it can
 * be ranked (decision 170). A provider without any is left out of the map.
 */
export async function loadRecords(
  db: TExecutor,
  options: { providerIds: readonly string[]; now: Date; graceHours: number },
): Promise<Map<string, TRankingRecord>> {
  if (options.providerIds.length === 0) return new Map();
  const at = sql`${options.now.toISOString()}::timestamptz`;
  const grace = sql`(${options.graceHours} * interval '1 hour')`;
  const ids = sql`${`{${options.providerIds.join(',')}}`}::uuid[]`;
  const result = (await db.execute(sql`
    with firsts as (
      select order_id, min(created_at) as first_at from deliverables group by order_id
    ),
    jobs as (
      select a.provider_org_id,
        count(*) filter (where a.status = 'accepted'
          and o.status in ('assigned', 'scheduled', 'captured', 'changes_requested'))::int as open_jobs,
        count(*) filter (where a.accepted is not null or a.status = 'expired')::int as answered,
        count(*) filter (where a.accepted is true)::int as accepted,
        count(*) filter (where a.accepted is true and a.scheduled_end is not null
          and (f.first_at is not null or a.scheduled_end + ${grace} <= ${at}))::int as due,
        count(*) filter (where a.accepted is true and a.scheduled_end is not null
          and f.first_at <= a.scheduled_end + ${grace})::int as on_time
      from assignments a
      join orders o on o.id = a.order_id
      left join firsts f on f.order_id = a.order_id
      where a.provider_org_id = any(${ids})
      group by a.provider_org_id
    ),
    rated as (
      select provider_org_id, count(*)::int as rating_n, sum(score)::int as rating_sum from ratings
      where provider_org_id = any(${ids})
      group by provider_org_id
    )
    select coalesce(json_agg(json_build_array(coalesce(j.provider_org_id, r.provider_org_id),
      j.open_jobs, j.answered, j.accepted, j.due, j.on_time, r.rating_n, r.rating_sum
    )), '[]'::json)::text as records
    from jobs j full join rated r on r.provider_org_id = j.provider_org_id
  `)) as unknown as { rows: [{ records: string }] };
  const rows = JSON.parse(result.rows[0]?.records ?? '[]') as TRecordRow[];
  return new Map(
    rows.map(([id, openJobs, answered, accepted, due, onTime, ratingCount, ratingSum]) => [
      id,
      {
        openJobs: openJobs ?? 0,
        ratings: { count: ratingCount ?? 0, sum: ratingSum ?? 0 },
        offers: { answered: answered ?? 0, accepted: accepted ?? 0 },
        deliveries: { due: due ?? 0, onTime: onTime ?? 0 },
      },
    ]),
  );
}
