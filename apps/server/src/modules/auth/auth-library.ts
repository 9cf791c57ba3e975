import { schema, type TDatabase } from '@spacecapture/db/client';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@spacecapture/shared/contracts/auth';
import { passwordWeaknesses } from '@spacecapture/shared/password-policy';
import { type BetterAuthPlugin, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TPasswordHashing } from './password-hashing.ts';

/**
 * The authentication library, configured for this product: e-mail and password with verified
 * addresses, sessions in our database, TOTP second factor. It never creates users itself: sign-up
 * is ours (invitation-only, see sign-up-service.ts), and a database hook refuses any other path;
 * it signs in the account an invitation has just created (`signInInvitedUser`).
 */

export type TAuthMailer = {
  verificationEmail(to: string, url: string): Promise<void>;
  passwordResetEmail(to: string, url: string): Promise<void>;
};

export const SESSION_COOKIE_PREFIX = 'spacecapture';
const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 3600;

/**
 * The server's password rule applies to every new password, not only at sign-up: a reset or a
 * change with a weak one is refused with the same reasons.
 */
const enforcePasswordPolicy = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/reset-password' && ctx.path !== '/change-password') return;
  const newPassword: unknown = ctx.body?.newPassword;
  if (typeof newPassword !== 'string') return; // the endpoint itself refuses the request
  let email = '';
  if (ctx.path === '/change-password') {
    email = (await getSessionFromCtx(ctx))?.user.email ?? '';
  } else {
    const token: unknown = ctx.body?.token ?? ctx.query?.token;
    const verification =
      typeof token === 'string'
        ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
        : null;
    const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
    email = user?.email ?? '';
  }
  const reasons = passwordWeaknesses(newPassword, email);
  if (reasons.length > 0) {
    throw new APIError('BAD_REQUEST', {
      code: 'WEAK_PASSWORD',
      message: `${AUTH_MESSAGES.weakPasswordTitle}: ${reasons.join(' ')}`,
    });
  }
});

/**
 * Signs in an account the server has just created from an invitation (decision 199): the
 * library's own session and cookie, as its sign-in makes them. Server-only: never on the HTTP
 * router, so only our code, after it has checked the invitation, can ask for it.
 */
const invitationSignIn = {
  id: 'invitation-sign-in',
  endpoints: {
    signInInvitedUser: createAuthEndpoint.serverOnly(
      { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError('UNAUTHORIZED', { message: 'No such user.' });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) throw new APIError('UNAUTHORIZED', { message: 'No session was created.' });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id });
      },
    ),
  },
} satisfies BetterAuthPlugin;

/**
 * What the library logs about a caller's own mistake (an untrusted callback URL or origin, an
 * unknown address, a wrong password): a refusal the caller is told about, not a fault of ours.
 */
const CALLER_REFUSAL =
  /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|If it's a valid URL|User not found|Invalid password|Password not found|Credential account not found|Reset Password: User not found|Email is the same)/;

/**
 * The library's log lines go to our logger (never to the console): refusals at info, the rest at
 * their level. The level stays `info`: at `debug`, `warn` or `error` the library also prints every
 * refused request's message to the console itself, past this function.
 */
function libraryLogger(log: FastifyBaseLogger) {
  return {
    level: 'info' as const,
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      const details = err ? { err } : args.length > 0 ? { details: args } : {};
      log[CALLER_REFUSAL.test(message) ? 'info' : level]({ library: 'better-auth', ...details }, message);
    },
  };
}

export function createAuthLibrary(deps: {
  db: TDatabase;
  log: FastifyBaseLogger;
  secret: string;
  publicUrl: string;
  /** Origins allowed to send cookie-bearing requests: ours, and the origin a request was sent to. */
  trustedOrigins: (request?: Request) => string[];
  mailer: TAuthMailer;
  passwordHashing: TPasswordHashing;
}) {
  const { db, mailer } = deps;
  return betterAuth({
    appName: 'SpaceCapture',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    trustedOrigins: (request) => deps.trustedOrigins(request),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      password: deps.passwordHashing,
      sendResetPassword: async ({ user, url }) => mailer.passwordResetEmail(user.email, url),
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url }) => mailer.verificationEmail(user.email, url),
    },
    session: { expiresIn: 7 * 24 * 3600, updateAge: 24 * 3600 },
    // Limits are ours (per account and per client address, with our proxy settings): the
    // library's own reads X-Forwarded-For, which anyone can spoof.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: deps.publicUrl.startsWith('https:'),
      disableCSRFCheck: false,
      disableOriginCheck: false,
      // joins: a session and its user in one statement (the relations in the db schema).
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    telemetry: { enabled: false },
    logger: libraryLogger(deps.log),
    hooks: { before: enforcePasswordPolicy },
    plugins: [twoFactor({ issuer: 'SpaceCapture', backupCodeOptions: { amount: 10, length: 10 } }), invitationSignIn],
    databaseHooks: {
      user: {
        create: {
          before: async () => {
            throw new Error('Users are created only by invitation sign-up.');
          },
        },
      },
    },
  });
}

export type TAuthLibrary = ReturnType<typeof createAuthLibrary>;
