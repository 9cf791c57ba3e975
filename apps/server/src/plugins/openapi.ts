import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TApiKeyScope } from '@spacecapture/shared/contracts/api-keys';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Who may call an operation: `public`, `authenticated`, or role names. */
export type TRouteRoles = readonly string[];

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifySchema {
    'x-roles'?: TRouteRoles;
    /** The scope an API key needs to call the operation; without it, keys are refused (decision 115). */
    'x-api-key-scope'?: TApiKeyScope;
  }
}

/**
 * The OpenAPI document, generated from the zod schemas that validate requests. Every API
 * operation must state its roles in `x-roles`: a route without them stops the start.
 */
export default fp(
  async (app: FastifyInstance, options: { version: string }) => {
    app.addHook('onRoute', (route) => {
      const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
      if (isApi && route.method !== 'HEAD' && !route.schema?.['x-roles']) {
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare x-roles.`);
      }
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'SpaceCapture API',
          description: 'The marketplace API. Each operation lists the roles that may call it in `x-roles`.',
          version: options.version,
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
    app.get('/api/openapi.json', { schema: { hide: true, 'x-roles': ['public'] } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
