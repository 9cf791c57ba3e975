import { ZProviderAvailabilityRequest, ZProviderAvailabilityResponse } from '@spacecapture/shared/contracts/dispatch';
import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';

/** The provider's availability for dispatch (decision 124): working hours, blocked dates, jobs per day, bases. */
const providerAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dispatch } = app.services;
  const route = declareRoutes(app, { roles: PROVIDER_ROLES, tags: ['provider'] });

  route.get(
    '/provider/availability',
    {
      summary: "The caller organisation's availability, or null before it is first saved",
      response: { 200: ZProviderAvailabilityResponse },
    },
    async (request) => dispatch.availability(actorOf(request)),
  );

  route.get(
    '/provider/readiness',
    {
      summary: 'What the caller organisation still needs before dispatch can offer it jobs',
      response: { 200: ZReadiness },
    },
    async (request) => dispatch.ownReadiness(actorOf(request)),
  );

  route.put(
    '/provider/availability',
    {
      roles: ['provider_admin'],
      summary: "Replace the caller organisation's availability",
      body: ZProviderAvailabilityRequest,
      response: { 200: ZProviderAvailabilityResponse },
    },
    async (request) => dispatch.updateAvailability(actorOf(request), request.body),
  );
};

export default providerAvailabilityRoutes;
