import { ZMessagePreferences, ZMessagePreferencesRequest } from '@spacecapture/shared/contracts/conversations';
import { CUSTOMER_ROLES } from '@spacecapture/shared/roles';
import { conversationErrors, conversationRoutes } from '../conversation-routes.ts';

/**
 * The customer's conversation with the team on one of their organisation's orders (decision 119),
 * their unread count and their message e-mail preference. The order id is checked against the
 * caller's organisation before anything is read or written.
 */
const customerConversationRoutes = conversationRoutes({
  side: 'customer',
  roles: CUSTOMER_ROLES,
  conversationPath: '/customer/orders/:id/conversation',
  unreadPath: '/customer/conversations/unread',
  summaries: {
    conversation: 'The conversation with the team on one order, oldest message first',
    unread: "Unread messages of the caller on their organisation's orders",
  },
  /* The message e-mail preference is every signed-in person's own, whatever their portal. */
  more(app, actor) {
    const { conversations } = app.services;
    app.get(
      '/account/message-preferences',
      {
        schema: {
          'x-roles': ['authenticated'],
          tags: ['account'],
          summary: 'Whether the caller is e-mailed digests of new messages',
          response: { 200: ZMessagePreferences, ...conversationErrors },
        },
      },
      async (request) => conversations.preferences(actor(request)),
    );

    app.put(
      '/account/message-preferences',
      {
        schema: {
          'x-roles': ['authenticated'],
          tags: ['account'],
          summary: 'Turn e-mail digests of new messages on or off for the caller',
          body: ZMessagePreferencesRequest,
          response: { 200: ZMessagePreferences, ...conversationErrors },
        },
      },
      async (request) => conversations.setPreferences(actor(request), request.body),
    );
  },
});

export default customerConversationRoutes;
