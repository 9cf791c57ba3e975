import { z } from 'zod';
import { isoDateTime } from './common.ts';

/** GET /api/admin/dashboard: what needs attention, as live counts. */

/** The dashboard's "offers about to expire": offered, with respond_by within this many hours. */
export const OFFERS_EXPIRING_WITHIN_HOURS = 12;

/** What needs attention (the /admin dashboard's live counts). */
export const ZAdminDashboard = z.object({
  /** Leads still new. */
  newLeads: z.number().int(),
  /** Applications new, reviewing or interview. */
  applicationsToReview: z.number().int(),
  /** Quotes sent and not answered (nor past their validity date). */
  quotesAwaitingCustomer: z.number().int(),
  /** Offers unanswered whose deadline falls within OFFERS_EXPIRING_WITHIN_HOURS. */
  offersAboutToExpire: z.number().int(),
  /** Accepted assignments whose latest proposed window has not been confirmed yet. */
  schedulesToConfirm: z.number().int(),
  /** Provider payables unpaid past the promised 14 days (decision 213). */
  overduePayouts: z.number().int(),
  generatedAt: isoDateTime,
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
