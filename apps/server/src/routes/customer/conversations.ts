import { ZMessagePreferences, ZMessagePreferencesRequest } from '@spacecapture/shared/contracts/conversations';
import { CUSTOMER_ROLES } from '@spacecapture/shared/roles';
import { actorOf } from '../../plugins/auth.ts';
import { conversationErrors, conversationRoutes } from '../conversation-routes.ts';
import { declareRoutes } from '../declare-routes.ts';

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
  more(app) {
    const { conversations } = app.services;
    const route = declareRoutes(app, { roles: ['authenticated'], tags: ['account'], errors: conversationErrors });
    route.get(
      '/account/message-preferences',
      { summary: 'Whether the caller is e-mailed digests of new messages', response: { 200: ZMessagePreferences } },
      async (request) => conversations.preferences(actorOf(request)),
    );

    route.put(
      '/account/message-preferences',
      {
        summary: 'Turn e-mail digests of new messages on or off for the caller',
        body: ZMessagePreferencesRequest,
        response: { 200: ZMessagePreferences },
      },
      async (request) => conversations.setPreferences(actorOf(request), request.body),
    );
  },
});

export default customerConversationRoutes;
