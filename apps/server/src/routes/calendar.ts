import { ZCalendarFeed, ZCalendarFeedCreated } from '@spacecapture/shared/contracts/scheduling';
import { boundedText } from '@spacecapture/shared/fields';
import { CUSTOMER_ROLES, PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../plugins/auth.ts';
import { declareRoutes } from './declare-routes.ts';

const MEMBERS = [...CUSTOMER_ROLES, ...PROVIDER_ROLES];
const MANAGERS = ['customer_admin', ...PROVIDER_ROLES];
const tags = ['calendar'];

/**
 * Calendar feeds (decision 146): the secret address's management on the account page, and the
 * feed itself, where the token in the address is the only authority.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendar } = app.services;
  const route = declareRoutes(app, { roles: MANAGERS, tags });

  route.get(
    '/account/calendar-feed',
    {
      roles: MEMBERS,
      summary:
        "Whether the caller's calendar address exists (a provider member's own, a customer organisation's shared one)",
      response: { 200: ZCalendarFeed },
    },
    async (request) => calendar.feed(actorOf(request)),
  );

  route.post(
    '/account/calendar-feed',
    {
      summary: 'Make a new secret calendar address, revoking the previous one; the address is shown only now',
      response: { 201: ZCalendarFeedCreated },
    },
    async (request, reply) => reply.status(201).send(await calendar.create(actorOf(request))),
  );

  route.delete(
    '/account/calendar-feed',
    { summary: 'Revoke the calendar address: it stops answering at once', response: { 200: ZCalendarFeed } },
    async (request) => calendar.revoke(actorOf(request)),
  );

  app.get(
    '/calendar/:token',
    {
      schema: {
        'x-roles': ['public'],
        tags,
        summary: 'The confirmed captures of a secret calendar address, as an iCalendar (RFC 5545) feed',
        // `<token>.ics`: named `token`, so the log redacts it as every link token (decision 179).
        params: z.object({ token: boundedText(100) }),
      },
    },
    async (request, reply) => {
      const text = await calendar.render(request.params.token);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .send(text);
    },
  );
};

export default calendarRoutes;
