import {
  ZApproveOnBehalfRequest,
  ZOrderReview,
  ZRequestChangesRequest,
} from '@spacecapture/shared/contracts/order-review';
import { ADMIN_ROLES, CUSTOMER_ROLES, PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../lib/actor.ts';
import { callerOf } from '../plugins/auth.ts';
import { guardedErrorResponses, idParams } from './route-schemas.ts';

const errors = guardedErrorResponses;

/**
 * The delivery review (decision 133), registered under /api: the customer's Approve all and
 * Request changes, the provider's view of the comments (re-delivery is Mark delivered), and the
 * admin's approval on the customer's behalf and closing. Both customer roles may review, as both
 * may accept quotes.
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/customer/orders/:id/review',
    {
      schema: {
        'x-roles': CUSTOMER_ROLES,
        'x-api-key-scope': 'orders:read',
        tags: ['customer'],
        summary: 'The review of an order: every change request with its comments, and every file version',
        params: idParams,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.customerView(actor(request), request.params.id),
  );

  app.post(
    '/customer/orders/:id/approve',
    {
      schema: {
        'x-roles': CUSTOMER_ROLES,
        tags: ['customer'],
        summary: 'Approve all: a delivered order becomes completed; the provider is told',
        params: idParams,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.approve(actor(request), request.params.id),
  );

  app.post(
    '/customer/orders/:id/request-changes',
    {
      schema: {
        'x-roles': CUSTOMER_ROLES,
        tags: ['customer'],
        summary:
          'Request changes: a delivered order goes back to its provider with comments, per file or for the whole delivery, optionally pinned to a point',
        params: idParams,
        body: ZRequestChangesRequest,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.requestChanges(actor(request), request.params.id, request.body),
  );

  app.get(
    '/provider/orders/:id/review',
    {
      schema: {
        'x-roles': PROVIDER_ROLES,
        tags: ['provider'],
        summary: "The customer's change requests and every file version of an order the organisation delivers",
        params: idParams,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.providerView(actor(request), request.params.id),
  );

  app.get(
    '/admin/orders/:id/review',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags: ['admin'],
        summary: 'Every review round of an order: change requests, comments and file versions',
        params: idParams,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.adminView(request.params.id),
  );

  app.post(
    '/admin/orders/:id/approve',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags: ['admin'],
        summary: "Approve a delivered order on the customer's behalf, with a reason (audited, e-mailed to both sides)",
        params: idParams,
        body: ZApproveOnBehalfRequest,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.approveOnBehalf(actor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/close',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags: ['admin'],
        summary: 'Close an order under review (delivered or changes requested) with a reason: it becomes completed',
        params: idParams,
        body: ZApproveOnBehalfRequest,
        response: { 200: ZOrderReview, ...errors },
      },
    },
    async (request) => review.close(actor(request), request.params.id, request.body),
  );
};

export default reviewRoutes;
