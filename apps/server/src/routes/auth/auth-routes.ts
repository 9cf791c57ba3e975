import { ZForgotPasswordRequest, ZSetupAdminRequest } from '@spacecapture/shared/contracts/account';
import {
  AUTH_MESSAGES,
  ZInvitationPreview,
  ZProfile,
  ZSignUpAccepted,
  ZSignUpRequest,
} from '@spacecapture/shared/contracts/auth';
import { AppError, ZErrorResponse } from '@spacecapture/shared/errors';
import { boundedText, SINGLE_LINE_TEXT, TEXT_MESSAGES } from '@spacecapture/shared/fields';
import type { TUnitSystem } from '@spacecapture/shared/units';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAdminWithSetupToken } from '../../modules/auth/first-admin.ts';
import { PASSWORD_RESET_ANSWER, type TPasswordResetRequests } from '../../modules/auth/password-reset-requests.ts';
import { signInEmailOf, type TSignInGuard, type TSignInOutcome } from '../../modules/auth/sign-in-guard.ts';
import { callerOf, requestOrigin } from '../../plugins/auth.ts';
import { errorBody } from '../../plugins/errors.ts';

/**
 * Authentication endpoints. The library's endpoints this product uses are forwarded one by one
 * (anything else under /api/auth does not exist); sign-up, first-admin setup, the password reset
 * request and the profile are ours.
 */

type TForwarded = {
  method: 'GET' | 'POST';
  path: string;
  roles: readonly string[];
  summary: string;
  /** Per client address, for endpoints that send e-mail to any address they are given. */
  rateLimit?: { max: number; timeWindow: string };
};

/** A link's token in the path, bounded and free of control characters like every text (decision 067). */
const tokenParams = z.object({ token: boundedText(200) });

/** Passwords are only hashed, and kept exactly as typed: the one text not held to the rule below. */
const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);

/**
 * The library's bodies are forwarded untouched, so their text gets the rule every contract has
 * (decision 067): a control character is refused with a 400 naming the field. PostgreSQL cannot
 * compare a NUL, so a NUL in a reset token used to fail the lookup with a 500.
 */
function refuseControlCharacters(body: object) {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' && !PASSWORD_FIELDS.has(name) && !SINGLE_LINE_TEXT.test(value)) {
      fields[name] = TEXT_MESSAGES.singleLine;
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'Some body fields are invalid.', fields);
}

/** Fields where the library takes a URL to send the browser to after a link from an e-mail. */
const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/**
 * A link in our e-mails leads only to this site. The library checks these URLs against the origins
 * it trusts for the request, which include the request's own Host (needed for its CSRF check), and
 * a caller outside a browser can forge that; so the check here is against PUBLIC_URL alone.
 */
function refuseForeignRedirects(body: object, isOwnRedirect: (url: string) => boolean) {
  for (const name of REDIRECT_FIELDS) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string' && !isOwnRedirect(value)) {
      throw new AppError('forbidden', 'Links may only lead to this site.', { [name]: 'must be a path on this site' });
    }
  }
}

/** The forwarded body as the library will read it (Fetch's json() drops a leading byte order mark). */
function libraryBodyOf(request: FastifyRequest): object | undefined {
  if (typeof request.body !== 'string' || request.body === '') return undefined;
  try {
    const body: unknown = JSON.parse(request.body.replace(/^\uFEFF/, ''));
    return body && typeof body === 'object' ? body : undefined;
  } catch {
    return undefined; // an unreadable body is refused by the library itself
  }
}

const FORWARDED: readonly TForwarded[] = [
  { method: 'POST', path: '/sign-in/email', roles: ['public'], summary: 'Sign in with e-mail and password' },
  { method: 'POST', path: '/sign-out', roles: ['authenticated'], summary: 'Sign out on this device (scope local)' },
  { method: 'GET', path: '/get-session', roles: ['public'], summary: 'The current session, or null' },
  { method: 'GET', path: '/list-sessions', roles: ['authenticated'], summary: "The user's active sessions" },
  {
    method: 'POST',
    path: '/revoke-other-sessions',
    roles: ['authenticated'],
    summary: 'Sign out other devices (scope others)',
  },
  { method: 'POST', path: '/revoke-sessions', roles: ['authenticated'], summary: 'Sign out everywhere (scope global)' },
  { method: 'GET', path: '/reset-password/:token', roles: ['public'], summary: 'Password reset link target' },
  {
    method: 'POST',
    path: '/reset-password',
    roles: ['public'],
    summary: 'Set a new password with a reset token; ends every session',
  },
  { method: 'GET', path: '/verify-email', roles: ['public'], summary: 'E-mail confirmation link target' },
  {
    method: 'POST',
    path: '/send-verification-email',
    roles: ['public'],
    summary: 'Send the confirmation link again',
    rateLimit: { max: 10, timeWindow: '15 minutes' },
  },
  { method: 'POST', path: '/change-password', roles: ['authenticated'], summary: 'Change your password' },
  {
    method: 'POST',
    path: '/two-factor/enable',
    roles: ['authenticated'],
    summary: 'Start TOTP enrolment: secret URI and recovery codes',
  },
  { method: 'POST', path: '/two-factor/disable', roles: ['authenticated'], summary: 'Remove the TOTP factor' },
  {
    method: 'POST',
    path: '/two-factor/get-totp-uri',
    roles: ['authenticated'],
    summary: 'The TOTP URI (password required)',
  },
  {
    method: 'POST',
    path: '/two-factor/verify-totp',
    roles: ['public'],
    summary: 'Verify a TOTP code (sign-in challenge or enrolment)',
  },
  {
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    roles: ['public'],
    summary: 'Use a recovery code at sign-in',
  },
  {
    method: 'POST',
    path: '/two-factor/generate-backup-codes',
    roles: ['authenticated'],
    summary: 'New recovery codes',
  },
];

const LIBRARY_CODES: Record<string, { code: string; message?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'invalid_credentials', message: AUTH_MESSAGES.invalidCredentials },
  EMAIL_NOT_VERIFIED: { code: 'email_not_verified', message: AUTH_MESSAGES.emailNotVerified },
  INVALID_TOKEN: { code: 'bad_request', message: 'This link is not valid or has expired.' },
};

/**
 * The library also returns the session token in JSON bodies; the browser never needs it (the
 * http-only cookie carries it), so script on the page must not see it.
 */
function withoutSessionToken(text: string) {
  if (!text.includes('"token"')) return text;
  try {
    const body = JSON.parse(text);
    if (body && typeof body === 'object' && 'user' in body) {
      delete body.token;
      if (body.session && typeof body.session === 'object') delete body.session.token;
      return JSON.stringify(body);
    }
  } catch {
    // not JSON: pass through
  }
  return text;
}

/**
 * The session list without the other sessions' tokens (a script on the page must never hold
 * them), each marked whether it is the one making the request.
 */
function describeSessions(text: string, currentSessionId: string | undefined) {
  const sessions = JSON.parse(text) as Array<Record<string, unknown>>;
  return JSON.stringify(
    sessions.map(({ token: _secret, ...session }) => ({ ...session, current: session.id === currentSessionId })),
  );
}

function rateLimited(reply: FastifyReply, retryAfterSeconds: number, what: string) {
  reply.header('Retry-After', String(retryAfterSeconds));
  return new AppError('rate_limited', `Too many ${what}. Please try again in ${retryAfterSeconds} seconds.`);
}

const authRoutes: FastifyPluginAsyncZod<{
  signInGuard: TSignInGuard;
  passwordResets: TPasswordResetRequests;
}> = async (app, options) => {
  const auth = app.authLibrary;

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, requestOrigin(request));
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = hasBody ? String(request.body ?? '') || '{}' : undefined;
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (response.status < 400 || !text) {
      return reply.send(
        request.routeOptions.url === '/api/auth/list-sessions'
          ? describeSessions(text, request.caller?.sessionId)
          : withoutSessionToken(text),
      );
    }
    // The library's errors are re-shaped into ours, with generic wording for credentials.
    let parsed: { code?: string; message?: string } = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the generic message below
    }
    const known = parsed.code ? LIBRARY_CODES[parsed.code] : undefined;
    const code = known?.code ?? (parsed.code ?? 'bad_request').toLowerCase();
    const message = known?.message ?? parsed.message ?? 'The request could not be completed.';
    return reply.type('application/json').send(errorBody(code as never, message));
  }

  /** Sign-in, counted against the account the library will actually look up (see sign-in-guard.ts). */
  async function signIn(request: FastifyRequest, reply: FastifyReply) {
    const email = await signInEmailOf(String(request.body ?? ''));
    const admission = await options.signInGuard.admit(request.ip, email);
    if (!admission.allowed) throw rateLimited(reply, admission.retryAfterSeconds, 'sign-in attempts');
    let outcome: TSignInOutcome = 'other';
    try {
      await forward(request, reply);
      if (reply.statusCode === 200) outcome = 'succeeded';
      else if (reply.statusCode === 401) outcome = 'failed';
    } finally {
      await admission.settle(outcome);
    }
    return reply;
  }

  /** Setting a new password from a reset link also lifts the account's sign-in limits. */
  async function resetPassword(request: FastifyRequest, reply: FastifyReply) {
    const email = await emailOfResetToken(String(request.body ?? ''));
    await forward(request, reply);
    if (reply.statusCode === 200 && email) await options.signInGuard.clearAccount(email, request.ip);
    return reply;
  }

  async function emailOfResetToken(rawBody: string) {
    let token: unknown;
    try {
      token = ((await new Response(rawBody).json()) as { token?: unknown } | null)?.token;
    } catch {
      return undefined;
    }
    if (typeof token !== 'string' || token === '') return undefined;
    const { internalAdapter } = await auth.$context;
    const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
    return verification ? (await internalAdapter.findUserById(verification.value))?.email : undefined;
  }

  const HANDLERS: Record<string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = {
    'POST /sign-in/email': signIn,
    'POST /reset-password': resetPassword,
  };

  await app.register(async (library) => {
    // Bodies go to the library untouched; an empty JSON body (sign-out) is not an error.
    library.removeContentTypeParser('application/json');
    library.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
    library.addHook('preHandler', async (request) => {
      const body = libraryBodyOf(request);
      if (!body) return;
      refuseControlCharacters(body);
      refuseForeignRedirects(body, options.passwordResets.isOwnRedirect);
    });
    for (const route of FORWARDED) {
      library.route({
        method: route.method,
        url: route.path,
        schema: {
          'x-roles': route.roles,
          tags: ['auth'],
          summary: route.summary,
          ...(route.path.endsWith('/:token') ? { params: tokenParams } : {}),
        },
        ...(route.rateLimit ? { config: { rateLimit: route.rateLimit } } : {}),
        handler: HANDLERS[`${route.method} ${route.path}`] ?? forward,
      });
    }
  });

  app.get(
    '/invitations/:token',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        'x-roles': ['public'],
        tags: ['auth'],
        summary: "An invitation's join page: who invited, the address, organisation and role, a waiting quote",
        params: tokenParams,
        response: {
          200: ZInvitationPreview,
          400: ZErrorResponse,
          404: ZErrorResponse,
          410: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => app.services.signUp.previewInvitation(request.params.token),
  );

  app.post(
    '/sign-up',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        'x-roles': ['public'],
        tags: ['auth'],
        summary:
          "Join from an invitation: the invitation's account (address verified, its organisation and role), signed in",
        body: ZSignUpRequest,
        response: {
          201: ZSignUpAccepted,
          400: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { userId, email, portal } = await app.services.signUp.signUp(request.body);
      // The library makes the session and its cookie, as its own sign-in would (decision 199).
      const headers = new Headers();
      for (const name of ['user-agent', 'x-forwarded-for'] as const) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const signedIn = await auth.api.signInInvitedUser({ body: { userId }, headers, returnHeaders: true });
      const cookies = signedIn.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.status(201).send({ status: 'signed_in' as const, email, portal });
    },
  );

  app.post(
    '/setup-admin',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        'x-roles': ['public'],
        tags: ['auth'],
        summary: 'Create the first master admin with the one-time link printed at start',
        body: ZSetupAdminRequest,
        response: {
          201: z.object({ status: z.literal('created') }),
          400: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await createAdminWithSetupToken({ db: app.db, signUp: app.services.signUp }, request.body);
      return reply.status(201).send({ status: 'created' as const });
    },
  );

  app.post(
    '/request-password-reset',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['auth'],
        summary: 'E-mail a password reset link (the same answer whether or not the account exists)',
        body: ZForgotPasswordRequest.extend({ redirectTo: boundedText(2000, { min: 1 }).optional() }),
        response: {
          200: z.object({ status: z.literal(true), message: z.string() }),
          400: ZErrorResponse,
          403: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { email, redirectTo } = request.body;
      if (redirectTo && !options.passwordResets.isOwnRedirect(redirectTo)) {
        throw new AppError('forbidden', 'The link can only lead to a page of this site.');
      }
      const admission = await options.passwordResets.admit(request.ip, email);
      if (!admission.allowed) throw rateLimited(reply, admission.retryAfterSeconds, 'password reset requests');
      // The account is looked up only after the answer has gone out: same body, same time either way.
      app.backgroundTasks.afterResponse(reply, 'password reset request', () =>
        options.passwordResets.send(email, redirectTo),
      );
      return PASSWORD_RESET_ANSWER;
    },
  );
};

export default authRoutes;

/** GET /api/me: the signed-in user's profile (spec 000 §3), used by the web app's guards. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        'x-roles': ['authenticated'],
        tags: ['auth'],
        summary: 'The signed-in user with role and organisation',
        response: { 200: ZProfile, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { profile } = caller;
      return {
        user: {
          id: profile.userId,
          email: profile.email,
          name: profile.name,
          emailVerified: profile.emailVerified,
          twoFactorEnabled: profile.twoFactorEnabled,
        },
        role: caller.role as z.infer<typeof ZProfile>['role'],
        portal: caller.portal,
        organization: profile.organization
          ? {
              id: profile.organization.id,
              name: profile.organization.name,
              type: profile.organization.type as 'customer' | 'provider',
              orgRole: profile.organization.orgRole,
              currency: profile.organization.currency,
              unitSystem: profile.organization.unitSystem as TUnitSystem,
            }
          : null,
        mfa: {
          required: caller.portal === 'admin' && profile.mfaRequiredForAdmins,
          enrolled: profile.twoFactorEnabled,
        },
      };
    },
  );
};
