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
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses } from '../route-schemas.ts';

const ROLES = ['customer_admin'] as const;
const errors = guardedErrorResponses;
const ZEndpointParams = z.object({ id: z.uuid() });

/**
 * A customer organisation's webhook endpoints (customer admins; issue 15, decisions 117 and 118).
 * Thin: the webhooks service holds the rules, the address policy and the audit.
 */
const customerWebhookRoutes: FastifyPluginAsyncZod<{ testSendsPerMinute: number }> = async (app, options) => {
  const tags = ['webhooks'];
  const { webhooks } = app.services;
  const actorOf = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/customer/webhooks',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: "Your organization's webhook endpoints",
        response: { 200: ZWebhookEndpointList, ...errors },
      },
    },
    async (request) => ({ items: await webhooks.list(actorOf(request)) }),
  );

  app.post(
    '/customer/webhooks',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'Add a webhook endpoint (its signing secret is shown in this answer only)',
        body: ZCreateWebhookEndpointRequest,
        response: { 201: ZWebhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(actorOf(request), request.body)),
  );

  app.patch(
    '/customer/webhooks/:id',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'Change, disable or enable a webhook endpoint',
        params: ZEndpointParams,
        body: ZUpdateWebhookEndpointRequest,
        response: { 200: ZWebhookEndpoint, ...errors },
      },
    },
    async (request) => webhooks.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/customer/webhooks/:id',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: ZEndpointParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/customer/webhooks/:id/rotate-secret',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'Replace the signing secret of a webhook endpoint (the new one is shown once)',
        params: ZEndpointParams,
        response: { 200: ZWebhookEndpointWithSecret, ...errors },
      },
    },
    async (request) => webhooks.rotateSecret(actorOf(request), request.params.id),
  );

  app.post(
    '/customer/webhooks/:id/test',
    {
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
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'Queue a test event to a webhook endpoint (a few a minute per organization)',
        params: ZEndpointParams,
        response: { 202: ZWebhookDelivery, ...errors, 429: ZErrorResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await webhooks.sendTest(actorOf(request), request.params.id)),
  );

  app.get(
    '/customer/webhooks/:id/deliveries',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'The delivery log of a webhook endpoint, newest first',
        params: ZEndpointParams,
        querystring: ZWebhookDeliveryQuery,
        response: { 200: ZWebhookDeliveryPage, ...errors },
      },
    },
    async (request) => webhooks.deliveries(actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/customer/webhooks/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        'x-roles': ROLES,
        tags,
        summary: 'Send a delivery again, from its first attempt',
        params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
        response: { 202: ZWebhookDelivery, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.replay(actorOf(request), request.params.id, request.params.deliveryId)),
  );
};

export default customerWebhookRoutes;
