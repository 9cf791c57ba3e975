import type { TDatabase } from '@spacecapture/db/client';
import { claimDueReminders } from '../assignments/assignments-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { lockOrder } from '../orders/orders-repository.ts';
import { sendCaptureReminder } from './scheduling-service.ts';

/** How long before a confirmed capture its reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;
/**
 * Closer than this to its start, a capture gets no reminder: it was confirmed moments ago (the
 * confirmation said when) or the reminder would arrive as the provider does.
 */
export const REMINDER_MIN_LEAD_MS = 3 * 3_600_000;

/**
 * Reminder e-mails 24 hours before a confirmed capture (decision 147): each pass claims the due
 * captures by setting their reminder_sent_at in the same transaction that queues the e-mails, so
 * a capture is reminded once however many instances run; a new pick clears the mark. A capture
 * less than REMINDER_MIN_LEAD_MS away is not reminded at all.
 */
export function createRemindersService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    async sendDueReminders(limit: number): Promise<number> {
      const now = clock();
      const sent = await db.transaction(async (tx) => {
        const claimed = await claimDueReminders(
          tx,
          { from: new Date(now.getTime() + REMINDER_MIN_LEAD_MS), to: new Date(now.getTime() + REMINDER_LEAD_MS) },
          now,
          limit,
        );
        for (const assignment of claimed) {
          const order = await lockOrder(tx, assignment.orderId);
          if (!order || order.status === 'cancelled') continue;
          await sendCaptureReminder(tx, order, assignment, now);
          await recordAudit(tx, {
            entity: 'assignment',
            entityId: assignment.id,
            action: 'send_reminder',
            before: null,
            after: { scheduledStart: assignment.scheduledStart, reminderSentAt: assignment.reminderSentAt },
            actorUserId: null,
          });
        }
        return claimed.length;
      });
      return sent;
    },
  };
}
