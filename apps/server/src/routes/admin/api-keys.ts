import { ZApiKey, ZApiKeyList, ZCreateApiKeyRequest, ZCreatedApiKey } from '@spacecapture/shared/contracts/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
/** A master admin manages the platform's keys (no organisation) (issue 15, decision 115). */
const roles = ['master_admin'];
const tags = ['api-keys'];

/** The platform's API keys, under /api/admin/api-keys. */
const adminApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/api-keys',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "The platform's API keys, newest first, with their scopes and last use",
        response: { 200: ZApiKeyList, ...errors },
      },
    },
    async (request) => {
      const caller = actor(request);
      return apiKeys.list(caller, null);
    },
  );

  app.post(
    '/api-keys',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Create an API key for the platform; the answer holds the whole key, shown only this once',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey, ...errors },
      },
    },
    async (request, reply) => {
      const caller = actor(request);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await apiKeys.create(caller, null, request.body));
    },
  );

  app.post(
    '/api-keys/:id/revoke',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Revoke one of the platform’s API keys: it is refused from the next request on',
        params: idParams,
        response: { 200: ZApiKey, ...errors },
      },
    },
    async (request) => {
      const caller = actor(request);
      return apiKeys.revoke(caller, null, request.params.id);
    },
  );
};

export default adminApiKeyRoutes;
