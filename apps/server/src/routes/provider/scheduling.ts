import { ZProposeWindowsRequest, ZRescheduleRequest, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/** The provider's side of scheduling an accepted job (decision 145). */
const providerSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduling } = app.services;
  const route = declareRoutes(app, { roles: PROVIDER_ROLES, tags: ['provider'] });

  route.get(
    '/provider/assignments/:id/schedule',
    {
      summary: "An accepted job's scheduling: proposed windows, the confirmed window, an open reschedule request",
      params: idParams,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.providerSchedule(actorOf(request), request.params.id),
  );

  route.post(
    '/provider/assignments/:id/windows',
    {
      summary: 'Propose one to three capture windows for an accepted job (the customer picks one)',
      params: idParams,
      body: ZProposeWindowsRequest,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.providerPropose(actorOf(request), request.params.id, request.body.windows),
  );

  route.post(
    '/provider/assignments/:id/reschedule',
    {
      summary: 'Ask to move a confirmed capture, with a reason (the confirmed window stands until a new pick)',
      params: idParams,
      body: ZRescheduleRequest,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.providerReschedule(actorOf(request), request.params.id, request.body.reason),
  );
};

export default providerSchedulingRoutes;
