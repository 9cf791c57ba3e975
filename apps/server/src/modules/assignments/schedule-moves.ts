import type { TExecutor } from '@spacecapture/db/client';
import type { TTimeWindow } from '@spacecapture/db/marketplace-schema';
import { AppError } from '@spacecapture/shared/errors';
import { formatPlaceWindow } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import {
  canTransition,
  SCHEDULE_MACHINE,
  type TScheduleStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import { localDayOf } from '@spacecapture/shared/zoned-time';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { emailRecipientsOf, notifyScope } from '../notifications/notifications-service.ts';
import { assertOrderMove, moveOrder } from '../orders/order-moves.ts';
import { insertJobEvent, providerEmailsFor, type TOrderRow, updateOrder } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import {
  findBlockedDates,
  findClashingCaptures,
  type TAssignmentRow,
  updateAssignment,
} from './assignments-repository.ts';

/**
 * Scheduling an accepted job (decision 145): the provider proposes windows, the customer (or an
 * admin for it) picks one, either side asks to reschedule. These run inside the caller's
 * transaction with the order and the assignment locked (order first), and write the assignment,
 * the order, a job event for the timeline, one audit entry, e-mails and notices together.
 */

export type TScheduleContext = {
  order: TOrderRow;
  assignment: TAssignmentRow;
  providerOrg: { id: string; name: string };
};

/** The zone every time of an order is shown in: its place's, UTC while unplaced. */
export function timeZoneOf(order: Pick<TOrderRow, 'place'>) {
  return order.place?.timeZone ?? 'UTC';
}

function assertScheduleMove(from: string, to: TScheduleStatus) {
  if (!canTransition(SCHEDULE_MACHINE, from as TScheduleStatus, to)) {
    throw new AppError('conflict', transitionRefusal(SCHEDULE_MACHINE, from, to));
  }
}

export async function providerRecipients(
  tx: TExecutor,
  orgId: string,
  eventType: 'schedule_confirmed' | 'reschedule_requested' | 'capture_reminder',
) {
  const wanted = new Set(await emailRecipientsOf(tx, { org: orgId }, eventType));
  return (await providerEmailsFor(tx, orgId, 'projectUpdates')).filter((email) => wanted.has(email));
}

function windowsText(windows: readonly TTimeWindow[], timeZone: string) {
  return windows.map((window) => formatPlaceWindow(window.start, window.end, timeZone)).join('; ');
}

/** Unless SCHEDULE_WINDOW_MAX_HOURS says otherwise: a capture is booked within one day. */
export const DEFAULT_MAX_WINDOW_MS = 24 * 3_600_000;

/** The refusal of a window longer than `maxWindowMs`, or null when it is short enough. */
export function windowTooLong(start: Date, end: Date, maxWindowMs: number) {
  if (end.getTime() - start.getTime() <= maxWindowMs) return null;
  const hours = maxWindowMs / 3_600_000;
  return `A window lasts at most ${hours} hour${hours === 1 ? '' : 's'}.`;
}

export function createScheduleMoves(deps: { clock: () => Date; companyEmail: string; maxWindowMs?: number }) {
  const { clock, companyEmail } = deps;
  const maxWindowMs = deps.maxWindowMs ?? DEFAULT_MAX_WINDOW_MS;

  return {
    /**
     * The provider proposes one to three windows (replacing an unpicked proposal, or answering a
     * reschedule request). A confirmed window stays until one of these is picked.
     */
    async propose(tx: TExecutor, ctx: TScheduleContext, windows: readonly TTimeWindow[], actor: TActor) {
      const { order, assignment, providerOrg } = ctx;
      if (assignment.status !== 'accepted') {
        throw new AppError(
          'conflict',
          `Cannot propose a schedule: the assignment is ${assignment.status}, not accepted.`,
        );
      }
      if (order.status !== 'assigned' && order.status !== 'scheduled') {
        throw new AppError('conflict', `Cannot propose a schedule: the order is already ${order.status}.`);
      }
      assertScheduleMove(assignment.scheduleStatus, 'proposed');
      const normalized = windows
        .map((window) => ({ start: new Date(window.start), end: new Date(window.end) }))
        .sort((a, b) => a.start.getTime() - b.start.getTime());
      const now = clock().getTime();
      normalized.forEach((window, index) => {
        if (window.start.getTime() <= now) {
          throw new AppError('validation_failed', 'The window must start in the future.', {
            [`windows.${index}.start`]: 'The window must start in the future.',
          });
        }
        // A window is a promise to be on site: one of weeks would book the customer's days for nothing.
        const tooLong = windowTooLong(window.start, window.end, maxWindowMs);
        if (tooLong) throw new AppError('validation_failed', tooLong, { [`windows.${index}.end`]: tooLong });
        const next = normalized[index + 1];
        if (next && next.start < window.end) {
          throw new AppError('validation_failed', 'Proposed windows must not overlap.', {
            windows: 'Proposed windows must not overlap.',
          });
        }
      });
      const proposed = normalized.map((window) => ({
        start: window.start.toISOString(),
        end: window.end.toISOString(),
      }));
      const updated = await updateAssignment(
        tx,
        assignment.id,
        {
          scheduleStatus: 'proposed',
          proposedWindows: proposed,
        },
        clock(),
      );
      // The first window as start/end keeps the event readable where one window is expected.
      const metadata = { ...proposed[0]!, windows: proposed, assignmentId: assignment.id };
      await insertJobEvent(tx, { orderId: order.id, type: 'deadline', metadata, actorUserId: actor.userId });
      await recordAudit(tx, {
        entity: 'assignment',
        entityId: assignment.id,
        action: 'propose_schedule',
        before: assignment,
        after: updated,
        actorUserId: actor.userId,
      });
      const zone = timeZoneOf(order);
      const rows = [
        ['Order', order.title],
        ['Provider', providerOrg.name],
        ...proposed.map(
          (window, index) =>
            [`Window ${index + 1}`, formatPlaceWindow(window.start, window.end, zone)] as [string, string],
        ),
      ] as [string, string][];
      await enqueueEmails(tx, [
        ...summaryEmailsTo(
          await emailRecipientsOf(tx, { org: order.customerOrgId }, 'schedule_proposed'),
          `Pick a capture window: ${order.title}`,
          'The provider proposed the windows below. Sign in to the customer portal to pick one.',
          [...rows, ['Pick at', PORTAL_PATHS.customer.orders]],
        ),
        ...summaryEmailsTo(
          [companyEmail],
          `Schedule proposed: ${order.title}`,
          'The provider proposed the windows below; the customer picks one, or you confirm on their behalf.',
          rows,
        ),
      ]);
      const notice = {
        type: 'schedule_proposed',
        title: `Schedule proposed: ${order.title}`,
        body: `${providerOrg.name} proposed: ${windowsText(proposed, zone)}.`,
      } as const;
      await notifyScope(
        tx,
        { org: order.customerOrgId },
        { ...notice, link: `${PORTAL_PATHS.customer.orders}/${order.id}` },
      );
      await notifyScope(tx, { roles: ADMIN_ROLES }, { ...notice, link: PORTAL_PATHS.admin.assignments });
      return updated;
    },

    /**
     * The customer or an admin picks a proposed window: refused (409, nothing changed) when it
     * overlaps another confirmed capture of the provider or falls on a date it blocked.
     */
    async pick(tx: TExecutor, ctx: TScheduleContext, start: Date, actor: TActor) {
      const { order, assignment, providerOrg } = ctx;
      if (assignment.status !== 'accepted') {
        throw new AppError('conflict', `Cannot pick a window: the assignment is ${assignment.status}, not accepted.`);
      }
      assertScheduleMove(assignment.scheduleStatus, 'confirmed');
      const window = assignment.proposedWindows.find((item) => new Date(item.start).getTime() === start.getTime());
      if (!window) {
        throw new AppError(
          'conflict',
          'That window is not among the provider’s current proposal; reload and pick again.',
        );
      }
      const windowStart = new Date(window.start);
      const windowEnd = new Date(window.end);
      const zone = timeZoneOf(order);
      const clashes = await findClashingCaptures(tx, {
        providerOrgId: assignment.providerOrgId,
        exceptAssignmentId: assignment.id,
        start: windowStart,
        end: windowEnd,
      });
      if (clashes.length > 0) {
        const clash = clashes[0]!;
        throw new AppError(
          'conflict',
          `${providerOrg.name} already has a confirmed capture ${formatPlaceWindow(clash.start!, clash.end!, zone)}; pick another window.`,
        );
      }
      const blocked = new Set(await findBlockedDates(tx, assignment.providerOrgId));
      const firstDay = localDayOf(windowStart.getTime(), zone).date;
      const lastDay = localDayOf(windowEnd.getTime() - 1, zone).date;
      const offDay = [...blocked].find((date) => date >= firstDay && date <= lastDay);
      if (offDay) {
        throw new AppError('conflict', `${providerOrg.name} is not working on ${offDay}; pick another window.`);
      }
      const previous =
        assignment.scheduledStart && assignment.scheduledEnd
          ? { start: assignment.scheduledStart.toISOString(), end: assignment.scheduledEnd.toISOString() }
          : null;
      const values = { scheduledStart: windowStart, scheduledEnd: windowEnd };
      let orderAfter: TOrderRow;
      if (order.status === 'assigned') {
        assertOrderMove(order, 'scheduled');
        orderAfter = await moveOrder(tx, order, 'scheduled', {
          actorUserId: actor.userId,
          at: clock(),
          metadata: { assignmentId: assignment.id, start: window.start, end: window.end },
          values,
        });
      } else if (order.status === 'scheduled') {
        orderAfter = await updateOrder(tx, order.id, values, clock());
        await insertJobEvent(tx, {
          orderId: order.id,
          type: 'rescheduled',
          metadata: { assignmentId: assignment.id, from: previous, to: window },
          actorUserId: actor.userId,
        });
      } else {
        throw new AppError('conflict', `Cannot pick a window: the order is ${order.status}.`);
      }
      const updated = await updateAssignment(
        tx,
        assignment.id,
        {
          ...values,
          scheduleStatus: 'confirmed',
          proposedWindows: [],
          rescheduleReason: null,
          // A new time gets its own reminder.
          reminderSentAt: null,
        },
        clock(),
      );
      await recordAudit(tx, {
        entity: 'assignment',
        entityId: assignment.id,
        action: 'confirm_schedule',
        before: { ...assignment, orderStatus: order.status },
        after: { ...updated, orderStatus: orderAfter.status, pickedBy: actor.role },
        actorUserId: actor.userId,
      });
      const range = formatPlaceWindow(windowStart, windowEnd, zone);
      const recipients = [
        ...(await providerRecipients(tx, assignment.providerOrgId, 'schedule_confirmed')),
        ...(await emailRecipientsOf(tx, { org: order.customerOrgId }, 'schedule_confirmed')),
      ];
      await enqueueEmails(
        tx,
        summaryEmailsTo(
          recipients,
          `Schedule confirmed: ${order.title}`,
          'The capture is scheduled for the window below.',
          [
            ['Order', order.title],
            ['When', range],
            ...(previous
              ? ([['Was', formatPlaceWindow(previous.start, previous.end, zone)]] as [string, string][])
              : []),
          ],
        ),
      );
      const confirmed = {
        type: 'schedule_confirmed',
        title: `Schedule confirmed: ${order.title}`,
        body: `The capture is scheduled ${range}.`,
      } as const;
      await notifyScope(
        tx,
        { org: order.customerOrgId },
        { ...confirmed, link: `${PORTAL_PATHS.customer.orders}/${order.id}` },
      );
      await notifyScope(
        tx,
        { org: assignment.providerOrgId },
        { ...confirmed, link: PORTAL_PATHS.provider.assignments },
      );
      return { assignment: updated, order: orderAfter };
    },

    /** Either side asks to move a confirmed capture, with a reason; the other side is told. */
    async requestReschedule(
      tx: TExecutor,
      ctx: TScheduleContext,
      reason: string,
      actor: TActor,
      side: 'customer' | 'provider',
    ) {
      const { order, assignment, providerOrg } = ctx;
      assertScheduleMove(assignment.scheduleStatus, 'reschedule_requested');
      const updated = await updateAssignment(
        tx,
        assignment.id,
        {
          scheduleStatus: 'reschedule_requested',
          rescheduleReason: reason,
        },
        clock(),
      );
      await insertJobEvent(tx, {
        orderId: order.id,
        type: 'reschedule_requested',
        metadata: { assignmentId: assignment.id, reason, by: side },
        actorUserId: actor.userId,
      });
      await recordAudit(tx, {
        entity: 'assignment',
        entityId: assignment.id,
        action: 'request_reschedule',
        before: assignment,
        after: { ...updated, by: side },
        actorUserId: actor.userId,
      });
      const zone = timeZoneOf(order);
      const rows: [string, string][] = [
        ['Order', order.title],
        ['Confirmed', formatPlaceWindow(assignment.scheduledStart!, assignment.scheduledEnd!, zone)],
        ['Reason', reason],
      ];
      const otherSide =
        side === 'customer'
          ? await providerRecipients(tx, assignment.providerOrgId, 'reschedule_requested')
          : await emailRecipientsOf(tx, { org: order.customerOrgId }, 'reschedule_requested');
      const intro =
        side === 'customer'
          ? 'The customer asked to move this capture. Propose new windows in the provider portal; the confirmed time stands until one is picked.'
          : `${providerOrg.name} asked to move this capture and will propose new windows; the confirmed time stands until you pick one.`;
      await enqueueEmails(tx, [
        ...summaryEmailsTo(otherSide, `Reschedule asked: ${order.title}`, intro, rows),
        ...summaryEmailsTo(
          [companyEmail],
          `Reschedule asked: ${order.title}`,
          `The ${side} asked to move this capture.`,
          rows,
        ),
      ]);
      const notice = {
        type: 'reschedule_requested',
        title: `Reschedule asked: ${order.title}`,
        body: `The ${side} asked to move the capture: ${reason}`,
      } as const;
      await notifyScope(tx, side === 'customer' ? { org: assignment.providerOrgId } : { org: order.customerOrgId }, {
        ...notice,
        link: side === 'customer' ? PORTAL_PATHS.provider.assignments : `${PORTAL_PATHS.customer.orders}/${order.id}`,
      });
      await notifyScope(tx, { roles: ADMIN_ROLES }, { ...notice, link: PORTAL_PATHS.admin.assignments });
      return updated;
    },
  };
}

export type TScheduleMoves = ReturnType<typeof createScheduleMoves>;
