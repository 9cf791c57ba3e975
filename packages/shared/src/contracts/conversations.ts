import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../fields.ts';
import { isoDateTime } from './admin-console/common.ts';

/**
 * Conversations on an order (decision 119): the customer organisation with the admins on each
 * order, the provider organisation with the admins on each accepted assignment. What each side
 * sees is shaped by the server: customers and providers see the admins as the team, never by name.
 */

export const CONVERSATION_KINDS = ['order_customer', 'assignment_provider'] as const;
export type TConversationKind = (typeof CONVERSATION_KINDS)[number];
export const AUTHOR_SIDES = ['customer', 'provider', 'admin'] as const;
export type TAuthorSide = (typeof AUTHOR_SIDES)[number];

/** How the admins are named to customers and providers. */
export const TEAM_NAME = 'SpaceCapture team';

export const MESSAGE_MAX_CHARS = FIELD_LIMITS.longText;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_COUNT = 5;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

export const CONVERSATION_MESSAGES = {
  body: 'Please write a message.',
  attachmentType: 'Attachments must be PNG, JPEG or WebP images, or PDF files.',
  attachmentSize: 'Each attachment must be at most 10 MB.',
  attachmentCount: `At most ${ATTACHMENT_MAX_COUNT} attachments per message.`,
  sent: 'Message sent',
  assigned: 'Conversation assigned to you',
} as const;

export const ZPostMessageRequest = z.object({
  body: boundedText(MESSAGE_MAX_CHARS, { min: 1, message: CONVERSATION_MESSAGES.body, multiline: true }),
});
export type TPostMessageRequest = z.output<typeof ZPostMessageRequest>;

export const ZMessageAttachment = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  size: z.number().int(),
});
export type TMessageAttachment = z.infer<typeof ZMessageAttachment>;

export const ZConversationMessage = z.object({
  id: z.uuid(),
  authorSide: z.enum(AUTHOR_SIDES),
  /** The team name for admins seen by customers and providers; the person's name otherwise. */
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: isoDateTime,
  attachments: z.array(ZMessageAttachment),
});
export type TConversationMessage = z.infer<typeof ZConversationMessage>;

export const ZConversation = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  orderId: z.uuid(),
  /** Admins only: the assignment of a provider conversation. */
  assignmentId: z.uuid().nullable(),
  /** Admins only: the organisation on the other side; null for customers and providers. */
  organizationName: z.string().nullable(),
  unreadCount: z.number().int(),
  messages: z.array(ZConversationMessage),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZOrderConversations = z.object({
  customer: ZConversation,
  provider: ZConversation.nullable(),
});
export type TOrderConversations = z.infer<typeof ZOrderConversations>;

export const INBOX_FILTERS = ['all', 'mine', 'unassigned'] as const;
export const ZInboxQuery = z.object({ filter: z.enum(INBOX_FILTERS).default('all') });
export type TInboxQuery = z.output<typeof ZInboxQuery>;

export const ZInboxItem = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  orderId: z.uuid(),
  orderTitle: z.string(),
  organizationName: z.string(),
  assignedAdminId: z.string().nullable(),
  assignedAdminName: z.string().nullable(),
  lastMessageAt: isoDateTime.nullable(),
  unreadCount: z.number().int(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;
export const ZInbox = z.object({ items: z.array(ZInboxItem), unreadTotal: z.number().int() });
export type TInbox = z.infer<typeof ZInbox>;

export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const ZAttachmentLink = z.object({ url: z.string(), expiresAt: isoDateTime });
export type TAttachmentLink = z.infer<typeof ZAttachmentLink>;

/** PUT /api/account/message-preferences. */
export const ZMessagePreferencesRequest = z.object({ emailDigests: z.boolean() });
export type TMessagePreferencesRequest = z.infer<typeof ZMessagePreferencesRequest>;
/** A person's message preferences as GET and PUT answer them. */
export const ZMessagePreferences = z.object({ emailDigests: z.boolean() });
export type TMessagePreferences = z.infer<typeof ZMessagePreferences>;

/** Where signed attachment links point. */
export const MESSAGE_FILES_PATH = '/api/message-files';
