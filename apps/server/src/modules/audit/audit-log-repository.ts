import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, eq, gte, ilike, lt, or } from 'drizzle-orm';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { auditLog, user } = schema;

/** Filters of the admin audit view; every one narrows, none widens. */
export type TAuditFilter = {
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actorUserId?: string | undefined;
  /** Part of the actor's name or e-mail address, any case. */
  actorContains?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
};

/**
 * Audit entries newest first by (ts, id) keyset. The entity, entity id and actor filters each have
 * an index in that order (audit_log_entity_ts_idx, audit_log_entity_id_ts_idx,
 * audit_log_actor_ts_idx); otherwise audit_log_ts_idx serves the page.
 */
export async function listAuditPage(
  db: TExecutor,
  filter: TAuditFilter,
  page: { limit: number; cursor?: TCursor | undefined },
) {
  return db
    .select({
      entry: auditLog,
      actorEmail: user.email,
      actorName: user.name,
      cursorAt: cursorKey(auditLog.ts),
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(
      and(
        filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
        filter.actorContains
          ? or(
              ilike(user.email, containsPattern(filter.actorContains)),
              ilike(user.name, containsPattern(filter.actorContains)),
            )
          : undefined,
        filter.from ? gte(auditLog.ts, filter.from) : undefined,
        filter.until ? lt(auditLog.ts, filter.until) : undefined,
        afterCursor({ createdAt: auditLog.ts, id: auditLog.id }, page.cursor),
      ),
    )
    .orderBy(...newestFirst(auditLog.ts, auditLog.id))
    .limit(page.limit);
}
