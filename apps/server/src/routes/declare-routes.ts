import type { TApiKeyScope } from '@spacecapture/shared/contracts/api-keys';
import type {
  ContextConfigDefault,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { TRouteRoles } from '../plugins/openapi.ts';
import { guardedErrorResponses } from './route-schemas.ts';

type TApp = Parameters<FastifyPluginAsyncZod>[0];
type TResponses = Record<number, ZodType>;

/** What one route states of its own; the module's roles, tags and error answers are given once. */
export type TRouteSpec = {
  summary: string;
  description?: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
  consumes?: readonly string[];
  produces?: readonly string[];
  /** The route's own answers (its success, and any status the module's errors leave out). */
  response: TResponses;
  /** Instead of the module's roles (`x-roles`). */
  roles?: TRouteRoles;
  /** Instead of the module's tags. */
  tags?: readonly string[];
  /** The scope an API key needs (`x-api-key-scope`); without it, keys are refused. */
  apiKeyScope?: TApiKeyScope;
  /** Route options beside the schema: rate limit, compression, body limit, hooks. */
  options?: Omit<RouteShorthandOptions, 'schema'>;
};

/** The schema Fastify types the handler with: the spec's inputs, its answers and the module's errors. */
type TSchemaOf<S extends TRouteSpec, E extends TResponses> = Pick<
  S,
  Extract<keyof S, 'params' | 'querystring' | 'body' | 'headers'>
> & { response: Omit<E, keyof S['response']> & S['response'] };

type THandler<S extends TRouteSpec, E extends TResponses> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  TSchemaOf<S, E>,
  ZodTypeProvider
>;

/** The declarer `declareRoutes` returns, for code that declares routes on a module's behalf. */
export type TRouteDeclarer<E extends TResponses = typeof guardedErrorResponses> = ReturnType<typeof declareRoutes<E>>;

/**
 * Declares a route module's routes (decision 198): the roles, tags and error answers its routes
 * share are given once (errors default to `guardedErrorResponses`), and each route states its
 * summary, inputs, answers and handler, and any roles or tags of its own. The schema registered is
 * the one the route would spell out by hand (`x-roles`, `x-api-key-scope`, `tags`, the inputs,
 * `response` with the errors), so validation, the guard and the OpenAPI document read it as
 * before; the handler is typed from it as Fastify's own would be.
 */
export function declareRoutes<E extends TResponses = typeof guardedErrorResponses>(
  app: TApp,
  defaults: { roles: TRouteRoles; tags: readonly string[]; errors?: E },
) {
  const errors = defaults.errors ?? guardedErrorResponses;
  const declare =
    (method: HTTPMethods) =>
    <S extends TRouteSpec>(url: string, spec: S, handler: THandler<S, E>) => {
      const { roles, tags, apiKeyScope, options, response, ...schema } = spec;
      app.route({
        ...options,
        method,
        url,
        schema: {
          'x-roles': roles ?? defaults.roles,
          ...(apiKeyScope ? { 'x-api-key-scope': apiKeyScope } : {}),
          tags: [...(tags ?? defaults.tags)],
          ...schema,
          response: { ...errors, ...response },
        },
        handler: handler as never,
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
