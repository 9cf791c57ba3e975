import { ZProposeWindowsRequest, ZRescheduleRequest, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const tags = ['provider'];

/** The provider's side of scheduling an accepted job (decision 145). */
const providerSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduling } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/provider/assignments/:id/schedule',
    {
      schema: {
        'x-roles': PROVIDER_ROLES,
        tags,
        summary: "An accepted job's scheduling: proposed windows, the confirmed window, an open reschedule request",
        params: idParams,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) => scheduling.providerSchedule(actor(request), request.params.id),
  );

  app.post(
    '/provider/assignments/:id/windows',
    {
      schema: {
        'x-roles': PROVIDER_ROLES,
        tags,
        summary: 'Propose one to three capture windows for an accepted job (the customer picks one)',
        params: idParams,
        body: ZProposeWindowsRequest,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) => scheduling.providerPropose(actor(request), request.params.id, request.body.windows),
  );

  app.post(
    '/provider/assignments/:id/reschedule',
    {
      schema: {
        'x-roles': PROVIDER_ROLES,
        tags,
        summary: 'Ask to move a confirmed capture, with a reason (the confirmed window stands until a new pick)',
        params: idParams,
        body: ZRescheduleRequest,
        response: { 200: ZScheduleState, ...errors },
      },
    },
    async (request) => scheduling.providerReschedule(actor(request), request.params.id, request.body.reason),
  );
};

export default providerSchedulingRoutes;
