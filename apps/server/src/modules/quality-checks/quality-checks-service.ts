import type { TDatabase } from '@spacecapture/db/client';
import {
  CHECK_OVERRIDE_MESSAGES,
  type TCheckOverrideRequest,
  type TCheckState,
  type TFileCheck,
} from '@spacecapture/shared/contracts/quality-checks';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  checksOfDeliverables,
  lockCheck,
  overrideCheck,
  type TDeliverableCheckRow,
} from './quality-checks-repository.ts';

/** A file's check as its lists show it: pending until the worker has made its row. */
export function checkViewOf(row: TDeliverableCheckRow | undefined): TFileCheck {
  if (!row) return { state: 'pending', failures: [], warnings: [], facts: {}, override: null };
  return {
    state: row.state as TCheckState,
    failures: row.failures,
    warnings: row.warnings,
    facts: row.facts,
    override:
      row.overrideAt && row.overrideReason ? { reason: row.overrideReason, at: row.overrideAt.toISOString() } : null,
  };
}

/** Quality checks of delivered files, read for lists and overridden by an admin (decision 236). */
export function createQualityChecksService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    /** The checks of these files, by file id, as lists show them. */
    async viewsOf(ids: readonly string[]) {
      const rows = await checksOfDeliverables(db, ids);
      return (id: string) => checkViewOf(rows.get(id));
    },

    /**
     * Lets one file through its failed check, with a reason (audited): Mark delivered then no
     * longer counts its failures. 404 for an unknown file, 409 for one whose check did not fail.
     */
    async override(deliverableId: string, request: TCheckOverrideRequest, actor: TActor) {
      const reason = request.reason.trim();
      return db.transaction(async (tx) => {
        const row = await lockCheck(tx, deliverableId);
        if (!row) throw new AppError('not_found', 'File not found.');
        if (row.check.state !== 'failed') throw new AppError('conflict', CHECK_OVERRIDE_MESSAGES.notFailed);
        const at = clock();
        await overrideCheck(tx, deliverableId, { reason, by: actor.userId, at });
        await recordAudit(tx, {
          entity: 'deliverable',
          entityId: deliverableId,
          action: 'override_check',
          before: { state: row.check.state, failures: row.check.failures },
          after: { overrideReason: reason, orderId: row.orderId, fileName: row.fileName },
          actorUserId: actor.userId,
        });
        return checkViewOf({ ...row.check, overrideReason: reason, overrideBy: actor.userId, overrideAt: at });
      });
    },
  };
}

export type TQualityChecksService = ReturnType<typeof createQualityChecksService>;
