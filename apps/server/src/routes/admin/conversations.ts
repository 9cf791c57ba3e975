import { ZConversation, ZInbox, ZInboxQuery, ZOrderConversations } from '@spacecapture/shared/contracts/conversations';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import { actorOf } from '../../plugins/auth.ts';
import { conversationRoutes } from '../conversation-routes.ts';
import { idParams } from '../route-schemas.ts';

/**
 * The admins' side of conversations (decision 119), under /api/admin: the inbox of every
 * conversation with unread counts, an order's two conversations, posting, reading and assigning.
 */
const adminConversationRoutes = conversationRoutes({
  side: 'admin',
  roles: ADMIN_ROLES,
  conversationPath: '/conversations/:id',
  unreadPath: '/conversations/unread',
  summaries: {
    conversation: 'One conversation, oldest message first',
    unread: 'Unread messages of the caller across every conversation',
  },
  more(app, route) {
    const { conversations } = app.services;
    route.get(
      '/inbox',
      {
        summary: 'Every conversation, latest message first, with the caller’s unread counts',
        querystring: ZInboxQuery,
        response: { 200: ZInbox },
      },
      async (request) => conversations.admin.inbox(actorOf(request), request.query),
    );

    route.get(
      '/orders/:id/conversations',
      {
        summary: "An order's conversation with its customer, and with its provider once one accepted",
        params: idParams,
        response: { 200: ZOrderConversations },
      },
      async (request) => conversations.admin.ofOrder(actorOf(request), request.params.id),
    );

    route.post(
      '/conversations/:id/assign',
      { summary: 'Assign the conversation to the caller', params: idParams, response: { 200: ZConversation } },
      async (request) => conversations.admin.assignToMe(actorOf(request), request.params.id),
    );
  },
});

export default adminConversationRoutes;
