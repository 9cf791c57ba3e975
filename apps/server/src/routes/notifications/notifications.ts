import {
  type TNotificationStreamEvent,
  ZNotification,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZNotificationPreferencesRequest,
  ZUnreadCount,
} from '@spacecapture/shared/contracts/notifications';
import { AppError, ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStreamBudget, type TStreamLimits } from '../../lib/stream-budget.ts';
import { listenToSessionEnds, liveSessionIds } from '../../modules/auth/session-ends.ts';
import { createNotificationStream } from '../../modules/notifications/notification-stream.ts';
import { actorOf, callerOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const SIGNED_IN = ['authenticated'];
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the browser opens a new one, which checks the session again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** How long the browser waits before reconnecting a stream that ended (EventSource's `retry`). */
const RECONNECT_MS = 3_000;
/** Retry-After of a stream refused at a cap; the page polls meanwhile (notification-stream.ts in the web app). */
const REFUSED_RETRY_AFTER_SECONDS = 30;

/**
 * The signed-in person's notifications, in every portal (decision 121): the bell's list and count,
 * marking read, the preferences matrix of their role, and a server-sent event stream of their
 * unread count that every instance feeds from the database's announcements (decision 122).
 */
const notificationRoutes: FastifyPluginAsyncZod<{ streams: TStreamLimits }> = async (app, options) => {
  const service = app.services.notifications;
  const route = declareRoutes(app, { roles: SIGNED_IN, tags: ['notifications'] });
  const log = app.log.child({ module: 'notifications' });
  const stream = createNotificationStream({
    db: app.db,
    eventOf: (userId) => service.streamEvent(userId),
    log,
  });
  const budget = createStreamBudget(options.streams);
  const openResponses = new Set<() => void>();
  /** The open streams of each session, ended when the session ends (decision 176). */
  const bySession = new Map<string, Set<() => void>>();
  const endSession = (sessionId: string) => {
    for (const end of [...(bySession.get(sessionId) ?? [])]) end();
  };
  const sessionEnds = listenToSessionEnds(app.db, endSession, {
    log,
    // Sessions that ended while the listening connection was down were not announced: checked now.
    onResumed: () => {
      liveSessionIds(app.db, [...bySession.keys()], new Date()).then(
        (live) => {
          for (const sessionId of [...bySession.keys()]) if (!live.has(sessionId)) endSession(sessionId);
        },
        (error: unknown) => log.error({ err: error }, "notifications: could not check the open streams' sessions"),
      );
    },
  });
  // Open streams would hold the server's close forever: they end first (the browser reconnects elsewhere).
  app.addHook('preClose', async () => {
    for (const end of [...openResponses]) end();
  });
  app.addHook('onClose', async () => {
    await Promise.all([stream.close(), sessionEnds.close()]);
  });
  await Promise.all([stream.ready, sessionEnds.ready]);

  route.get(
    '/notifications',
    {
      summary: 'Your notifications, newest first (`unread` for the unread ones only), with the unread count',
      querystring: ZNotificationListQuery,
      response: { 200: ZNotificationList },
    },
    async (request) => service.list(actorOf(request), request.query),
  );

  route.get(
    '/notifications/unread-count',
    { summary: 'How many of your notifications are unread', response: { 200: ZUnreadCount } },
    async (request) => service.unreadCount(callerOf(request).userId),
  );

  route.post(
    '/notifications/:id/read',
    { summary: 'Mark one of your notifications read', params: idParams, response: { 200: ZNotification } },
    async (request) => service.markRead(actorOf(request), request.params.id),
  );

  route.post(
    '/notifications/read-all',
    { summary: 'Mark all your notifications read', response: { 200: ZUnreadCount } },
    async (request) => service.markAllRead(actorOf(request)),
  );

  route.get(
    '/notifications/preferences',
    {
      summary: 'Your e-mail and in-app choice for each event your role receives',
      response: { 200: ZNotificationPreferences },
    },
    async (request) => service.preferences(actorOf(request)),
  );

  route.put(
    '/notifications/preferences',
    {
      summary: 'Save your e-mail and in-app choices (only events your role receives)',
      body: ZNotificationPreferencesRequest,
      response: { 200: ZNotificationPreferences },
    },
    async (request) => service.savePreferences(actorOf(request), request.body),
  );

  route.get(
    '/notifications/stream',
    {
      'x-long-lived': true,
      summary:
        'Server-sent events: `notifications` with your unread count and newest unread item, now and at each change; ends with your session',
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('text/event-stream'), 429: ZErrorResponse, 503: ZErrorResponse },
    },
    async (request, reply) => {
      const { userId, sessionId, sessionExpiresAt } = callerOf(request);
      const admission = budget.admit(userId, request.ip);
      if (!admission.admitted) {
        reply.header('Retry-After', String(REFUSED_RETRY_AFTER_SECONDS));
        if (admission.cap === 'total') {
          throw new AppError(
            'unavailable',
            'Too many live updates are open on the server. The page checks now and then instead.',
          );
        }
        throw new AppError(
          'rate_limited',
          admission.cap === 'user'
            ? 'You have too many pages with live updates open. Close some, or the others check now and then instead.'
            : 'Too many live updates are open from your network. The page checks now and then instead.',
        );
      }
      // Subscribed before the first event is read: a notification committed while it is read is
      // announced to this stream too, and read again once the stream is open (below), rather than
      // announced to nobody and missed until the next one. The same for the session's end.
      let deliver: ((event: TNotificationStreamEvent) => void) | undefined;
      let missed = false;
      const unsubscribe = stream.subscribe(userId, (event) => {
        if (deliver) deliver(event);
        else missed = true;
      });
      const raw = reply.raw;
      let opened = false;
      let ended = false;
      let heartbeat: NodeJS.Timeout | undefined;
      let lifetime: NodeJS.Timeout | undefined;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        admission.release();
        openResponses.delete(end);
        const ofSession = bySession.get(sessionId);
        ofSession?.delete(end);
        if (ofSession?.size === 0) bySession.delete(sessionId);
        if (opened && !raw.writableEnded) raw.end();
      };
      openResponses.add(end);
      let ofSession = bySession.get(sessionId);
      if (!ofSession) {
        ofSession = new Set();
        bySession.set(sessionId, ofSession);
      }
      ofSession.add(end);
      // From the start: a client that leaves while the first event is read frees its place at once.
      request.raw.once('close', end);
      raw.once('close', end);
      let first: TNotificationStreamEvent;
      try {
        first = await service.streamEvent(userId);
      } catch (error) {
        end();
        throw error;
      }
      if (ended) {
        if (raw.destroyed) return reply.hijack();
        throw new AppError('unauthenticated', 'Your session ended. Please sign in again.');
      }
      // The security headers are already on the raw response (helmet sets them as the request arrives).
      reply.hijack();
      opened = true;
      raw.writeHead(200, {
        'x-request-id': request.id,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      // Open now: it counts against the streams' budget, no longer against ordinary requests'.
      request.leaveInFlight?.();
      const send = (event: unknown) => raw.write(`event: notifications\ndata: ${JSON.stringify(event)}\n\n`);
      raw.write(`retry: ${RECONNECT_MS}\n\n`);
      send(first);
      deliver = send;
      if (missed) void stream.refresh(userId);
      heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      // No longer than the session: an expiry is not announced, so the stream ends on time by itself.
      const untilExpiry = sessionExpiresAt ? sessionExpiresAt.getTime() - Date.now() : STREAM_LIFETIME_MS;
      lifetime = setTimeout(end, Math.max(0, Math.min(STREAM_LIFETIME_MS, untilExpiry)));
    },
  );
};

export default notificationRoutes;
