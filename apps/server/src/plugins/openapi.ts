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
    /**
     * The answer stays open by design (a server-sent event stream): generic walkers of the
     * document, which wait for each answer's end, test such operations over real HTTP instead.
     */
    'x-long-lived'?: true;
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** The session cookie the auth library sets (its prefix is ours; see auth-library.ts). */
const SESSION_COOKIE = 'spacecapture.session_token';

type TOperation = {
  'x-roles'?: readonly string[];
  'x-api-key-scope'?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
};

/** `post /api/customer/orders/{id}/rating` → `postCustomerOrdersIdRating`: stable, readable, unique per operation. */
export function operationIdOf(method: string, url: string) {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/**
 * Who may call an operation, in OpenAPI terms (decision 116): public operations need nothing; the
 * others need the session cookie (its roles, from `x-roles`, listed as the requirement's roles),
 * or a Bearer API key holding the scope in `x-api-key-scope` when the operation takes keys.
 */
export function securityOf(operation: TOperation): Record<string, string[]>[] {
  const roles = operation['x-roles'] ?? [];
  if (roles.includes('public')) return [];
  const session = { cookieSession: roles.filter((role) => role !== 'authenticated') };
  const scope = operation['x-api-key-scope'];
  return scope ? [session, { apiKey: [scope] }] : [session];
}

/** Adds the security schemes, servers, and each operation's operationId and security. */
type TDocument = { paths?: Record<string, Record<string, unknown>>; components?: Record<string, unknown> };

function documentForIntegrators(document: TDocument, publicUrl: string) {
  const seen = new Set<string>();
  for (const [url, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as TOperation | undefined;
      if (!operation) continue;
      const operationId = operationIdOf(method, url);
      if (seen.has(operationId)) throw new Error(`Two operations would share the operationId ${operationId}.`);
      seen.add(operationId);
      operation.operationId = operationId;
      operation.security = securityOf(operation);
    }
  }
  const components = document.components ?? {};
  return {
    ...document,
    servers: [{ url: publicUrl, description: 'This instance' }],
    components: {
      ...components,
      securitySchemes: {
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session of a signed-in user (the web app). Writes must come from our own origin.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sck_<prefix>_<secret>',
          description:
            'An API key made by a customer admin (or a master admin for the platform). It works on the operations that name its scope in `x-api-key-scope`.',
        },
      },
    },
  };
}

/**
 * The OpenAPI document, generated from the zod schemas that validate requests. Every API
 * operation must state its roles in `x-roles`: a route without them stops the start.
 */
export default fp(
  async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
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
          description:
            'The marketplace API. Each operation lists the roles that may call it in `x-roles`, and the API key scope it accepts in `x-api-key-scope`.',
          version: options.version,
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) throw new Error('The API document is OpenAPI 3.');
        return documentForIntegrators(documentObject.openapiObject as TDocument, options.publicUrl);
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
    app.get('/api/openapi.json', { schema: { hide: true, 'x-roles': ['public'] } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
