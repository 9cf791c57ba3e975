import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import { TEAM_NAME } from '@spacecapture/shared/contracts/conversations';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { enqueueEmails, type TOutgoingEmail } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import {
  adminIds,
  digestStatesOf,
  memberIdsOf,
  messagesSince,
  readsOf,
  setEmailedUpTo,
  takeDigestPassLock,
  usersByIds,
} from './conversations-repository.ts';

/** How far back a digest pass looks: a message older than this was either e-mailed or read long ago. */
export const DIGEST_LOOKBACK_MS = 7 * 86_400_000;
const PREVIEW_CHARS = 300;

export const DIGEST_SUBJECT = 'New messages on your orders';

/**
 * One pass of message digests (decision 120): each person gets at most one e-mail naming every
 * message of others they have neither read nor been e-mailed about yet, unless they turned message
 * e-mails off. Admins hear about a conversation assigned to one of them only through that admin;
 * an unassigned one reaches every admin. The e-mails and the bookkeeping of what each person was
 * told are written in one transaction. Returns how many e-mails were queued.
 */
export function sendMessageDigests(deps: { db: TDatabase; now: Date; publicUrl: string }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    // One pass at a time across instances: a pass that finds another running sends nothing now,
    // and its next poll reads what the other recorded. Without it both would read the same
    // state and e-mail everyone twice.
    if (!(await takeDigestPassLock(tx))) return 0;
    return digestPass(tx, deps.now, deps.publicUrl);
  });
}

/** Reads, sends and records one pass, inside the transaction that holds the pass's lock. */
async function digestPass(db: TExecutor, now: Date, publicUrl: string): Promise<number> {
  const rows = await messagesSince(db, new Date(now.getTime() - DIGEST_LOOKBACK_MS), now);
  if (rows.length === 0) return 0;

  const admins = await adminIds(db);
  const adminSet = new Set(admins);
  const membersByOrg = new Map<string, string[]>();
  for (const orgId of new Set(rows.map((row) => row.conversation.organizationId))) {
    membersByOrg.set(orgId, await memberIdsOf(db, orgId));
  }
  const reads = await readsOf(db, [...new Set(rows.map((row) => row.conversation.id))]);
  const readAt = new Map(reads.map((read) => [`${read.conversationId}:${read.userId}`, read.lastReadAt.getTime()]));

  const pending = new Map<string, typeof rows>();
  for (const row of rows) {
    const { conversation, message } = row;
    const adminRecipients = conversation.assignedAdminId ? [conversation.assignedAdminId] : admins;
    const recipients = new Set([...(membersByOrg.get(conversation.organizationId) ?? []), ...adminRecipients]);
    for (const userId of recipients) {
      if (userId === message.authorUserId) continue;
      const read = readAt.get(`${conversation.id}:${userId}`);
      if (read !== undefined && message.createdAt.getTime() <= read) continue;
      const list = pending.get(userId) ?? [];
      list.push(row);
      pending.set(userId, list);
    }
  }

  const states = new Map((await digestStatesOf(db, [...pending.keys()])).map((state) => [state.userId, state]));
  const people = new Map((await usersByIds(db, [...pending.keys()])).map((person) => [person.id, person]));
  const emails: TOutgoingEmail[] = [];
  const emailedUpTo: { userId: string; upTo: Date }[] = [];
  for (const [userId, list] of pending) {
    const state = states.get(userId);
    const person = people.get(userId);
    const since = state?.emailedUpTo?.getTime() ?? 0;
    const fresh = list.filter((row) => row.message.createdAt.getTime() > since);
    if (fresh.length === 0 || !person) continue;
    const newest = fresh[fresh.length - 1]!.message.createdAt;
    emailedUpTo.push({ userId, upTo: newest });
    if (state && !state.emailDigests) continue;
    const isAdmin = adminSet.has(userId);
    const path = isAdmin
      ? PORTAL_PATHS.admin.inbox
      : fresh[0]!.conversation.kind === 'assignment_provider'
        ? PORTAL_PATHS.provider.assignments
        : PORTAL_PATHS.customer.orders;
    const rowsOut = fresh.map((row): [string, string] => {
      const side = row.message.authorSide;
      const from =
        side === 'admin' ? TEAM_NAME : isAdmin ? (side === 'customer' ? 'Customer' : 'Provider') : 'Your organisation';
      const body = row.message.body;
      return [`${row.orderTitle} · ${from}`, body.length > PREVIEW_CHARS ? `${body.slice(0, PREVIEW_CHARS)}…` : body];
    });
    rowsOut.push(['Read and reply', `${publicUrl}${path}`]);
    emails.push(
      ...summaryEmailsTo(
        [person.email],
        DIGEST_SUBJECT,
        `You have ${fresh.length} new message${fresh.length === 1 ? '' : 's'}.`,
        rowsOut,
      ),
    );
  }
  if (emailedUpTo.length === 0) return 0;
  await enqueueEmails(db, emails);
  for (const entry of emailedUpTo) await setEmailedUpTo(db, entry.userId, entry.upTo);
  return emails.length;
}
