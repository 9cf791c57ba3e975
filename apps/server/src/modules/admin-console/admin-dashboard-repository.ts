import type { TExecutor } from '@spacecapture/db/client';
import { sql } from 'drizzle-orm';

/**
 * The dashboard's counts of what needs attention, in one statement. Each count reads an index on
 * its status (order_leads, provider_applications and quotes by (status, created_at); assignments
 * by (status, respond_by)), so it costs what it counts, not the size of the tables.
 *
 * "Schedules to confirm": an accepted assignment with a proposed window (job event `deadline` with
 * a start and an end, made under this assignment) that no confirmation followed. A confirmation is
 * the order's move to scheduled (job event `status_change` with `to` = scheduled), which is what
 * the workflow's Confirm latest schedule writes.
 */
export async function countAttention(db: TExecutor, now: Date, expiringWithinHours: number) {
  const soon = new Date(now.getTime() + expiringWithinHours * 3_600_000);
  const nowIso = now.toISOString();
  const result = (await db.execute(sql`
    select
      (select count(*) from order_leads where status = 'new')::int as new_leads,
      (select count(*) from provider_applications where status in ('new', 'reviewing', 'interview'))::int
        as applications_to_review,
      (select count(*) from quotes
        where status = 'sent' and (validity_until is null or validity_until > ${nowIso}::timestamptz))::int
        as quotes_awaiting_customer,
      (select count(*) from assignments
        where status = 'offered' and respond_by > ${nowIso}::timestamptz
          and respond_by <= ${soon.toISOString()}::timestamptz)::int as offers_about_to_expire,
      (select count(*) from assignments a
        where a.status = 'accepted'
          and exists (
            select 1 from job_events d
            where d.order_id = a.order_id and d.type = 'deadline' and d.created_at >= a.created_at
              and coalesce(d.metadata->>'assignmentId', a.id::text) = a.id::text
              and d.metadata->>'start' is not null and d.metadata->>'end' is not null
              and not exists (
                select 1 from job_events c
                where c.order_id = a.order_id and c.type = 'status_change'
                  and c.metadata->>'to' = 'scheduled' and c.created_at >= d.created_at
              )
          ))::int as schedules_to_confirm
  `)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  return {
    newLeads: Number(row.new_leads ?? 0),
    applicationsToReview: Number(row.applications_to_review ?? 0),
    quotesAwaitingCustomer: Number(row.quotes_awaiting_customer ?? 0),
    offersAboutToExpire: Number(row.offers_about_to_expire ?? 0),
    schedulesToConfirm: Number(row.schedules_to_confirm ?? 0),
  };
}
