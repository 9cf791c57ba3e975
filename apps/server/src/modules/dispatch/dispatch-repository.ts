import { schema, type TExecutor } from '@spacecapture/db/client';
import type { TRankingAvailability, TRankingCandidate } from '@spacecapture/shared/dispatch-ranking';
import { eq, sql } from 'drizzle-orm';

/**
 * The dispatch module's SQL: provider availability (its table's only writer) and the ranking's
 * candidates, read in one statement (decision 125).
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
): Promise<TAvailabilityRow> {
  const now = new Date();
  const [row] = await tx
    .insert(providerAvailability)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: providerAvailability.orgId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

type TCandidateRow = {
  id: string;
  name: string;
  models: string[] | null;
  certs: [string, string | null][] | null;
  regions: string[] | null;
  working_hours: TRankingAvailability['workingHours'] | null;
  blocked_dates: string[] | null;
  jobs_per_day: number | null;
  bases: TRankingAvailability['bases'] | null;
  busy: [string, string][] | null;
  open_jobs: number | null;
  rating_n: number | null;
  rating_sum: number | null;
  answered: number | null;
  accepted: number | null;
  due: number | null;
  on_time: number | null;
};

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO})`);

/**
 * Every active provider organisation with what the ranking needs, one compact row each: device
 * models, certifications as [status, expiry], regions (service and certification regions),
 * availability, confirmed jobs ending after `now` as [start, end], open jobs, ratings, answered
 * offers and deliveries due and on time (a deliverable within `graceHours` of the scheduled end).
 * One statement: each table is aggregated once by organisation, then joined.
 */
export async function loadCandidates(
  db: TExecutor,
  options: { now: Date; graceHours: number; limit: number },
): Promise<TRankingCandidate[]> {
  const at = options.now.toISOString();
  const grace = sql`(${options.graceHours} * interval '1 hour')`;
  const result = (await db.execute(sql`
    with providers as (
      select id, name from organizations where type = 'provider' and status = 'active'
      order by name, id limit ${options.limit}
    ),
    devices as (
      select org_id, array_agg(model) as models from device_inventory
      where org_id in (select id from providers) group by org_id
    ),
    certs as (
      select org_id,
        json_agg(json_build_array(status, ${iso('expiry')})) as certs,
        array_agg(distinct region) filter (where region is not null) as regions
      from provider_certifications left join lateral unnest(regions) as region on true
      where org_id in (select id from providers) group by org_id
    ),
    firsts as (
      select order_id, min(created_at) as first_at from deliverables
      where order_id in (select order_id from assignments where accepted is true
        and provider_org_id in (select id from providers))
      group by order_id
    ),
    jobs as (
      select a.provider_org_id,
        json_agg(json_build_array(${iso('a.scheduled_start')}, ${iso('a.scheduled_end')}))
          filter (where a.status = 'accepted' and a.scheduled_start is not null
            and a.scheduled_end > ${at}::timestamptz and o.status <> 'cancelled') as busy,
        count(*) filter (where a.status = 'accepted'
          and o.status in ('assigned', 'scheduled', 'captured', 'changes_requested'))::int as open_jobs,
        count(*) filter (where a.accepted is not null or a.status = 'expired')::int as answered,
        count(*) filter (where a.accepted is true)::int as accepted,
        count(*) filter (where a.accepted is true and a.scheduled_end is not null
          and (f.first_at is not null or a.scheduled_end + ${grace} <= ${at}::timestamptz))::int as due,
        count(*) filter (where a.accepted is true and a.scheduled_end is not null
          and f.first_at <= a.scheduled_end + ${grace})::int as on_time
      from assignments a
      join orders o on o.id = a.order_id
      left join firsts f on f.order_id = a.order_id
      where a.provider_org_id in (select id from providers)
      group by a.provider_org_id
    ),
    rated as (
      select provider_org_id, count(*)::int as rating_n, sum(score)::int as rating_sum from ratings
      where provider_org_id in (select id from providers) group by provider_org_id
    )
    -- One JSON value rather than 1,000 rows of 17 columns: decoding the rows' arrays and JSON one
    -- field at a time cost more than the statement itself on PGlite (decision 148).
    select coalesce(json_agg(candidate order by candidate.name, candidate.id), '[]'::json) as candidates
    from (
    select p.id, p.name, d.models, c.certs,
      array(select distinct r from unnest(coalesce(pp.service_regions, '{}') || coalesce(c.regions, '{}')) as r) as regions,
      av.working_hours, av.blocked_dates, av.jobs_per_day, av.bases,
      j.busy, j.open_jobs, j.answered, j.accepted, j.due, j.on_time, r.rating_n, r.rating_sum
    from providers p
    left join devices d on d.org_id = p.id
    left join certs c on c.org_id = p.id
    left join provider_profiles pp on pp.org_id = p.id
    left join provider_availability av on av.org_id = p.id
    left join jobs j on j.provider_org_id = p.id
    left join rated r on r.provider_org_id = p.id
    ) as candidate
  `)) as unknown as { rows: [{ candidates: TCandidateRow[] }] };
  return (result.rows[0]?.candidates ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    deviceModels: row.models ?? [],
    certifications: (row.certs ?? []).map(([status, expiry]) => ({ status, expiry })),
    regions: row.regions ?? [],
    availability:
      row.working_hours && row.jobs_per_day !== null && row.bases
        ? {
            workingHours: row.working_hours,
            blockedDates: row.blocked_dates ?? [],
            jobsPerDay: row.jobs_per_day,
            bases: row.bases,
          }
        : null,
    busy: (row.busy ?? []).map(([start, end]) => ({ start, end })),
    openJobs: row.open_jobs ?? 0,
    ratings: { count: row.rating_n ?? 0, sum: row.rating_sum ?? 0 },
    offers: { answered: row.answered ?? 0, accepted: row.accepted ?? 0 },
    deliveries: { due: row.due ?? 0, onTime: row.on_time ?? 0 },
  }));
}
