import { AppError } from '@spacecapture/shared/errors';
import { portalOfRole, type TPortal } from '@spacecapture/shared/roles';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type TActor, toActor } from '../lib/actor.ts';
import { findProfile, type TAccountProfile } from '../modules/accounts/accounts-repository.ts';
import type { TApiKeyRow } from '../modules/api-keys/api-keys-repository.ts';
import { bearerApiKeyOf, type TApiKeysService } from '../modules/api-keys/api-keys-service.ts';
import type { TAuthLibrary } from '../modules/auth/auth-library.ts';
import type { TLimiter } from '../modules/rate-limits/fixed-window-limiter.ts';

/**
 * Who is calling: the session (from the http-only cookie, through the auth library) and the
 * profile (role, organisation). Guards use it; the CSRF check refuses cookie-bearing writes from
 * another origin.
 */

export type TCaller = {
  userId: string;
  sessionId: string;
  /** When the session ends unless it is renewed; none for an API key. */
  sessionExpiresAt?: Date;
  role: string;
  portal: TPortal;
  orgId: string | null;
  profile: TAccountProfile;
  /** Set when the request presented an API key (decision 115) rather than a session. */
  apiKeyId?: string;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What an admin who must set up a second factor can still do: read their profile, enrol, and
 * sign out (the session cookie is http-only, so only the server can end it). Matched on the
 * route, not a URL prefix, so no other path slips through.
 */
function isMfaExempt(routeUrl: string) {
  return routeUrl === '/api/me' || routeUrl === '/api/auth/sign-out' || routeUrl.startsWith('/api/auth/two-factor/');
}

/** The caller of a guarded route (the guard has run, so there is one). */
export function callerOf(request: FastifyRequest): TCaller {
  if (!request.caller) throw new AppError('unauthenticated', 'Please sign in.');
  return request.caller;
}

/** The caller of a guarded route as the services take it. */
export function actorOf(request: FastifyRequest): TActor {
  return toActor(callerOf(request));
}

export function requestOrigin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

export default fp(
  async (
    app: FastifyInstance,
    options: {
      auth: TAuthLibrary;
      publicUrl: string;
      /**
       * API keys (decision 115): checked on every request, counted per key by `limiter`; wrong
       * keys are counted per client address by `failures` (decision 181).
       */
      apiKeys: { service: TApiKeysService; limiter: TLimiter; failures: TLimiter };
    },
  ) => {
    const { auth } = options;
    const publicOrigin = new URL(options.publicUrl).origin;

    app.decorate('authLibrary', auth);
    app.decorateRequest('callerCache', null);

    app.decorate('identify', async (request: FastifyRequest): Promise<TCaller | null> => {
      if (request.callerCache !== null) return request.callerCache || null;
      const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      let caller: TCaller | false = false;
      if (result) {
        const profile = await findProfile(app.db, result.user.id);
        if (profile?.role) {
          caller = {
            userId: profile.userId,
            sessionId: result.session.id,
            sessionExpiresAt: new Date(result.session.expiresAt),
            role: profile.role,
            portal: portalOfRole(profile.role),
            orgId: profile.organization?.id ?? null,
            profile,
          };
        }
      }
      request.callerCache = caller;
      return caller || null;
    });

    /** 401 without a session, 403 for a role outside `roles` (or an admin without a required second factor). */
    app.decorate('requireCaller', async (request: FastifyRequest, roles: readonly string[]): Promise<TCaller> => {
      const caller = await app.identify(request);
      if (!caller) throw new AppError('unauthenticated', 'Please sign in.');
      if (!roles.includes('authenticated') && !roles.includes(caller.role)) {
        throw new AppError('forbidden', 'Your account cannot do this.');
      }
      if (caller.portal === 'admin' && !caller.profile.twoFactorEnabled && caller.profile.mfaRequiredForAdmins) {
        if (!isMfaExempt(request.routeOptions.url ?? '')) {
          throw new AppError('mfa_required', 'Set up two-factor authentication to use the admin portal.');
        }
      }
      return caller;
    });

    /**
     * Guessing a key's secret is bounded per client address: wrong keys are counted, and once an
     * address has used its budget every key it sends is refused with 429 until the window ends, a
     * right one too, so the answer says nothing about the guess. Good keys are never counted, so a
     * busy integrator is held only by its key's own limit.
     */
    async function authenticateKey(request: FastifyRequest, reply: FastifyReply, token: string) {
      const { failures, service } = options.apiKeys;
      const refuse = (retryAfterSeconds: number): never => {
        reply.header('Retry-After', String(retryAfterSeconds));
        throw new AppError(
          'rate_limited',
          `Too many invalid API keys from this address. Please try again in ${retryAfterSeconds} seconds.`,
        );
      };
      const budget = await failures.peek(request.ip);
      if (budget.exhausted) refuse(budget.retryAfterSeconds);
      try {
        return await service.authenticate(token);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated') await failures.hit(request.ip);
        throw error;
      }
    }

    /**
     * A request with `Authorization: Bearer sck_…` is the key's (decision 115): the key is looked
     * up now (401 when unknown, revoked or expired), counted against its rate limit (429), and
     * must hold the scope the operation names in `x-api-key-scope` (403 otherwise). It acts for
     * its organisation through the account that made it; its use is audited after the answer.
     */
    async function keyCaller(request: FastifyRequest, reply: FastifyReply, token: string, roles: readonly string[]) {
      const { key, profile } = await authenticateKey(request, reply, token);
      request.apiKey = key;
      app.backgroundTasks.afterResponse(reply, 'api key use', async () => {
        if (reply.statusCode === 429) return;
        await options.apiKeys.service.recordUse(key, {
          method: request.method,
          route: request.routeOptions.url ?? app.secretUrls.redact(request.url),
          status: reply.statusCode,
          requestId: request.id,
        });
      });
      const admission = await options.apiKeys.limiter.hit(key.id);
      if (!admission.allowed) {
        reply.header('Retry-After', String(admission.retryAfterSeconds));
        throw new AppError(
          'rate_limited',
          `Too many requests with this API key. Please try again in ${admission.retryAfterSeconds} seconds.`,
        );
      }
      const scope = request.routeOptions.schema?.['x-api-key-scope'];
      if (!scope) throw new AppError('forbidden', 'This operation does not accept API keys. Sign in to use it.');
      if (!options.apiKeys.service.allows(key, scope)) {
        throw new AppError('forbidden', `This API key does not have the "${scope}" scope this operation needs.`);
      }
      const role = profile.role ?? '';
      if (!roles.includes(role)) throw new AppError('forbidden', 'This API key cannot do this.');
      const caller: TCaller = {
        userId: profile.userId,
        sessionId: `api-key:${key.id}`,
        role,
        portal: portalOfRole(role),
        orgId: key.organizationId,
        profile,
        apiKeyId: key.id,
      };
      request.callerCache = caller;
      return caller;
    }

    // Every route's x-roles is enforced here, before validation: the OpenAPI document and the
    // guard are the same list.
    app.addHook('preValidation', async (request, reply) => {
      const roles = request.routeOptions.schema?.['x-roles'];
      if (!roles || roles.includes('public')) return;
      const token = bearerApiKeyOf(request.headers.authorization);
      request.caller = token ? await keyCaller(request, reply, token, roles) : await app.requireCaller(request, roles);
    });

    // CSRF: a state-changing request that carries a cookie must come from our own origin. A key
    // request is not a browser's: its cookies are never read (no session), so it is exempt.
    app.addHook('onRequest', async (request) => {
      if (bearerApiKeyOf(request.headers.authorization)) {
        request.callerCache = false;
        return;
      }
      if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
      const origin = request.headers.origin;
      const allowed = origin === publicOrigin || origin === requestOrigin(request);
      if (!allowed) throw new AppError('forbidden', 'Cross-site request refused.');
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    authLibrary: TAuthLibrary;
    identify(request: FastifyRequest): Promise<TCaller | null>;
    requireCaller(request: FastifyRequest, roles: readonly string[]): Promise<TCaller>;
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyRequest {
    /** null: not looked up yet; false: no valid session. */
    callerCache: TCaller | false | null;
    /** Set by the guard on every route that is not public. */
    caller?: TCaller;
    /** The API key the request presented, once it passed (decision 115). */
    apiKey?: TApiKeyRow;
  }
}
