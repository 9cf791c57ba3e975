import {
  ZWebhookDeliveryPage,
  ZWebhookDeliveryQuery,
  ZWebhookEndpointList,
} from '@spacecapture/shared/contracts/webhooks';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const roles = ADMIN_ROLES;

/**
 * The admins' read-only view of customers' webhook endpoints and their delivery logs (decision
 * 149), under /api/admin: to see why a customer's receiver missed an event. Changes stay with the
 * customer's own admins.
 */
const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  const route = declareRoutes(app, { roles, tags: ['webhooks'] });

  route.get(
    '/customers/:id/webhooks',
    {
      summary: "A customer organization's webhook endpoints (never their secrets)",
      params: idParams,
      response: { 200: ZWebhookEndpointList },
    },
    async (request) => ({ items: await webhooks.admin.list(request.params.id) }),
  );

  route.get(
    '/webhooks/:id/deliveries',
    {
      summary: 'The delivery log of any webhook endpoint, newest first',
      params: idParams,
      querystring: ZWebhookDeliveryQuery,
      response: { 200: ZWebhookDeliveryPage },
    },
    async (request) => webhooks.admin.deliveries(request.params.id, request.query),
  );
};

export default adminWebhookRoutes;
