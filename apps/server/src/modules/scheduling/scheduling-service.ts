import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TScheduleState, TTimeWindowInput } from '@spacecapture/shared/contracts/scheduling';
import { AppError } from '@spacecapture/shared/errors';
import { formatPlaceWindow } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { TScheduleStatus } from '@spacecapture/shared/state-machines';
import { localDayOf } from '@spacecapture/shared/zoned-time';
import type { TActor } from '../../lib/actor.ts';
import {
  findAssignment,
  latestAssignmentsOf,
  lockAssignment,
  lockLiveAssignmentOf,
  type TAssignmentRow,
} from '../assignments/assignments-repository.ts';
import {
  createScheduleMoves,
  providerRecipients,
  type TScheduleContext,
  timeZoneOf,
} from '../assignments/schedule-moves.ts';
import { emailRecipientsOf, notifyScope } from '../notifications/notifications-service.ts';
import { findOrder, findOrganizationRow, lockOrder, type TOrderRow } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';

/**
 * Scheduling an accepted job (decision 145) as the portals and the reminders ask for it. The moves
 * that write the assignment are the assignments module's (assignments/schedule-moves.ts): an
 * admin's confirmation of an offer's window makes the same moves.
 */

export function toScheduleState(order: TOrderRow, assignment: TAssignmentRow): TScheduleState {
  return {
    assignmentId: assignment.id,
    orderId: order.id,
    status: assignment.scheduleStatus as TScheduleStatus,
    proposedWindows: assignment.proposedWindows,
    confirmed:
      assignment.scheduledStart && assignment.scheduledEnd
        ? { start: assignment.scheduledStart.toISOString(), end: assignment.scheduledEnd.toISOString() }
        : null,
    rescheduleReason: assignment.rescheduleReason,
    timeZone: timeZoneOf(order),
  };
}

/** "today" or "tomorrow", by the local dates at the place of now and of the capture's start. */
function captureDayWord(start: Date, now: Date, zone: string) {
  return localDayOf(start.getTime(), zone).date === localDayOf(now.getTime(), zone).date ? 'today' : 'tomorrow';
}

/**
 * Reminder e-mails and notices up to 24 hours before a confirmed capture (decision 147), titled by
 * the capture's local day at the place: "Capture today" or "Capture tomorrow".
 */
export async function sendCaptureReminder(tx: TExecutor, order: TOrderRow, assignment: TAssignmentRow, now: Date) {
  const zone = timeZoneOf(order);
  const range = formatPlaceWindow(assignment.scheduledStart!, assignment.scheduledEnd!, zone);
  const subject = `Capture ${captureDayWord(assignment.scheduledStart!, now, zone)}: ${order.title}`;
  const rows: [string, string][] = [
    ['Order', order.title],
    ['When', range],
  ];
  await enqueueEmails(tx, [
    ...summaryEmailsTo(
      await providerRecipients(tx, assignment.providerOrgId, 'capture_reminder'),
      subject,
      'A reminder: this capture is confirmed for the window below.',
      [...rows, ['Location', order.location]],
    ),
    ...summaryEmailsTo(
      await emailRecipientsOf(tx, { org: order.customerOrgId }, 'capture_reminder'),
      subject,
      'A reminder: the capture of your space is confirmed for the window below.',
      rows,
    ),
  ]);
  const notice = {
    type: 'capture_reminder',
    title: subject,
    body: `Confirmed ${range}.`,
  } as const;
  await notifyScope(
    tx,
    { org: order.customerOrgId },
    { ...notice, link: `${PORTAL_PATHS.customer.orders}/${order.id}` },
  );
  await notifyScope(tx, { org: assignment.providerOrgId }, { ...notice, link: PORTAL_PATHS.provider.assignments });
}

/**
 * The portals' scheduling operations: each locks the order, then its accepted assignment, checks
 * that the caller's organisation is the order's customer or the job's provider (another one's is
 * not found), and runs one move in one transaction.
 */
export function createSchedulingService(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  /** Longest window a provider may propose (SCHEDULE_WINDOW_MAX_HOURS). */
  maxScheduleWindowMs?: number;
}) {
  const { db } = deps;
  const moves = createScheduleMoves({
    clock: deps.clock,
    companyEmail: deps.companyEmail,
    ...(deps.maxScheduleWindowMs ? { maxWindowMs: deps.maxScheduleWindowMs } : {}),
  });

  async function lockByAssignment(tx: TExecutor, id: string, providerOrgId?: string): Promise<TScheduleContext> {
    const found = await findAssignment(tx, id);
    if (!found || (providerOrgId && found.assignment.providerOrgId !== providerOrgId)) {
      throw new AppError('not_found', 'Assignment not found.');
    }
    const order = await lockOrder(tx, found.assignment.orderId);
    const assignment = await lockAssignment(tx, id);
    if (!order || !assignment) throw new AppError('not_found', 'Assignment not found.');
    return { order, assignment, providerOrg: found.providerOrg };
  }

  async function lockByCustomerOrder(tx: TExecutor, orderId: string, customerOrgId: string): Promise<TScheduleContext> {
    const order = await lockOrder(tx, orderId);
    if (order?.customerOrgId !== customerOrgId) throw new AppError('not_found', 'Order not found.');
    const live = await lockLiveAssignmentOf(tx, order.id);
    if (live?.status !== 'accepted') {
      throw new AppError('conflict', 'No provider has accepted this order yet, so there is nothing to schedule.');
    }
    const providerOrg = await findOrganizationRow(tx, live.providerOrgId);
    return { order, assignment: live, providerOrg: { id: live.providerOrgId, name: providerOrg?.name ?? '' } };
  }

  function orgOf(actor: TActor) {
    if (!actor.orgId) throw new AppError('forbidden', 'This account belongs to no organisation.');
    return actor.orgId;
  }

  async function run<T>(work: (tx: TExecutor) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    return result;
  }

  return {
    moves,

    providerPropose(actor: TActor, assignmentId: string, windows: readonly TTimeWindowInput[]) {
      return run(async (tx) => {
        const ctx = await lockByAssignment(tx, assignmentId, orgOf(actor));
        return toScheduleState(ctx.order, await moves.propose(tx, ctx, windows, actor));
      });
    },

    providerReschedule(actor: TActor, assignmentId: string, reason: string) {
      return run(async (tx) => {
        const ctx = await lockByAssignment(tx, assignmentId, orgOf(actor));
        return toScheduleState(ctx.order, await moves.requestReschedule(tx, ctx, reason, actor, 'provider'));
      });
    },

    async providerSchedule(actor: TActor, assignmentId: string): Promise<TScheduleState> {
      const found = await findAssignment(db, assignmentId);
      if (found?.assignment.providerOrgId !== orgOf(actor)) throw new AppError('not_found', 'Assignment not found.');
      const order = await readOrder(db, found.assignment.orderId);
      return toScheduleState(order, found.assignment);
    },

    customerPick(actor: TActor, orderId: string, start: Date) {
      return run(async (tx) => {
        const ctx = await lockByCustomerOrder(tx, orderId, orgOf(actor));
        const picked = await moves.pick(tx, ctx, start, actor);
        return toScheduleState(picked.order, picked.assignment);
      });
    },

    customerReschedule(actor: TActor, orderId: string, reason: string) {
      return run(async (tx) => {
        const ctx = await lockByCustomerOrder(tx, orderId, orgOf(actor));
        return toScheduleState(ctx.order, await moves.requestReschedule(tx, ctx, reason, actor, 'customer'));
      });
    },

    /** The order's scheduling as its customer sees it: null until a provider accepted. */
    async customerSchedule(actor: TActor, orderId: string): Promise<TScheduleState | null> {
      const order = await findOrder(db, orderId).then((found) => found?.order);
      if (order?.customerOrgId !== orgOf(actor)) throw new AppError('not_found', 'Order not found.');
      const [live] = (await latestAssignmentsOf(db, [order.id])).filter((row) => row.assignment.status === 'accepted');
      return live ? toScheduleState(order, live.assignment) : null;
    },

    /** An admin picks a window on the customer's behalf. */
    adminPick(actor: TActor, assignmentId: string, start: Date) {
      return run(async (tx) => {
        const ctx = await lockByAssignment(tx, assignmentId);
        const picked = await moves.pick(tx, ctx, start, actor);
        return toScheduleState(picked.order, picked.assignment);
      });
    },

    async adminSchedule(assignmentId: string): Promise<TScheduleState> {
      const found = await findAssignment(db, assignmentId);
      if (!found) throw new AppError('not_found', 'Assignment not found.');
      return toScheduleState(await readOrder(db, found.assignment.orderId), found.assignment);
    },
  };
}

export type TSchedulingService = ReturnType<typeof createSchedulingService>;

/** The order row as it is now, for views (no lock). */
async function readOrder(db: TExecutor, id: string): Promise<TOrderRow> {
  const found = await findOrder(db, id);
  if (!found) throw new AppError('not_found', 'Order not found.');
  return found.order;
}
