import {
  ZDispatchRanking,
  ZDispatchRankingQuery,
  ZOrderDispatchDetails,
  ZSetOrderPlaceRequest,
} from '@spacecapture/shared/contracts/dispatch';
import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const roles = ADMIN_ROLES;
const tags = ['admin'];

/** Admin dispatch (decisions 123–125): place an order, rank the providers for it. */
const adminDispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dispatch } = app.services;

  app.get(
    '/assignments/ranking',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary:
          'Active providers for an order: the eligible ranked with a score and reasons, the others out with theirs',
        querystring: ZDispatchRankingQuery,
        response: { 200: ZDispatchRanking, ...errors },
      },
    },
    async (request) => dispatch.ranking(request.query.orderId),
  );

  app.get(
    '/providers/:id/readiness',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'What a provider organisation still needs before dispatch can offer it jobs',
        params: idParams,
        response: { 200: ZReadiness, ...errors },
      },
    },
    async (request) => dispatch.readiness(request.params.id),
  );

  app.put(
    '/orders/:id/place',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Set an order's place (and the customer's preferred windows and access notes when given)",
        params: idParams,
        body: ZSetOrderPlaceRequest,
        response: { 200: ZOrderDispatchDetails, ...errors },
      },
    },
    async (request) => dispatch.setOrderPlace(request.params.id, request.body, toActor(callerOf(request))),
  );
};

export default adminDispatchRoutes;
