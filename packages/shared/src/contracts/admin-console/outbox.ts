import { z } from 'zod';
import { isoDateTime, listQuery, oneOrMany, pageOf, ZSearch } from './common.ts';

/** GET /api/admin/outbox (list, one e-mail). */

export const OUTBOX_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const ZOutboxQuery = listQuery().extend({
  status: oneOrMany(OUTBOX_STATUSES),
  /** Contains, case-insensitive: subject or a recipient. */
  q: ZSearch,
});
export type TOutboxQuery = z.output<typeof ZOutboxQuery>;

export const ZOutboxEmail = z.object({
  id: z.uuid(),
  to: z.array(z.string()),
  subject: z.string(),
  /** pending (waiting or retrying), sent, kept (no mail server configured) or failed (gave up). */
  status: z.enum(OUTBOX_STATUSES),
  /** Pending after at least one failed attempt. */
  retrying: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxList = pageOf(ZOutboxEmail);
export type TOutboxList = z.infer<typeof ZOutboxList>;

export const ZOutboxEmailDetail = ZOutboxEmail.extend({
  replyTo: z.string().nullable(),
  /** For a preview in a sandboxed frame; links that carry a secret token are redacted. */
  html: z.string(),
  text: z.string(),
  /** Whether a token was taken out of a link. */
  redacted: z.boolean(),
});
export type TOutboxEmailDetail = z.infer<typeof ZOutboxEmailDetail>;
