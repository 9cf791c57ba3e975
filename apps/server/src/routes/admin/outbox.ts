import { ZOutboxEmailDetail, ZOutboxList, ZOutboxQuery } from '@spacecapture/shared/contracts/admin-console/outbox';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareRoutes } from '../declare-routes.ts';
import { signedInErrorResponses } from '../route-schemas.ts';

const errors = { ...signedInErrorResponses, 404: ZErrorResponse };

/** The outbox view: every e-mail the platform sent, kept, is retrying or gave up on. */
const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.outboxView;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'], errors });

  route.get(
    '/outbox',
    {
      summary: 'Outbox e-mails, newest first: status, recipients, subject, attempts, last error',
      querystring: ZOutboxQuery,
      response: { 200: ZOutboxList },
    },
    async (request) => service.list(request.query),
  );

  route.get(
    '/outbox/:id',
    {
      summary: 'One outbox e-mail with its HTML and text (links carrying a secret token redacted)',
      params: z.object({ id: z.uuid() }),
      response: { 200: ZOutboxEmailDetail },
    },
    async (request) => service.get(request.params.id),
  );
};

export default adminOutboxRoutes;
