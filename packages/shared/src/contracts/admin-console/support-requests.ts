import { z } from 'zod';
import { boundedText } from '../../fields.ts';
import { SUPPORT_REQUEST_MACHINE } from '../../state-machines.ts';
import { ZOrgRef } from '../admin-workflow.ts';
import { SUPPORT_LIMITS } from '../customer-portal.ts';
import { isoDateTime, listQuery, pageOf, ZActorRef, ZSearch } from './common.ts';

/**
 * The admins' support inbox (decision 204): the customers' support requests with their status,
 * the admin assigned, the order they concern and the thread of replies.
 */

export const SUPPORT_REQUEST_STATUSES = SUPPORT_REQUEST_MACHINE.states as unknown as readonly [
  'open',
  'answered',
  'closed',
];
export const SUPPORT_STATUS_LABELS = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;

/** The words of the inbox and of its answers. */
export const SUPPORT_INBOX_MESSAGES = {
  replySent: { title: 'Reply sent', message: 'The customer was e-mailed your reply.' },
  assigned: { title: 'Assigned', message: 'The support request has a new assignee.' },
  closed: { title: 'Closed', message: 'The support request is closed.' },
  chooseAdmin: 'Choose an admin to assign.',
  notAnAdmin: 'Only an admin can be assigned a support request.',
  closedNoReply: 'This support request is closed; it opens again when the customer writes.',
} as const;

/** A user id as better-auth makes them. */
const ZUserId = z
  .string()
  .trim()
  .max(100, 'Unknown user.')
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Unknown user.');

/** Filter by assignee: the caller ("me"), nobody ("none"), or one admin's id. */
export const ZSupportAssigneeFilter = z.union([z.literal('me'), z.literal('none'), ZUserId]).optional();

/** GET /api/admin/support-requests. */
export const ZAdminSupportRequestsQuery = listQuery().extend({
  /** Contains, case-insensitive: subject or message. */
  q: ZSearch,
  status: z.enum(SUPPORT_REQUEST_STATUSES, { error: 'Choose open, answered or closed.' }).optional(),
  assignee: ZSupportAssigneeFilter,
  orgId: z.uuid().optional(),
  orderId: z.uuid().optional(),
});
export type TAdminSupportRequestsQuery = z.output<typeof ZAdminSupportRequestsQuery>;

export const ZSupportOrderRef = z.object({ id: z.uuid(), title: z.string() });

export const ZAdminSupportRequest = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_REQUEST_STATUSES),
  organization: ZOrgRef.nullable(),
  user: ZActorRef.nullable(),
  assignee: ZActorRef.nullable(),
  order: ZSupportOrderRef.nullable(),
  replyCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TAdminSupportRequest = z.infer<typeof ZAdminSupportRequest>;
export const ZAdminSupportRequestList = pageOf(ZAdminSupportRequest);
export type TAdminSupportRequestList = z.infer<typeof ZAdminSupportRequestList>;

export const ZAdminSupportReply = z.object({
  id: z.uuid(),
  message: z.string(),
  fromAdmin: z.boolean(),
  author: ZActorRef.nullable(),
  createdAt: isoDateTime,
});
export const ZAdminSupportRequestDetail = ZAdminSupportRequest.extend({ replies: z.array(ZAdminSupportReply) });
export type TAdminSupportRequestDetail = z.infer<typeof ZAdminSupportRequestDetail>;

/** A reply in the thread, from an admin or the customer. */
export const ZSupportReplyRequest = z.object({
  message: boundedText(SUPPORT_LIMITS.message, { min: 1, message: 'Please enter a message.', multiline: true }),
});
export type TSupportReplyRequest = z.infer<typeof ZSupportReplyRequest>;

/** Assign an admin, or nobody (null). */
export const ZAssignSupportRequest = z.object({
  assigneeUserId: z.union([ZUserId, z.null()], { error: SUPPORT_INBOX_MESSAGES.chooseAdmin }),
});
export type TAssignSupportRequest = z.infer<typeof ZAssignSupportRequest>;

/** The admins a request can be assigned to. */
export const ZSupportAssignees = z.object({ items: z.array(ZActorRef) });
