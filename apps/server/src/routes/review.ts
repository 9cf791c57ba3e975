import {
  ZApproveOnBehalfRequest,
  ZOrderReview,
  ZRequestChangesRequest,
} from '@spacecapture/shared/contracts/order-review';
import { ADMIN_ROLES, CUSTOMER_ROLES, PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/auth.ts';
import { declareRoutes } from './declare-routes.ts';
import { idParams } from './route-schemas.ts';

/**
 * The delivery review (decision 133), registered under /api: the customer's Approve all and
 * Request changes, the provider's view of the comments (re-delivery is Mark delivered), and the
 * admin's approval on the customer's behalf and closing. Both customer roles may review, as both
 * may accept quotes.
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review } = app.services;
  const customer = declareRoutes(app, { roles: CUSTOMER_ROLES, tags: ['customer'] });
  const provider = declareRoutes(app, { roles: PROVIDER_ROLES, tags: ['provider'] });
  const admin = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'] });

  customer.get(
    '/customer/orders/:id/review',
    {
      apiKeyScope: 'orders:read',
      summary: 'The review of an order: every change request with its comments, and every file version',
      params: idParams,
      response: { 200: ZOrderReview },
    },
    async (request) => review.customerView(actorOf(request), request.params.id),
  );

  customer.post(
    '/customer/orders/:id/approve',
    {
      summary: 'Approve all: a delivered order becomes completed; the provider is told',
      params: idParams,
      response: { 200: ZOrderReview },
    },
    async (request) => review.approve(actorOf(request), request.params.id),
  );

  customer.post(
    '/customer/orders/:id/request-changes',
    {
      summary:
        'Request changes: a delivered order goes back to its provider with comments, per file or for the whole delivery, optionally pinned to a point',
      params: idParams,
      body: ZRequestChangesRequest,
      response: { 200: ZOrderReview },
    },
    async (request) => review.requestChanges(actorOf(request), request.params.id, request.body),
  );

  provider.get(
    '/provider/orders/:id/review',
    {
      summary: "The customer's change requests and every file version of an order the organisation delivers",
      params: idParams,
      response: { 200: ZOrderReview },
    },
    async (request) => review.providerView(actorOf(request), request.params.id),
  );

  admin.get(
    '/admin/orders/:id/review',
    {
      summary: 'Every review round of an order: change requests, comments and file versions',
      params: idParams,
      response: { 200: ZOrderReview },
    },
    async (request) => review.adminView(request.params.id),
  );

  admin.post(
    '/admin/orders/:id/approve',
    {
      summary: "Approve a delivered order on the customer's behalf, with a reason (audited, e-mailed to both sides)",
      params: idParams,
      body: ZApproveOnBehalfRequest,
      response: { 200: ZOrderReview },
    },
    async (request) => review.approveOnBehalf(actorOf(request), request.params.id, request.body),
  );

  admin.post(
    '/admin/orders/:id/close',
    {
      summary: 'Close an order under review (delivered or changes requested) with a reason: it becomes completed',
      params: idParams,
      body: ZApproveOnBehalfRequest,
      response: { 200: ZOrderReview },
    },
    async (request) => review.close(actorOf(request), request.params.id, request.body),
  );
};

export default reviewRoutes;
