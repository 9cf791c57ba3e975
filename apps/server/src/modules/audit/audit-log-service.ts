import type { Readable } from 'node:stream';
import type { TDatabase } from '@spacecapture/db/client';
import {
  AUDIT_CSV_COLUMNS,
  type TAuditCsvQuery,
  type TAuditEntry,
  type TAuditList,
  type TAuditQuery,
} from '@spacecapture/shared/contracts/admin-console/audit';
import { endOfBound, startOfBound } from '@spacecapture/shared/contracts/admin-console/common';
import { csvStream } from '../../lib/csv.ts';
import { decodeCursor, type TCursor, toPage } from '../../lib/pagination.ts';
import { listAuditPage, type TAuditFilter } from './audit-log-repository.ts';

type TAuditRow = Awaited<ReturnType<typeof listAuditPage>>[number];

const CSV_BATCH = 500;
/** User ids are UUIDs (auth-library's generateId); any other actor text is a name or e-mail part. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toEntry({ entry, actorEmail, actorName }: TAuditRow): TAuditEntry {
  return {
    id: entry.id,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    actor: entry.actorUserId ? { userId: entry.actorUserId, email: actorEmail, name: actorName } : null,
    ts: entry.ts.toISOString(),
  };
}

/**
 * The audit log for admins (spec 001 §2 /admin/audit; §9 the latest 100): filtered, newest first,
 * pages beyond the first by cursor, and the same selection as a streamed CSV.
 */
export function createAuditLogService(deps: { db: TDatabase }) {
  const { db } = deps;

  /** The filter as the repository takes it: an actor is a user id, or else part of a name or e-mail. */
  function filterOf(query: TAuditCsvQuery): TAuditFilter {
    const actor = query.actor?.trim();
    const actorIsId = actor !== undefined && USER_ID.test(actor);
    return {
      entity: query.entity,
      entityId: query.entityId,
      action: query.action,
      actorUserId: actorIsId ? actor : undefined,
      actorContains: actorIsId ? undefined : actor || undefined,
      from: query.from ? startOfBound(query.from) : undefined,
      until: query.to ? endOfBound(query.to) : undefined,
    };
  }

  return {
    async list(query: TAuditQuery): Promise<TAuditList> {
      const cursor = decodeCursor(query.cursor);
      const filter = filterOf(query);
      const rows = await listAuditPage(db, filter, { limit: query.limit + 1, cursor });
      return toPage(rows, query.limit, (row) => row.entry.id, toEntry);
    },

    /** Every matching entry, newest first, read in batches while the client downloads. */
    async csv(query: TAuditCsvQuery): Promise<Readable> {
      const filter = filterOf(query);
      async function* batches() {
        let cursor: TCursor | undefined;
        for (;;) {
          const rows = await listAuditPage(db, filter, { limit: CSV_BATCH, cursor });
          yield rows.map(({ entry, actorEmail }) => [
            entry.ts.toISOString(),
            entry.entity,
            entry.entityId,
            entry.action,
            entry.actorUserId,
            actorEmail,
            entry.before === null ? null : JSON.stringify(entry.before),
            entry.after === null ? null : JSON.stringify(entry.after),
            entry.id,
          ]);
          const last = rows.at(-1);
          if (rows.length < CSV_BATCH || !last) return;
          cursor = { at: last.cursorAt, id: last.entry.id };
        }
      }
      return csvStream(AUDIT_CSV_COLUMNS, batches());
    },
  };
}

export type TAuditLogService = ReturnType<typeof createAuditLogService>;
