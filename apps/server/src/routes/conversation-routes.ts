import multipart from '@fastify/multipart';
import {
  MESSAGE_FILES_PATH,
  ZAttachmentLink,
  ZConversation,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TActor, toActor } from '../lib/actor.ts';
import { discardAttachments, MESSAGE_FORM_LIMITS, readMessageForm } from '../modules/conversations/message-form.ts';
import { callerOf } from '../plugins/auth.ts';
import type { TRouteRoles } from '../plugins/openapi.ts';
import { guardedErrorResponses, idParams } from './route-schemas.ts';

/** A message over the size limit answers 413 in the same error shape as the others. */
export const conversationErrors = { ...guardedErrorResponses, 413: guardedErrorResponses[400] };

const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

type TApp = Parameters<FastifyPluginAsyncZod>[0];
type TRequest = Parameters<typeof callerOf>[0];

export type TConversationRouteOptions = {
  /** Which of the service's sides answers: it checks `:id` against the caller before anything else. */
  side: 'customer' | 'provider' | 'admin';
  roles: TRouteRoles;
  /** The conversation's own path, with `:id` the id the side's service checks (order, assignment or conversation). */
  conversationPath: string;
  unreadPath: string;
  summaries: { conversation: string; unread: string };
  /** A side's own routes, registered in the same context (the multipart parser included). */
  more?: (app: TApp, actor: (request: TRequest) => TActor) => void;
};

/**
 * The routes every side of a conversation has alike (decision 119): read it, post to it (JSON or
 * multipart with attachments), mark it read, link an attachment, and the caller's unread count.
 * Each portal mounts one with its own paths, roles and side of the conversations service.
 */
export function conversationRoutes(options: TConversationRouteOptions): FastifyPluginAsyncZod {
  const { side, conversationPath, unreadPath, summaries } = options;
  const { roles } = options;
  const tags = [side];
  const errors = conversationErrors;
  return async (app) => {
    const { conversations } = app.services;
    const service = conversations[side];
    const actor = (request: TRequest) => toActor(callerOf(request));
    await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });

    app.get(
      conversationPath,
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: summaries.conversation,
          params: idParams,
          response: { 200: ZConversation, ...errors },
        },
      },
      async (request) => service.get(actor(request), request.params.id),
    );

    app.post(
      `${conversationPath}/messages`,
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
          return reply.status(201).send(await service.post(caller, request.params.id, message, attachments));
        } finally {
          await discardAttachments(app.files, attachments);
        }
      },
    );

    app.post(
      `${conversationPath}/read`,
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: 'Mark the conversation read by the caller',
          params: idParams,
          response: { 200: ZConversation, ...errors },
        },
      },
      async (request) => service.read(actor(request), request.params.id),
    );

    app.post(
      `${conversationPath}/attachments/:attachmentId/link`,
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
        return service.link(actor(request), request.params.id, request.params.attachmentId, MESSAGE_FILES_PATH);
      },
    );

    app.get(
      unreadPath,
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: summaries.unread,
          response: { 200: ZUnreadCount, ...errors },
        },
      },
      async (request) => conversations.unread(actor(request)),
    );

    options.more?.(app, actor);
  };
}
