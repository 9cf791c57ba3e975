import { ZApiKey, ZApiKeyList, ZCreateApiKeyRequest, ZCreatedApiKey } from '@spacecapture/shared/contracts/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TActor } from '../lib/actor.ts';
import { actorOf } from '../plugins/auth.ts';
import type { TRouteRoles } from '../plugins/openapi.ts';
import { declareRoutes } from './declare-routes.ts';
import { idParams } from './route-schemas.ts';

/**
 * The API keys of one owner, listed, created and revoked under `path` (issue 15, decision 115): the
 * platform's keys (no organisation) for master admins, an organisation's for its customer admins.
 */
export function apiKeyRoutes(options: {
  path: string;
  roles: TRouteRoles;
  owner: 'platform' | 'organisation';
}): FastifyPluginAsyncZod {
  const { path, owner } = options;
  const orgOf = (caller: TActor) => (owner === 'platform' ? null : caller.orgId);
  return async (app) => {
    const { apiKeys } = app.services;
    const route = declareRoutes(app, { roles: options.roles, tags: ['api-keys'] });

    route.get(
      path,
      {
        summary: `The ${owner}'s API keys, newest first, with their scopes and last use`,
        response: { 200: ZApiKeyList },
      },
      async (request) => {
        const caller = actorOf(request);
        return apiKeys.list(caller, orgOf(caller));
      },
    );

    route.post(
      path,
      {
        summary: `Create an API key for the ${owner}; the answer holds the whole key, shown only this once`,
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey },
      },
      async (request, reply) => {
        const caller = actorOf(request);
        reply.header('Cache-Control', 'no-store');
        return reply.status(201).send(await apiKeys.create(caller, orgOf(caller), request.body));
      },
    );

    route.post(
      `${path}/:id/revoke`,
      {
        summary: `Revoke one of the ${owner}’s API keys: it is refused from the next request on`,
        params: idParams,
        response: { 200: ZApiKey },
      },
      async (request) => {
        const caller = actorOf(request);
        return apiKeys.revoke(caller, orgOf(caller), request.params.id);
      },
    );
  };
}
