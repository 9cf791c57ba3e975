import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { notify, recipientsOf } from '../notifications/notifications-service.ts';
import { adminIds } from './conversations-repository.ts';
import type { TMessagePostedListener } from './conversations-service.ts';

/** A notice shows the start of the message: the dropdown is small and the page has the rest. */
const EXCERPT_CHARS = 140;

function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

/**
 * In-app notices of a new message (`message_received`), written in the posting transaction. Admins
 * are sent to their inbox; the customer's and the provider's people to the page that holds the
 * conversation. The excerpt is the message's own text, which each recipient may already read.
 */
export const noticeOfMessage: TMessagePostedListener = async ({ tx, conversation, message, recipientUserIds }) => {
  const recipients = await recipientsOf(tx, { users: recipientUserIds }, 'message_received');
  if (recipients.length === 0) return;
  const admins = new Set(await adminIds(tx));
  const sideLink =
    conversation.kind === 'assignment_provider' ? PORTAL_PATHS.provider.assignments : PORTAL_PATHS.customer.orders;
  const notice = { type: 'message_received' as const, title: 'New message', body: excerptOf(message.body) };
  await notify(
    tx,
    recipients.filter((id) => admins.has(id)),
    { ...notice, link: PORTAL_PATHS.admin.inbox },
  );
  await notify(
    tx,
    recipients.filter((id) => !admins.has(id)),
    { ...notice, link: sideLink },
  );
};
