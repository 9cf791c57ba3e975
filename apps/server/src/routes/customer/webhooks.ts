import {
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointWithSecret,
} from '@spacecapture/shared/contracts/webhooks';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, callerOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';

const ROLES = ['customer_admin'] as const;
const ZEndpointParams = z.object({ id: z.uuid() });

/**
 * A customer organisation's webhook endpoints (customer admins; issue 15, decisions 117 and 118).
 * Thin: the webhooks service holds the rules, the address policy and the audit.
 */
const customerWebhookRoutes: FastifyPluginAsyncZod<{ testSendsPerMinute: number }> = async (app, options) => {
  const { webhooks } = app.services;
  const route = declareRoutes(app, { roles: ROLES, tags: ['webhooks'] });

  route.get(
    '/customer/webhooks',
    { summary: "Your organization's webhook endpoints", response: { 200: ZWebhookEndpointList } },
    async (request) => ({ items: await webhooks.list(actorOf(request)) }),
  );

  route.post(
    '/customer/webhooks',
    {
      summary: 'Add a webhook endpoint (its signing secret is shown in this answer only)',
      body: ZCreateWebhookEndpointRequest,
      response: { 201: ZWebhookEndpointWithSecret },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(actorOf(request), request.body)),
  );

  route.patch(
    '/customer/webhooks/:id',
    {
      summary: 'Change, disable or enable a webhook endpoint',
      params: ZEndpointParams,
      body: ZUpdateWebhookEndpointRequest,
      response: { 200: ZWebhookEndpoint },
    },
    async (request) => webhooks.update(actorOf(request), request.params.id, request.body),
  );

  route.delete(
    '/customer/webhooks/:id',
    { summary: 'Delete a webhook endpoint and its delivery log', params: ZEndpointParams, response: { 204: z.null() } },
    async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route.post(
    '/customer/webhooks/:id/rotate-secret',
    {
      summary: 'Replace the signing secret of a webhook endpoint (the new one is shown once)',
      params: ZEndpointParams,
      response: { 200: ZWebhookEndpointWithSecret },
    },
    async (request) => webhooks.rotateSecret(actorOf(request), request.params.id),
  );

  route.post(
    '/customer/webhooks/:id/test',
    {
      summary: 'Queue a test event to a webhook endpoint (a few a minute per organization)',
      params: ZEndpointParams,
      response: { 202: ZWebhookDelivery, 429: ZErrorResponse },
      options: {
        // Counted per organisation once the guard knows it: test sends are cheap to ask for and
        // each one is an outgoing request (decision 183).
        config: {
          rateLimit: {
            max: options.testSendsPerMinute,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (request) => `webhook-test:${callerOf(request).orgId ?? callerOf(request).userId}`,
          },
        },
      },
    },
    async (request, reply) => reply.status(202).send(await webhooks.sendTest(actorOf(request), request.params.id)),
  );

  route.get(
    '/customer/webhooks/:id/deliveries',
    {
      summary: 'The delivery log of a webhook endpoint, newest first',
      params: ZEndpointParams,
      querystring: ZWebhookDeliveryQuery,
      response: { 200: ZWebhookDeliveryPage },
    },
    async (request) => webhooks.deliveries(actorOf(request), request.params.id, request.query),
  );

  route.post(
    '/customer/webhooks/:id/deliveries/:deliveryId/replay',
    {
      summary: 'Send a delivery again, from its first attempt',
      params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
      response: { 202: ZWebhookDelivery },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.replay(actorOf(request), request.params.id, request.params.deliveryId)),
  );
};

export default customerWebhookRoutes;
