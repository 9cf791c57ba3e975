import { ZConversation, ZOrderConversations } from '@spacecapture/shared/contracts/conversations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys, type TConversationEndpoint } from './conversation-keys.ts';

/** GET a conversation, oldest message first, with the caller's unread count. */
export function getConversation(endpoint: TConversationEndpoint, signal?: AbortSignal) {
  return apiRequest(endpoint.url, { schema: ZConversation, ...(signal ? { signal } : {}) });
}

/** Polls every 15 seconds while shown, so a reply appears without reloading. */
export function useConversation(endpoint: TConversationEndpoint) {
  return useQuery({
    queryKey: conversationKeys.one(endpoint.url),
    queryFn: ({ signal }) => getConversation(endpoint, signal),
    refetchInterval: 15_000,
  });
}

/** GET /api/admin/orders/:id/conversations → the customer's and (once accepted) the provider's. */
export function useAdminOrderConversations(orderId: string) {
  return useQuery({
    queryKey: conversationKeys.orderOfAdmin(orderId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/conversations`, {
        schema: ZOrderConversations,
        signal,
      }),
  });
}
