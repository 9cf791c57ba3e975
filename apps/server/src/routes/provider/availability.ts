import { ZProviderAvailabilityRequest, ZProviderAvailabilityResponse } from '@spacecapture/shared/contracts/dispatch';
import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const tags = ['provider'];

/** The provider's availability for dispatch (decision 124): working hours, blocked dates, jobs per day, bases. */
const providerAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dispatch } = app.services;

  app.get(
    '/provider/availability',
    {
      schema: {
        'x-roles': PROVIDER_ROLES,
        tags,
        summary: "The caller organisation's availability, or null before it is first saved",
        response: { 200: ZProviderAvailabilityResponse, ...errors },
      },
    },
    async (request) => dispatch.availability(toActor(callerOf(request))),
  );

  app.get(
    '/provider/readiness',
    {
      schema: {
        'x-roles': PROVIDER_ROLES,
        tags,
        summary: 'What the caller organisation still needs before dispatch can offer it jobs',
        response: { 200: ZReadiness, ...errors },
      },
    },
    async (request) => dispatch.ownReadiness(toActor(callerOf(request))),
  );

  app.put(
    '/provider/availability',
    {
      schema: {
        'x-roles': ['provider_admin'],
        tags,
        summary: "Replace the caller organisation's availability",
        body: ZProviderAvailabilityRequest,
        response: { 200: ZProviderAvailabilityResponse, ...errors },
      },
    },
    async (request) => dispatch.updateAvailability(toActor(callerOf(request)), request.body),
  );
};

export default providerAvailabilityRoutes;
