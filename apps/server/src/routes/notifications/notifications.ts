import {
  type TNotificationStreamEvent,
  ZNotification,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZNotificationPreferencesRequest,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { createNotificationStream } from '../../modules/notifications/notification-stream.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const SIGNED_IN = ['authenticated'];
const errors = guardedErrorResponses;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the browser opens a new one, which checks the session again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** How long the browser waits before reconnecting a stream that ended (EventSource's `retry`). */
const RECONNECT_MS = 3_000;

/**
 * The signed-in person's notifications, in every portal (decision 121): the bell's list and count,
 * marking read, the preferences matrix of their role, and a server-sent event stream of their
 * unread count that every instance feeds from the database's announcements (decision 122).
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const service = app.services.notifications;
  const stream = createNotificationStream({
    db: app.db,
    eventOf: (userId) => service.streamEvent(userId),
    log: app.log.child({ module: 'notifications' }),
  });
  const openResponses = new Set<() => void>();
  // Open streams would hold the server's close forever: they end first (the browser reconnects elsewhere).
  app.addHook('preClose', async () => {
    for (const end of [...openResponses]) end();
  });
  app.addHook('onClose', async () => {
    await stream.close();
  });
  await stream.ready;

  app.get(
    '/notifications',
    {
      schema: {
        'x-roles': SIGNED_IN,
        tags,
        summary: 'Your notifications, newest first (`unread` for the unread ones only), with the unread count',
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList, ...errors },
      },
    },
    async (request) => service.list(toActor(callerOf(request)), request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        'x-roles': SIGNED_IN,
        tags,
        summary: 'How many of your notifications are unread',
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => service.unreadCount(callerOf(request).userId),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        'x-roles': SIGNED_IN,
        tags,
        summary: 'Mark one of your notifications read',
        params: idParams,
        response: { 200: ZNotification, ...errors },
      },
    },
    async (request) => service.markRead(toActor(callerOf(request)), request.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        'x-roles': SIGNED_IN,
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => service.markAllRead(toActor(callerOf(request))),
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        'x-roles': SIGNED_IN,
        tags,
        summary: 'Your e-mail and in-app choice for each event your role receives',
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) => service.preferences(toActor(callerOf(request))),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        'x-roles': SIGNED_IN,
        tags,
        summary: 'Save your e-mail and in-app choices (only events your role receives)',
        body: ZNotificationPreferencesRequest,
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) => service.savePreferences(toActor(callerOf(request)), request.body),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        'x-roles': SIGNED_IN,
        'x-long-lived': true,
        tags,
        summary:
          'Server-sent events: `notifications` with your unread count and newest unread item, now and at each change',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      // Subscribed before the first event is read: a notification committed while it is read is
      // announced to this stream too, and read again once the stream is open (below), rather than
      // announced to nobody and missed until the next one.
      let deliver: ((event: TNotificationStreamEvent) => void) | undefined;
      let missed = false;
      const unsubscribe = stream.subscribe(userId, (event) => {
        if (deliver) deliver(event);
        else missed = true;
      });
      let first: TNotificationStreamEvent;
      try {
        first = await service.streamEvent(userId);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      // The security headers are already on the raw response (helmet sets them as the request arrives).
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'x-request-id': request.id,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (event: unknown) => raw.write(`event: notifications\ndata: ${JSON.stringify(event)}\n\n`);
      raw.write(`retry: ${RECONNECT_MS}\n\n`);
      send(first);
      deliver = send;
      if (missed) void stream.refresh(userId);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), STREAM_LIFETIME_MS);
      function end() {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        openResponses.delete(end);
        if (!raw.writableEnded) raw.end();
      }
      openResponses.add(end);
      request.raw.once('close', end);
      raw.once('close', end);
    },
  );
};

export default notificationRoutes;
