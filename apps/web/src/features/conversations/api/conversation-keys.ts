/** Query keys of conversations, the admin inbox and unread counts. */
export const conversationKeys = {
  all: ['conversations'] as const,
  one: (url: string) => [...conversationKeys.all, 'one', url] as const,
  orderOfAdmin: (orderId: string) => [...conversationKeys.all, 'admin-order', orderId] as const,
  inbox: (filter: string) => [...conversationKeys.all, 'inbox', filter] as const,
  unread: (url: string) => [...conversationKeys.all, 'unread', url] as const,
};

/** Where one conversation lives for its reader: the customer's order, the provider's job, or the admin's id. */
export type TConversationEndpoint = { url: string };

export function customerConversation(orderId: string): TConversationEndpoint {
  return { url: `/api/customer/orders/${encodeURIComponent(orderId)}/conversation` };
}
export function providerConversation(assignmentId: string): TConversationEndpoint {
  return { url: `/api/provider/assignments/${encodeURIComponent(assignmentId)}/conversation` };
}
export function adminConversation(conversationId: string): TConversationEndpoint {
  return { url: `/api/admin/conversations/${encodeURIComponent(conversationId)}` };
}
