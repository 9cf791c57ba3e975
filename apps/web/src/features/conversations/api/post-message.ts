import { CONVERSATION_MESSAGES, ZAttachmentLink, ZConversation } from '@spacecapture/shared/contracts/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { conversationKeys, type TConversationEndpoint } from './conversation-keys.ts';

type TPostArgs = { endpoint: TConversationEndpoint; body: string; files: readonly File[] };

/** POST …/messages → 201 the conversation: JSON without files, multipart with them. */
export function postMessage({ endpoint, body, files }: TPostArgs) {
  const url = `${endpoint.url}/messages`;
  if (files.length === 0) return sendJson(url, { body }, ZConversation);
  const form = new FormData();
  form.append('body', body);
  for (const file of files) form.append('attachments', file);
  return apiRequest(url, { method: 'POST', formData: form, schema: ZConversation });
}

export function usePostMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMessage,
    onSuccess: (conversation, { endpoint }) => {
      queryClient.setQueryData(conversationKeys.one(endpoint.url), conversation);
      notifySuccess({ title: CONVERSATION_MESSAGES.sent, message: 'The other side will see it on the order.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** POST …/read → the conversation read by the caller up to its last message. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: TConversationEndpoint) =>
      apiRequest(`${endpoint.url}/read`, { method: 'POST', schema: ZConversation }),
    onSuccess: (conversation, endpoint) => {
      queryClient.setQueryData(conversationKeys.one(endpoint.url), conversation);
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'unread'] });
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'inbox'] });
    },
  });
}

/** POST …/attachments/:id/link → a signed URL valid 300 s, opened at once. */
export function createAttachmentLink(endpoint: TConversationEndpoint, attachmentId: string) {
  return apiRequest(`${endpoint.url}/attachments/${encodeURIComponent(attachmentId)}/link`, {
    method: 'POST',
    schema: ZAttachmentLink,
  });
}
