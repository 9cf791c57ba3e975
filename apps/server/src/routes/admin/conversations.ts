import multipart from '@fastify/multipart';
import {
  MESSAGE_FILES_PATH,
  ZAttachmentLink,
  ZConversation,
  ZInbox,
  ZInboxQuery,
  ZOrderConversations,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { discardAttachments, MESSAGE_FORM_LIMITS, readMessageForm } from '../../modules/conversations/message-form.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = { ...guardedErrorResponses, 413: guardedErrorResponses[400] };
const roles = ADMIN_ROLES;
const tags = ['admin'];
const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/**
 * The admins' side of conversations (decision 119), under /api/admin: the inbox of every
 * conversation with unread counts, an order's two conversations, posting, reading and assigning.
 */
const adminConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));
  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });

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
    '/conversations/unread',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Unread messages of the caller across every conversation',
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => conversations.unread(actor(request)),
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

  app.get(
    '/conversations/:id',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'One conversation, oldest message first',
        params: idParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => conversations.admin.get(actor(request), request.params.id),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Post a message (JSON `{ body }`, or multipart with `body` and up to 5 `attachments`)',
        description: 'Attachments: PNG, JPEG, WebP or PDF, checked by content, at most 10 MB each.',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 201: ZConversation, ...errors },
      },
    },
    async (request, reply) => {
      const caller = actor(request);
      const { message, attachments } = await readMessageForm(request, app.files);
      try {
        return reply.status(201).send(await conversations.admin.post(caller, request.params.id, message, attachments));
      } finally {
        await discardAttachments(app.files, attachments);
      }
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Mark the conversation read by the caller',
        params: idParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => conversations.admin.read(actor(request), request.params.id),
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

  app.post(
    '/conversations/:id/attachments/:attachmentId/link',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'A signed download URL for one attachment, valid 300 seconds',
        params: attachmentParams,
        response: { 200: ZAttachmentLink, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return conversations.admin.link(
        actor(request),
        request.params.id,
        request.params.attachmentId,
        MESSAGE_FILES_PATH,
      );
    },
  );
};

export default adminConversationRoutes;
