import type { TExecutor } from '@spacecapture/db/client';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The figures of /admin/reporting, computed in the database over a range [from, until) of
 * instants. Months are calendar months in UTC. Definitions: docs/decisions/017-admin-reporting-definitions.md.
 */

export type TRange = { from: Date; until: Date };

async function rowsOf(db: TExecutor, query: SQL) {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function bounds(range: TRange) {
  return { from: range.from.toISOString(), until: range.until.toISOString() };
}

const month = (column: SQL) => sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/** Orders created in the range, by current status and by month created. */
export async function orderFigures(db: TExecutor, range: TRange) {
  const { from, until } = bounds(range);
  const inRange = sql`created_at >= ${from}::timestamptz and created_at < ${until}::timestamptz`;
  const byStatus = await rowsOf(
    db,
    sql`select status, count(*)::int as n from orders where ${inRange} group by status`,
  );
  const byMonth = await rowsOf(
    db,
    sql`select ${month(sql`created_at`)} as month, count(*)::int as n from orders where ${inRange} group by 1`,
  );
  return {
    byStatus: byStatus.map((row) => ({ status: String(row.status), count: num(row.n) })),
    byMonth: byMonth.map((row) => ({ month: String(row.month), count: num(row.n) })),
  };
}

/** Quotes sent in the range, by what became of them (a sent quote past its validity counts as expired). */
export async function quoteConversion(db: TExecutor, range: TRange, now: Date) {
  const { from, until } = bounds(range);
  const at = now.toISOString();
  const [row] = await rowsOf(
    db,
    sql`select
          count(*)::int as sent,
          count(*) filter (where status = 'accepted')::int as accepted,
          count(*) filter (where status = 'declined')::int as declined,
          count(*) filter (where status = 'expired'
            or (status = 'sent' and validity_until is not null and validity_until <= ${at}::timestamptz))::int as expired,
          count(*) filter (where status = 'sent'
            and (validity_until is null or validity_until > ${at}::timestamptz))::int as awaiting
        from quotes
        where sent_at >= ${from}::timestamptz and sent_at < ${until}::timestamptz`,
  );
  return {
    sent: num(row?.sent),
    accepted: num(row?.accepted),
    declined: num(row?.declined),
    expired: num(row?.expired),
    awaiting: num(row?.awaiting),
  };
}

/** Accepted quotes by the month they were accepted in (responded_at), per currency. */
export async function revenueFigures(db: TExecutor, range: TRange) {
  const { from, until } = bounds(range);
  const acceptedAt = sql`coalesce(responded_at, updated_at)`;
  const rows = await rowsOf(
    db,
    sql`select ${month(acceptedAt)} as month, currency, count(*)::int as n, sum(total)::text as total
        from quotes
        where status = 'accepted' and ${acceptedAt} >= ${from}::timestamptz and ${acceptedAt} < ${until}::timestamptz
        group by 1, 2
        order by 1, 2`,
  );
  return rows.map((row) => ({
    month: String(row.month),
    currency: String(row.currency),
    quotes: num(row.n),
    total: Math.round(Number(row.total) * 100) / 100,
  }));
}

/**
 * Per provider organisation, the offers made to it in the range and what came of them; the
 * ratings it received in the range. A job's capture is recorded by the first of: the order moving
 * to captured or delivered, a file_uploaded event, a deliverable; all after the offer was made.
 */
export async function providerPerformance(db: TExecutor, range: TRange, now: Date, graceHours: number) {
  const { from, until } = bounds(range);
  const at = now.toISOString();
  const grace = sql`(${graceHours} * interval '1 hour')`;
  const rows = await rowsOf(
    db,
    sql`with cohort as (
          select a.provider_org_id, a.status, a.accepted, a.created_at, a.responded_at, a.scheduled_end,
            least(
              (select min(e.created_at) from job_events e
                where e.order_id = a.order_id and e.created_at >= a.created_at
                  and (e.type = 'file_uploaded'
                    or (e.type = 'status_change' and e.metadata->>'to' in ('captured', 'delivered')))),
              (select min(d.created_at) from deliverables d where d.order_id = a.order_id and d.created_at >= a.created_at)
            ) as captured_at,
            exists (select 1 from deliverables d where d.order_id = a.order_id and d.created_at >= a.created_at)
              as delivered
          from assignments a
          where a.created_at >= ${from}::timestamptz and a.created_at < ${until}::timestamptz
        ),
        offers as (
          select provider_org_id,
            count(*)::int as offers,
            count(*) filter (where accepted is true)::int as accepted,
            count(*) filter (where accepted is false)::int as declined,
            count(*) filter (where status = 'expired')::int as expired,
            percentile_cont(0.5) within group (order by extract(epoch from (responded_at - created_at)) / 3600.0)
              filter (where accepted is true and responded_at is not null) as median_hours,
            count(*) filter (where accepted is true and scheduled_end is not null
              and (captured_at is not null or scheduled_end + ${grace} <= ${at}::timestamptz))::int as scheduled_jobs,
            count(*) filter (where accepted is true and scheduled_end is not null
              and captured_at is not null and captured_at <= scheduled_end + ${grace})::int as on_time_jobs,
            count(*) filter (where accepted is true and delivered)::int as deliveries
          from cohort
          group by provider_org_id
        ),
        rated as (
          select provider_org_id, avg(score)::float8 as average, count(*)::int as n
          from ratings
          where created_at >= ${from}::timestamptz and created_at < ${until}::timestamptz
          group by provider_org_id
        )
        select o.id, o.name, f.offers, f.accepted, f.declined, f.expired, f.median_hours, f.scheduled_jobs,
          f.on_time_jobs, f.deliveries, r.average, r.n as ratings
        from organizations o
        left join offers f on f.provider_org_id = o.id
        left join rated r on r.provider_org_id = o.id
        where o.type = 'provider'
        order by coalesce(f.offers, 0) desc, o.name asc, o.id asc`,
  );
  return rows.map((row) => ({
    providerOrg: { id: String(row.id), name: String(row.name) },
    offers: num(row.offers),
    accepted: num(row.accepted),
    declined: num(row.declined),
    expired: num(row.expired),
    medianHoursToAccept: numOrNull(row.median_hours),
    scheduledJobs: num(row.scheduled_jobs),
    onTimeJobs: num(row.on_time_jobs),
    deliveries: num(row.deliveries),
    averageRating: numOrNull(row.average),
    ratings: num(row.ratings),
  }));
}

/**
 * The ledger's lines summed per month, currency, entry kind and account, over all history before
 * `until` (the balances at each month's end need what came before the range too). Minor units.
 */
export async function ledgerMonths(db: TExecutor, until: Date) {
  const rows = await rowsOf(
    db,
    sql`select ${month(sql`e.created_at`)} as month, e.currency, e.kind, l.account,
          sum(l.amount_minor)::text as total
        from ledger_entries e join ledger_lines l on l.entry_id = e.id
        where e.created_at < ${until.toISOString()}::timestamptz
        group by 1, 2, 3, 4`,
  );
  return rows.map((row) => ({
    month: String(row.month),
    currency: String(row.currency),
    kind: String(row.kind),
    account: String(row.account),
    totalMinor: num(row.total),
  }));
}

/** Every provider payable booked before `until` (decision 213): when it became due and when it was paid. */
export async function payableDates(db: TExecutor, until: Date) {
  const rows = await rowsOf(
    db,
    sql`select e.currency, e.created_at as "dueAt", (-l.amount_minor)::text as amount, p.paid_at as "paidAt"
        from ledger_entries e
        join ledger_lines l on l.entry_id = e.id and l.account = 'payable' and l.amount_minor < 0
        left join payout_items pi on pi.payable_entry_id = e.id
        left join payouts p on p.id = pi.payout_id
        where e.kind in ('provider_compensation', 'adjustment') and e.created_at < ${until.toISOString()}::timestamptz`,
  );
  return rows.map((row) => ({
    currency: String(row.currency),
    dueAt: new Date(String(row.dueAt)),
    amountMinor: num(row.amount),
    paidAt: row.paidAt ? new Date(String(row.paidAt)) : null,
  }));
}
