import { z } from 'zod';
import { ZAuditAction, ZAuditEntity } from '../../audit-events.ts';
import { boundedText, FIELD_LIMITS } from '../../fields.ts';
import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_LIST_LIMITS,
  boundsInOrder,
  isoDateTime,
  listQuery,
  pageOf,
  ZActorRef,
  ZDateOrDateTime,
} from './common.ts';

/** GET /api/admin/audit and its CSV (spec 001 §9: the latest 100 by default). */

const auditFilters = {
  /** One of the audited entities (packages/shared audit-events), offered as choices. */
  entity: ZAuditEntity.optional(),
  entityId: boundedText(100, { min: 1 }).optional(),
  action: ZAuditAction.optional(),
  /** A user id, or part of a user's name or e-mail address ("marco" finds Marco Rossi). */
  actor: boundedText(FIELD_LIMITS.email, { min: 1 }).optional(),
  /** From this day (00:00 UTC) or instant, inclusive. */
  from: ZDateOrDateTime.optional(),
  /** Up to this day (whole day, UTC) or instant, inclusive. */
  to: ZDateOrDateTime.optional(),
};

export const ZAuditQuery = listQuery(ADMIN_LIST_LIMITS.auditPage)
  .extend(auditFilters)
  .refine(boundsInOrder, { message: ADMIN_CONSOLE_MESSAGES.dateOrder, path: ['to'] });
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditCsvQuery = z
  .object(auditFilters)
  .refine(boundsInOrder, { message: ADMIN_CONSOLE_MESSAGES.dateOrder, path: ['to'] });
export type TAuditCsvQuery = z.output<typeof ZAuditCsvQuery>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  actor: ZActorRef.nullable(),
  ts: isoDateTime,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditList = pageOf(ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;

export const AUDIT_CSV_COLUMNS = [
  'ts',
  'entity',
  'entity_id',
  'action',
  'actor_user_id',
  'actor_email',
  'before',
  'after',
  'id',
] as const;
