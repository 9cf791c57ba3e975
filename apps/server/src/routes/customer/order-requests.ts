import {
  ZCreateCustomerOrderRequest,
  ZCreateCustomerOrderResponse,
  ZCustomerSitesResponse,
  ZOrderAgainResponse,
} from '@spacecapture/shared/contracts/customer-portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { parseIdempotencyKey } from '../../modules/idempotency/idempotency.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idempotencyKeyHeaders, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
/** Every member of a customer organisation may order for it, as every member may answer its quotes (decision 104). */
const roles = ['customer_admin', 'customer_user'];
const tags = ['customer'];

/** New requests from the customer portal and "Order again" (issue 17 item 2), under /api. */
const customerOrderRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderRequests } = app.services;

  app.post(
    '/customer/orders',
    {
      schema: {
        'x-roles': roles,
        'x-api-key-scope': 'capture_requests:create',
        tags,
        summary: "Order a capture for the caller's organisation: an order awaiting its quote, no lead to triage",
        headers: idempotencyKeyHeaders,
        body: ZCreateCustomerOrderRequest,
        response: { 201: ZCreateCustomerOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const caller = callerOf(request);
      const customer = { ...toActor(caller), name: caller.profile.name, email: caller.profile.email };
      return reply.status(201).send(await orderRequests.create(customer, request.body, key));
    },
  );

  app.get(
    '/customer/sites',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'The addresses the organisation ordered for, most recently used first',
        response: { 200: ZCustomerSitesResponse, ...errors },
      },
    },
    async (request) => orderRequests.sites(toActor(callerOf(request))),
  );

  app.get(
    '/customer/orders/:id/order-again',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "A past order's site, capture type and options, to order it again",
        params: idParams,
        response: { 200: ZOrderAgainResponse, ...errors },
      },
    },
    async (request) => orderRequests.orderAgain(toActor(callerOf(request)), request.params.id),
  );
};

export default customerOrderRequestRoutes;
