import {
  ZPickWindowRequest,
  ZRescheduleRequest,
  ZScheduleResponse,
  ZScheduleState,
} from '@spacecapture/shared/contracts/scheduling';
import { CUSTOMER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/** The customer's side of scheduling an order (decision 145): pick a proposed window, ask to reschedule. */
const customerSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduling } = app.services;
  const route = declareRoutes(app, { roles: CUSTOMER_ROLES, tags: ['customer'] });

  route.get(
    '/customer/orders/:id/schedule',
    {
      summary: "An order's scheduling once a provider accepted it (null before)",
      params: idParams,
      response: { 200: ZScheduleResponse },
    },
    async (request) => ({ schedule: await scheduling.customerSchedule(actorOf(request), request.params.id) }),
  );

  route.post(
    '/customer/orders/:id/schedule/pick',
    {
      summary:
        "Pick one of the provider's proposed windows (refused when it clashes with the provider's other captures or time off)",
      params: idParams,
      body: ZPickWindowRequest,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.customerPick(actorOf(request), request.params.id, new Date(request.body.start)),
  );

  route.post(
    '/customer/orders/:id/schedule/reschedule',
    {
      summary: 'Ask to move a confirmed capture, with a reason (the confirmed window stands until a new pick)',
      params: idParams,
      body: ZRescheduleRequest,
      response: { 200: ZScheduleState },
    },
    async (request) => scheduling.customerReschedule(actorOf(request), request.params.id, request.body.reason),
  );
};

export default customerSchedulingRoutes;
