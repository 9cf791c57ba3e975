import { insertRows, schema, type TExecutor } from '@spacecapture/db/client';
import type { TAuditEvent, TAuditSnapshot } from '@spacecapture/shared/audit-events';
import { sql } from 'drizzle-orm';

/** One audited change: an event of the shared list (packages/shared audit-events), on one record. */
export type TAuditEntry = TAuditEvent & {
  entityId: string;
  before?: TAuditSnapshot | null;
  after?: TAuditSnapshot | null;
  /** The signed-in user, or null for a visitor of the public site. */
  actorUserId: string | null;
};

/** The row of an audit entry. */
function auditEntryRow(entry: TAuditEntry): typeof schema.auditLog.$inferInsert {
  return {
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    actorUserId: entry.actorUserId,
  };
}

/** The insert of audit entries, not yet run: for a grouped write of several tables (the public forms). */
export function auditEntryRows(entries: readonly TAuditEntry[]) {
  return insertRows(schema.auditLog, entries.map(auditEntryRow));
}

/** The insert of one audit entry, not yet run: for a caller that writes it with others at once. */
export function auditEntryInsert(db: TExecutor, entry: TAuditEntry) {
  return db.insert(schema.auditLog).values(auditEntryRow(entry));
}

/** Writes one audit entry inside the caller's transaction, so it exists exactly when the change does. */
export async function recordAudit(tx: TExecutor, entry: TAuditEntry) {
  await auditEntryInsert(tx, entry);
}

/**
 * The one prune of the audit log (decision 181): uses of API keys recorded before `cutoff`, at
 * most `limit` rows a statement. Every other entry, a key's creation and revocation included, is
 * kept for good; the key keeps its last-used time.
 */
export async function deleteApiKeyUsesBefore(db: TExecutor, cutoff: Date, limit: number) {
  const result = (await db.execute(sql`delete from audit_log where id in (
      select id from audit_log
      where entity = 'api_key' and action = 'use' and ts < ${cutoff.toISOString()}
      limit ${limit}
    ) returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
