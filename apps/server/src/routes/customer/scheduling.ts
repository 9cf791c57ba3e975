import {
  ZPickWindowRequest,
  ZRescheduleRequest,
  ZScheduleResponse,
  ZScheduleState,
} from '@spacecapture/shared/contracts/scheduling';
import { CUSTOMER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const tags = ['customer'];

/** The customer's side of scheduling an order (decision 145): pick a proposed window, ask to reschedule. */
const customerSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduling } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/customer/orders/:id/schedule',
    {
      schema: {
        'x-roles': CUSTOMER_ROLES,
        tags,
        summary: "An order's scheduling once a provider accepted it (null before)",
        params: idParams,
        response: { 200: ZScheduleResponse, ...errors },
      },
    },
    async (request) => ({ schedule: await scheduling.customerSchedule(actor(request), request.params.id) }),
  );

  app.post(
    '/customer/orders/:id/schedule/pick',
    {
      schema: {
        'x-roles': CUSTOMER_ROLES,
        tags,
        summary:
          "Pick one of the provider's proposed windows (refused when it clashes with the provider's other captures or time off)",
        params: idParams,
        body: ZPickWindowRequest,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) => scheduling.customerPick(actor(request), request.params.id, new Date(request.body.start)),
  );

  app.post(
    '/customer/orders/:id/schedule/reschedule',
    {
      schema: {
        'x-roles': CUSTOMER_ROLES,
        tags,
        summary: 'Ask to move a confirmed capture, with a reason (the confirmed window stands until a new pick)',
        params: idParams,
        body: ZRescheduleRequest,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) => scheduling.customerReschedule(actor(request), request.params.id, request.body.reason),
  );
};

export default customerSchedulingRoutes;
