import {
  ZDispatchRanking,
  ZDispatchRankingQuery,
  ZOrderDispatchDetails,
  ZSetOrderPlaceRequest,
} from '@spacecapture/shared/contracts/dispatch';
import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const roles = ADMIN_ROLES;

/** Admin dispatch (decisions 123–125): place an order, rank the providers for it. */
const adminDispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dispatch } = app.services;
  const route = declareRoutes(app, { roles, tags: ['admin'] });

  route.get(
    '/assignments/ranking',
    {
      summary:
        'Active providers for an order: the eligible ranked with a score and reasons, the others out with theirs',
      querystring: ZDispatchRankingQuery,
      response: { 200: ZDispatchRanking },
    },
    async (request) => dispatch.ranking(request.query.orderId),
  );

  route.get(
    '/providers/:id/readiness',
    {
      summary: 'What a provider organisation still needs before dispatch can offer it jobs',
      params: idParams,
      response: { 200: ZReadiness },
    },
    async (request) => dispatch.readiness(request.params.id),
  );

  route.put(
    '/orders/:id/place',
    {
      summary: "Set an order's place (and the customer's preferred windows and access notes when given)",
      params: idParams,
      body: ZSetOrderPlaceRequest,
      response: { 200: ZOrderDispatchDetails },
    },
    async (request) => dispatch.setOrderPlace(request.params.id, request.body, actorOf(request)),
  );
};

export default adminDispatchRoutes;
