import type { TExecutor } from '@spacecapture/db/client';
import {
  type ATTACHMENT_TYPES,
  type TAuthorSide,
  type TConversation,
  TEAM_NAME,
} from '@spacecapture/shared/contracts/conversations';
import {
  attachmentsOf,
  findOrganizationName,
  listMessages,
  type TConversationRow,
  unreadCounts,
} from './conversations-repository.ts';

const SIDE_NAMES: Record<TAuthorSide, string> = { customer: 'Customer', provider: 'Provider', admin: TEAM_NAME };

/**
 * What one viewer may see of a conversation (decision 119). Customers and providers see the admins
 * as the team, never by name, and nothing of the organisation on the other side; admins see
 * everyone by name. A customer never reaches a provider conversation and the other way round, so
 * neither side's identity crosses over.
 */
export async function toConversationView(
  db: TExecutor,
  conversation: TConversationRow,
  viewer: { userId: string; side: TAuthorSide },
): Promise<TConversation> {
  const isAdmin = viewer.side === 'admin';
  const rows = await listMessages(db, conversation.id);
  const attachments = await attachmentsOf(
    db,
    rows.map((row) => row.message.id),
  );
  const unread = await unreadCounts(db, viewer.userId, { conversationIds: [conversation.id] });
  return {
    id: conversation.id,
    kind: conversation.kind as TConversation['kind'],
    orderId: conversation.orderId,
    assignmentId: isAdmin ? conversation.assignmentId : null,
    organizationName: isAdmin ? await findOrganizationName(db, conversation.organizationId) : null,
    unreadCount: unread.get(conversation.id) ?? 0,
    messages: rows.map(({ message, authorName }) => {
      const side = message.authorSide as TAuthorSide;
      const masked = side === 'admin' && !isAdmin;
      return {
        id: message.id,
        authorSide: side,
        authorName: masked ? TEAM_NAME : (authorName ?? SIDE_NAMES[side]),
        mine: message.authorUserId === viewer.userId,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
        attachments: attachments
          .filter((file) => file.messageId === message.id)
          .map((file) => ({
            id: file.id,
            name: file.originalName,
            contentType: file.contentType as (typeof ATTACHMENT_TYPES)[number],
            size: file.size,
          })),
      };
    }),
  };
}
