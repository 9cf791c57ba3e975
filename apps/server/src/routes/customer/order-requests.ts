import {
  ZCreateCustomerOrderRequest,
  ZCreateCustomerOrderResponse,
  ZCustomerSitesResponse,
  ZOrderAgainResponse,
} from '@spacecapture/shared/contracts/customer-portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { parseIdempotencyKey } from '../../modules/idempotency/idempotency.ts';
import { actorOf, callerOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idempotencyKeyHeaders, idParams } from '../route-schemas.ts';

/** Every member of a customer organisation may order for it, as every member may answer its quotes (decision 104). */
const roles = ['customer_admin', 'customer_user'];

/** New requests from the customer portal and "Order again" (issue 17 item 2), under /api. */
const customerOrderRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderRequests } = app.services;
  const route = declareRoutes(app, { roles, tags: ['customer'] });

  route.post(
    '/customer/orders',
    {
      apiKeyScope: 'capture_requests:create',
      summary: "Order a capture for the caller's organisation: an order awaiting its quote, no lead to triage",
      headers: idempotencyKeyHeaders,
      body: ZCreateCustomerOrderRequest,
      response: { 201: ZCreateCustomerOrderResponse },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const caller = callerOf(request);
      const customer = { ...toActor(caller), name: caller.profile.name, email: caller.profile.email };
      return reply.status(201).send(await orderRequests.create(customer, request.body, key));
    },
  );

  route.get(
    '/customer/sites',
    {
      summary: 'The addresses the organisation ordered for, most recently used first',
      response: { 200: ZCustomerSitesResponse },
    },
    async (request) => orderRequests.sites(actorOf(request)),
  );

  route.get(
    '/customer/orders/:id/order-again',
    {
      summary: "A past order's site, capture type and options, to order it again",
      params: idParams,
      response: { 200: ZOrderAgainResponse },
    },
    async (request) => orderRequests.orderAgain(actorOf(request), request.params.id),
  );
};

export default customerOrderRequestRoutes;
