import { ZCascadeResponse, ZPickWindowRequest, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const roles = ADMIN_ROLES;

/** Admin scheduling (decisions 144, 145): pick a window for the customer; see and stop an order's auto-offer cascade. */
const adminSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduling, cascades } = app.services;
  const route = declareRoutes(app, { roles, tags: ['admin'] });

  route.get(
    '/assignments/:id/schedule',
    {
      summary: "An assignment's scheduling: proposed windows, the confirmed window, an open reschedule request",
      params: idParams,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.adminSchedule(request.params.id),
  );

  route.post(
    '/assignments/:id/schedule/pick',
    {
      summary: "Pick one of the provider's proposed windows on the customer's behalf",
      params: idParams,
      body: ZPickWindowRequest,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.adminPick(actorOf(request), request.params.id, new Date(request.body.start)),
  );

  route.get(
    '/orders/:id/cascade',
    {
      summary: "An order's auto-offer cascade and its offers so far (null when none ran)",
      params: idParams,
      response: { 200: ZCascadeResponse },
    },
    async (request) => cascades.view(request.params.id),
  );

  route.post(
    '/orders/:id/cascade/stop',
    {
      summary: "Stop an order's auto-offer cascade (a live offer stays as it is)",
      params: idParams,
      response: { 200: ZCascadeResponse },
    },
    async (request) => cascades.stop(request.params.id, actorOf(request)),
  );
};

export default adminSchedulingRoutes;
