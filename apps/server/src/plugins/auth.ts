import { AppError } from '@spacecapture/shared/errors';
import { portalOfRole, type TPortal } from '@spacecapture/shared/roles';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findProfile, type TAccountProfile } from '../modules/accounts/accounts-repository.ts';
import type { TAuthLibrary } from '../modules/auth/auth-library.ts';

/**
 * Who is calling: the session (from the http-only cookie, through the auth library) and the
 * profile (role, organisation). Guards use it; the CSRF check refuses cookie-bearing writes from
 * another origin.
 */

export type TCaller = {
  userId: string;
  sessionId: string;
  role: string;
  portal: TPortal;
  orgId: string | null;
  profile: TAccountProfile;
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

export function requestOrigin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

export default fp(
  async (app: FastifyInstance, options: { auth: TAuthLibrary; publicUrl: string }) => {
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

    // Every route's x-roles is enforced here, before validation: the OpenAPI document and the
    // guard are the same list.
    app.addHook('preValidation', async (request) => {
      const roles = request.routeOptions.schema?.['x-roles'];
      if (!roles || roles.includes('public')) return;
      request.caller = await app.requireCaller(request, roles);
    });

    // CSRF: a state-changing request that carries a cookie must come from our own origin.
    app.addHook('onRequest', async (request) => {
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
  }
}
