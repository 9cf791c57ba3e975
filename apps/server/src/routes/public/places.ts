import { ZPlaceList, ZPlaceSearchQuery } from '@spacecapture/shared/contracts/dispatch';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Requests per minute per address: an autocomplete asks once per pause in typing. */
const PLACES_PER_MINUTE = 120;

/** GET /api/places?q=: the gazetteer's autocomplete for the request forms and the admin (decision 123). */
const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { places } = app.services;
  app.get(
    '/places',
    {
      config: { rateLimit: { max: PLACES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary: 'Places whose name starts with the query, most populous first',
        querystring: ZPlaceSearchQuery,
        response: { 200: ZPlaceList, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => places.search(request.query.q, request.query.limit),
  );
};

export default placesRoutes;
