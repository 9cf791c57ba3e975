import { ZConversation, ZInbox, ZInboxQuery, ZOrderConversations } from '@spacecapture/shared/contracts/conversations';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import { conversationErrors, conversationRoutes } from '../conversation-routes.ts';
import { idParams } from '../route-schemas.ts';

const roles = ADMIN_ROLES;
const tags = ['admin'];
const errors = conversationErrors;

/**
 * The admins' side of conversations (decision 119), under /api/admin: the inbox of every
 * conversation with unread counts, an order's two conversations, posting, reading and assigning.
 */
const adminConversationRoutes = conversationRoutes({
  side: 'admin',
  roles,
  conversationPath: '/conversations/:id',
  unreadPath: '/conversations/unread',
  summaries: {
    conversation: 'One conversation, oldest message first',
    unread: 'Unread messages of the caller across every conversation',
  },
  more(app, actor) {
    const { conversations } = app.services;
    app.get(
      '/inbox',
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: 'Every conversation, latest message first, with the caller’s unread counts',
          querystring: ZInboxQuery,
          response: { 200: ZInbox, ...errors },
        },
      },
      async (request) => conversations.admin.inbox(actor(request), request.query),
    );

    app.get(
      '/orders/:id/conversations',
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: "An order's conversation with its customer, and with its provider once one accepted",
          params: idParams,
          response: { 200: ZOrderConversations, ...errors },
        },
      },
      async (request) => conversations.admin.ofOrder(actor(request), request.params.id),
    );

    app.post(
      '/conversations/:id/assign',
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: 'Assign the conversation to the caller',
          params: idParams,
          response: { 200: ZConversation, ...errors },
        },
      },
      async (request) => conversations.admin.assignToMe(actor(request), request.params.id),
    );
  },
});

export default adminConversationRoutes;
