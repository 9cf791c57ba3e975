import multipart from '@fastify/multipart';
import {
  MESSAGE_FILES_PATH,
  ZAttachmentLink,
  ZConversation,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { discardAttachments, MESSAGE_FORM_LIMITS, readMessageForm } from '../../modules/conversations/message-form.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = { ...guardedErrorResponses, 413: guardedErrorResponses[400] };
const roles = PROVIDER_ROLES;
const tags = ['provider'];
const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/**
 * The provider's conversation with the team on one of their organisation's accepted jobs (decision 119),
 * their unread count and their message e-mail preference. The assignment id is checked against the
 * caller's organisation before anything is read or written.
 */
const providerConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));
  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });

  app.get(
    '/provider/assignments/:id/conversation',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'The conversation with the team on one accepted job (404 before acceptance), oldest message first',
        params: idParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => conversations.provider.get(actor(request), request.params.id),
  );

  app.post(
    '/provider/assignments/:id/conversation/messages',
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
        return reply
          .status(201)
          .send(await conversations.provider.post(caller, request.params.id, message, attachments));
      } finally {
        await discardAttachments(app.files, attachments);
      }
    },
  );

  app.post(
    '/provider/assignments/:id/conversation/read',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Mark the conversation read by the caller',
        params: idParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => conversations.provider.read(actor(request), request.params.id),
  );

  app.post(
    '/provider/assignments/:id/conversation/attachments/:attachmentId/link',
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
      return conversations.provider.link(
        actor(request),
        request.params.id,
        request.params.attachmentId,
        MESSAGE_FILES_PATH,
      );
    },
  );

  app.get(
    '/provider/conversations/unread',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Unread messages of the caller on their organisation's accepted jobs",
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => conversations.unread(actor(request)),
  );
};

export default providerConversationRoutes;
