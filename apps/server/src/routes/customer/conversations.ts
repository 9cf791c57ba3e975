import multipart from '@fastify/multipart';
import {
  MESSAGE_FILES_PATH,
  ZAttachmentLink,
  ZConversation,
  ZMessagePreferences,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import { CUSTOMER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { discardAttachments, MESSAGE_FORM_LIMITS, readMessageForm } from '../../modules/conversations/message-form.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = { ...guardedErrorResponses, 413: guardedErrorResponses[400] };
const roles = CUSTOMER_ROLES;
const tags = ['customer'];
const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/**
 * The customer's conversation with the team on one of their organisation's orders (decision 119),
 * their unread count and their message e-mail preference. The order id is checked against the
 * caller's organisation before anything is read or written.
 */
/* The message e-mail preference is every signed-in person's own, whatever their portal. */
const customerConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));
  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });

  app.get(
    '/customer/orders/:id/conversation',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'The conversation with the team on one order, oldest message first',
        params: idParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => conversations.customer.get(actor(request), request.params.id),
  );

  app.post(
    '/customer/orders/:id/conversation/messages',
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
          .send(await conversations.customer.post(caller, request.params.id, message, attachments));
      } finally {
        await discardAttachments(app.files, attachments);
      }
    },
  );

  app.post(
    '/customer/orders/:id/conversation/read',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Mark the conversation read by the caller',
        params: idParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => conversations.customer.read(actor(request), request.params.id),
  );

  app.post(
    '/customer/orders/:id/conversation/attachments/:attachmentId/link',
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
      return conversations.customer.link(
        actor(request),
        request.params.id,
        request.params.attachmentId,
        MESSAGE_FILES_PATH,
      );
    },
  );

  app.get(
    '/customer/conversations/unread',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Unread messages of the caller on their organisation's orders",
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => conversations.unread(actor(request)),
  );

  app.get(
    '/account/message-preferences',
    {
      schema: {
        'x-roles': ['authenticated'],
        tags: ['account'],
        summary: 'Whether the caller is e-mailed digests of new messages',
        response: { 200: ZMessagePreferences, ...errors },
      },
    },
    async (request) => conversations.preferences(actor(request)),
  );

  app.put(
    '/account/message-preferences',
    {
      schema: {
        'x-roles': ['authenticated'],
        tags: ['account'],
        summary: 'Turn e-mail digests of new messages on or off for the caller',
        body: ZMessagePreferences,
        response: { 200: ZMessagePreferences, ...errors },
      },
    },
    async (request) => conversations.setPreferences(actor(request), request.body),
  );
};

export default customerConversationRoutes;
