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

/**
 * One candidate as the statement sends it: a positional array rather than an object, so the
 * seventeen field names are not repeated a thousand times in the JSON (decision 154).
 */
type TCandidateRow = [
  id: string,
  name: string,
  models: string[] | null,
  certs: [string, string | null][] | null,
  regions: string[] | null,
  workingHours: TRankingAvailability['workingHours'] | null,
  blockedDates: string[] | null,
  jobsPerDay: number | null,
  bases: TRankingAvailability['bases'] | null,
  busy: [string, string][] | null,
  openJobs: number | null,
  answered: number | null,
  accepted: number | null,
  due: number | null,
  onTime: number | null,
  ratingCount: number | null,
  ratingSum: number | null,
];

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO})`);

/**
 * Every active provider organisation with what the ranking needs, one compact row each: device
 * models, certifications as [status, expiry], regions (service and certification regions),
 * availability, confirmed jobs ending after `now` as [start, end], open jobs, ratings, answered
 * offers and deliveries due and on time (a deliverable within `graceHours` of the scheduled end).
 * One statement: each table is aggregated once by organisation, then joined to the providers
 * (no semi-join to them first: with every provider in the list it only costs time, decision 154).
 * The JSON comes back as text and is parsed here once, rather than parsed by the driver (on
 * PGlite in its thread) and copied over.
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
      select org_id, array_agg(model) as models from device_inventory group by org_id
    ),
    certs as (
      select org_id,
        json_agg(json_build_array(status, ${iso('expiry')})) as certs,
        array_agg(distinct region) filter (where region is not null) as regions
      from provider_certifications left join lateral unnest(regions) as region on true group by org_id
    ),
    firsts as (
      select order_id, min(created_at) as first_at from deliverables group by order_id
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
      group by a.provider_org_id
    ),
    rated as (
      select provider_org_id, count(*)::int as rating_n, sum(score)::int as rating_sum from ratings
      group by provider_org_id
    )
    -- One JSON value rather than 1,000 rows of 17 columns: decoding the rows' arrays and JSON one
    -- field at a time cost more than the statement itself on PGlite (decision 148); each candidate
    -- a positional array, as the bytes sent are most of what is left (decision 154).
    select coalesce(json_agg(json_build_array(p.id, p.name, d.models, c.certs,
      array(select distinct r from unnest(coalesce(pp.service_regions, '{}') || coalesce(c.regions, '{}')) as r),
      av.working_hours, av.blocked_dates, av.jobs_per_day, av.bases,
      j.busy, j.open_jobs, j.answered, j.accepted, j.due, j.on_time, r.rating_n, r.rating_sum
    ) order by p.name, p.id), '[]'::json)::text as candidates
    from providers p
    left join devices d on d.org_id = p.id
    left join certs c on c.org_id = p.id
    left join provider_profiles pp on pp.org_id = p.id
    left join provider_availability av on av.org_id = p.id
    left join jobs j on j.provider_org_id = p.id
    left join rated r on r.provider_org_id = p.id
  `)) as unknown as { rows: [{ candidates: string }] };
  const rows = JSON.parse(result.rows[0]?.candidates ?? '[]') as TCandidateRow[];
  return rows.map(
    ([id, name, models, certs, regions, workingHours, blockedDates, jobsPerDay, bases, busy, ...counts]) => {
      const [openJobs, answered, accepted, due, onTime, ratingCount, ratingSum] = counts;
      return {
        id,
        name,
        deviceModels: models ?? [],
        certifications: (certs ?? []).map(([status, expiry]) => ({ status, expiry })),
        regions: regions ?? [],
        availability:
          workingHours && jobsPerDay !== null && bases
            ? { workingHours, blockedDates: blockedDates ?? [], jobsPerDay, bases }
            : null,
        busy: (busy ?? []).map(([start, end]) => ({ start, end })),
        openJobs: openJobs ?? 0,
        ratings: { count: ratingCount ?? 0, sum: ratingSum ?? 0 },
        offers: { answered: answered ?? 0, accepted: accepted ?? 0 },
        deliveries: { due: due ?? 0, onTime: onTime ?? 0 },
      };
    },
  );
}
