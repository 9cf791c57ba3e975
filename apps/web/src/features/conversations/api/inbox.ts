import {
  CONVERSATION_MESSAGES,
  ZConversation,
  ZInbox,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { conversationKeys } from './conversation-keys.ts';

export type TInboxFilter = 'all' | 'mine' | 'unassigned';

/** GET /api/admin/inbox?filter= → every conversation with the caller's unread counts. */
export function useInbox(filter: TInboxFilter) {
  return useQuery({
    queryKey: conversationKeys.inbox(filter),
    queryFn: ({ signal }) => apiRequest(`/api/admin/inbox?filter=${filter}`, { schema: ZInbox, signal }),
    refetchInterval: 30_000,
  });
}

/** The caller's unread messages (url: the portal's `…/conversations/unread`), polled every 30 seconds. */
export function useUnreadCount(url: string) {
  return useQuery({
    queryKey: conversationKeys.unread(url),
    queryFn: ({ signal }) => apiRequest(url, { schema: ZUnreadCount, signal }),
    refetchInterval: 30_000,
  });
}

/** POST /api/admin/conversations/:id/assign → assigned to the caller. */
export function useAssignToMe() {
  return useRefreshingMutation(conversationKeys.all, {
    mutationFn: (conversationId: string) =>
      apiRequest(`/api/admin/conversations/${encodeURIComponent(conversationId)}/assign`, {
        method: 'POST',
        schema: ZConversation,
      }),
    onSuccess: () => notifySuccess({ title: CONVERSATION_MESSAGES.assigned, message: 'It now shows under Mine.' }),
  });
}
