import { ZApiKey, ZApiKeyList, ZCreateApiKeyRequest, ZCreatedApiKey } from '@spacecapture/shared/contracts/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
/** A customer admin manages the organisation's keys (issue 15, decision 115). */
const roles = ['customer_admin'];
const tags = ['api-keys'];

/** The organisation's API keys, under /api/customer/api-keys. */
const customerApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/customer/api-keys',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "The organisation's API keys, newest first, with their scopes and last use",
        response: { 200: ZApiKeyList, ...errors },
      },
    },
    async (request) => {
      const caller = actor(request);
      return apiKeys.list(caller, caller.orgId);
    },
  );

  app.post(
    '/customer/api-keys',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Create an API key for the organisation; the answer holds the whole key, shown only this once',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey, ...errors },
      },
    },
    async (request, reply) => {
      const caller = actor(request);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await apiKeys.create(caller, caller.orgId, request.body));
    },
  );

  app.post(
    '/customer/api-keys/:id/revoke',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Revoke one of the organisation’s API keys: it is refused from the next request on',
        params: idParams,
        response: { 200: ZApiKey, ...errors },
      },
    },
    async (request) => {
      const caller = actor(request);
      return apiKeys.revoke(caller, caller.orgId, request.params.id);
    },
  );
};

export default customerApiKeyRoutes;
