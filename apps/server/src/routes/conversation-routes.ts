import multipart from '@fastify/multipart';
import {
  MESSAGE_FILES_PATH,
  ZAttachmentLink,
  ZConversation,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discardAttachments, MESSAGE_FORM_LIMITS, readMessageForm } from '../modules/conversations/message-form.ts';
import { actorOf } from '../plugins/auth.ts';
import type { TRouteRoles } from '../plugins/openapi.ts';
import { declareRoutes, type TRouteDeclarer } from './declare-routes.ts';
import { guardedErrorResponses, idParams } from './route-schemas.ts';

/** A message over the size limit answers 413 in the same error shape as the others. */
export const conversationErrors = { ...guardedErrorResponses, 413: guardedErrorResponses[400] };

const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

type TApp = Parameters<FastifyPluginAsyncZod>[0];

export type TConversationRouteOptions = {
  /** Which of the service's sides answers: it checks `:id` against the caller before anything else. */
  side: 'customer' | 'provider' | 'admin';
  roles: TRouteRoles;
  /** The conversation's own path, with `:id` the id the side's service checks (order, assignment or conversation). */
  conversationPath: string;
  unreadPath: string;
  summaries: { conversation: string; unread: string };
  /**
   * A side's own routes, registered in the same context (the multipart parser included); `route`
   * declares them with the side's roles, tags and errors.
   */
  more?: (app: TApp, route: TRouteDeclarer<typeof conversationErrors>) => void;
};

/**
 * The routes every side of a conversation has alike (decision 119): read it, post to it (JSON or
 * multipart with attachments), mark it read, link an attachment, and the caller's unread count.
 * Each portal mounts one with its own paths, roles and side of the conversations service.
 */
export function conversationRoutes(options: TConversationRouteOptions): FastifyPluginAsyncZod {
  const { side, conversationPath, unreadPath, summaries } = options;
  return async (app) => {
    const { conversations } = app.services;
    const service = conversations[side];
    const route = declareRoutes(app, { roles: options.roles, tags: [side], errors: conversationErrors });
    await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });

    route.get(
      conversationPath,
      { summary: summaries.conversation, params: idParams, response: { 200: ZConversation } },
      async (request) => service.get(actorOf(request), request.params.id),
    );

    route.post(
      `${conversationPath}/messages`,
      {
        summary: 'Post a message (JSON `{ body }`, or multipart with `body` and up to 5 `attachments`)',
        description: 'Attachments: PNG, JPEG, WebP or PDF, checked by content, at most 10 MB each.',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 201: ZConversation },
      },
      async (request, reply) => {
        const caller = actorOf(request);
        const { message, attachments } = await readMessageForm(request, app.files);
        try {
          return reply.status(201).send(await service.post(caller, request.params.id, message, attachments));
        } finally {
          await discardAttachments(app.files, attachments);
        }
      },
    );

    route.post(
      `${conversationPath}/read`,
      { summary: 'Mark the conversation read by the caller', params: idParams, response: { 200: ZConversation } },
      async (request) => service.read(actorOf(request), request.params.id),
    );

    route.post(
      `${conversationPath}/attachments/:attachmentId/link`,
      {
        summary: 'A signed download URL for one attachment, valid 300 seconds',
        params: attachmentParams,
        response: { 200: ZAttachmentLink },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return service.link(actorOf(request), request.params.id, request.params.attachmentId, MESSAGE_FILES_PATH);
      },
    );

    route.get(unreadPath, { summary: summaries.unread, response: { 200: ZUnreadCount } }, async (request) =>
      conversations.unread(actorOf(request)),
    );

    options.more?.(app, route);
  };
}
