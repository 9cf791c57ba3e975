import { ZCascadeResponse, ZPickWindowRequest, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const roles = ADMIN_ROLES;
const tags = ['admin'];

/** Admin scheduling (decisions 144, 145): pick a window for the customer; see and stop an order's auto-offer cascade. */
const adminSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduling, cascades } = app.services;

  app.get(
    '/assignments/:id/schedule',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "An assignment's scheduling: proposed windows, the confirmed window, an open reschedule request",
        params: idParams,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) => scheduling.adminSchedule(request.params.id),
  );

  app.post(
    '/assignments/:id/schedule/pick',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Pick one of the provider's proposed windows on the customer's behalf",
        params: idParams,
        body: ZPickWindowRequest,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) =>
      scheduling.adminPick(toActor(callerOf(request)), request.params.id, new Date(request.body.start)),
  );

  app.get(
    '/orders/:id/cascade',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "An order's auto-offer cascade and its offers so far (null when none ran)",
        params: idParams,
        response: { 200: ZCascadeResponse, ...errors },
      },
    },
    async (request) => cascades.view(request.params.id),
  );

  app.post(
    '/orders/:id/cascade/stop',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Stop an order's auto-offer cascade (a live offer stays as it is)",
        params: idParams,
        response: { 200: ZCascadeResponse, ...errors },
      },
    },
    async (request) => cascades.stop(request.params.id, toActor(callerOf(request))),
  );
};

export default adminSchedulingRoutes;
