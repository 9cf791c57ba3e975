import { z } from 'zod';
import { ZOrgRef } from '../admin-workflow.ts';
import { isoDateTime, listQuery, pageOf, ZActorRef, ZSearch, ZToken } from './common.ts';

/** GET /api/admin/support-requests. */

export const ZAdminSupportRequestsQuery = listQuery().extend({
  /** Contains, case-insensitive: subject or message. */
  q: ZSearch,
  status: ZToken.optional(),
  orgId: z.uuid().optional(),
});
export type TAdminSupportRequestsQuery = z.output<typeof ZAdminSupportRequestsQuery>;

export const ZAdminSupportRequest = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  organization: ZOrgRef.nullable(),
  user: ZActorRef.nullable(),
  createdAt: isoDateTime,
});
export const ZAdminSupportRequestList = pageOf(ZAdminSupportRequest);
export type TAdminSupportRequestList = z.infer<typeof ZAdminSupportRequestList>;
