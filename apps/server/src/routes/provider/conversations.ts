import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import { conversationRoutes } from '../conversation-routes.ts';

/**
 * The provider's conversation with the team on one of their organisation's accepted jobs (decision 119)
 * and their unread count. The assignment id is checked against the caller's organisation before
 * anything is read or written.
 */
const providerConversationRoutes = conversationRoutes({
  side: 'provider',
  roles: PROVIDER_ROLES,
  conversationPath: '/provider/assignments/:id/conversation',
  unreadPath: '/provider/conversations/unread',
  summaries: {
    conversation: 'The conversation with the team on one accepted job (404 before acceptance), oldest message first',
    unread: "Unread messages of the caller on their organisation's accepted jobs",
  },
});

export default providerConversationRoutes;
