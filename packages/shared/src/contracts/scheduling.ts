import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { CASCADE_MACHINE, MAX_PROPOSED_WINDOWS, SCHEDULE_MACHINE } from '../state-machines.ts';

/**
 * Scheduling an accepted job (decision 145): windows the provider proposes, the pick, reschedule
 * requests; the auto-offer cascade (decision 144); calendar feeds (decision 146).
 */

export const SCHEDULING_MESSAGES = {
  windowTime: 'Enter a date and time with its offset.',
  windowOrder: 'A window ends after it starts.',
  windows: `Propose one to ${MAX_PROPOSED_WINDOWS} windows.`,
  windowOverlap: 'Proposed windows must not overlap.',
  reason: 'Say why the capture should move.',
} as const;

const isoDateTime = z.iso.datetime({ offset: true, error: SCHEDULING_MESSAGES.windowTime });

export const ZTimeWindow = z
  .object({ start: isoDateTime, end: isoDateTime })
  .refine((window) => new Date(window.start) < new Date(window.end), {
    message: SCHEDULING_MESSAGES.windowOrder,
    path: ['end'],
  });
export type TTimeWindowInput = z.infer<typeof ZTimeWindow>;

/** Provider: one to three windows for an accepted job; the customer picks one. */
export const ZProposeWindowsRequest = z.object({
  windows: z
    .array(ZTimeWindow, { error: SCHEDULING_MESSAGES.windows })
    .min(1, SCHEDULING_MESSAGES.windows)
    .max(MAX_PROPOSED_WINDOWS, SCHEDULING_MESSAGES.windows),
});
export type TProposeWindowsRequest = z.infer<typeof ZProposeWindowsRequest>;

/** Customer or admin: the proposed window picked, named by its start (a stale pick is refused). */
export const ZPickWindowRequest = z.object({ start: isoDateTime });
export type TPickWindowRequest = z.infer<typeof ZPickWindowRequest>;

export const ZRescheduleRequest = z.object({
  reason: boundedText(500, { min: 1, message: SCHEDULING_MESSAGES.reason }),
});
export type TRescheduleRequest = z.infer<typeof ZRescheduleRequest>;

/** Where an accepted job's scheduling stands, with times as instants and the zone to show them in. */
export const ZScheduleState = z.object({
  assignmentId: z.uuid(),
  orderId: z.uuid(),
  status: z.enum(SCHEDULE_MACHINE.states),
  proposedWindows: z.array(z.object({ start: isoDateTime, end: isoDateTime })),
  confirmed: z.object({ start: isoDateTime, end: isoDateTime }).nullable(),
  rescheduleReason: z.string().nullable(),
  /** The order's place's zone (UTC while unplaced): every time is shown in it, named. */
  timeZone: z.string(),
});
export type TScheduleState = z.infer<typeof ZScheduleState>;

export const ZScheduleResponse = z.object({ schedule: ZScheduleState.nullable() });
export type TScheduleResponse = z.infer<typeof ZScheduleResponse>;

// ---------------------------------------------------------------------------------------------
// Auto-offer cascade

export const ZCascadeStep = z.object({
  assignmentId: z.uuid(),
  providerOrg: z.object({ id: z.uuid(), name: z.string() }),
  status: z.string(),
  offeredAt: isoDateTime,
  respondBy: isoDateTime,
});

export const ZCascade = z.object({
  orderId: z.uuid(),
  status: z.enum(CASCADE_MACHINE.states),
  steps: z.array(ZCascadeStep),
  updatedAt: isoDateTime,
});
export type TCascade = z.infer<typeof ZCascade>;

export const ZCascadeResponse = z.object({ cascade: ZCascade.nullable() });
export type TCascadeResponse = z.infer<typeof ZCascadeResponse>;

// ---------------------------------------------------------------------------------------------
// Calendar feeds

/** The caller's feed: when it was made; its address is shown once, when made (only a hash is kept). */
export const ZCalendarFeed = z.object({
  feed: z.object({ createdAt: isoDateTime, scope: z.enum(['member', 'organization']) }).nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

export const ZCalendarFeedCreated = z.object({ url: z.string(), createdAt: isoDateTime });
export type TCalendarFeedCreated = z.infer<typeof ZCalendarFeedCreated>;
