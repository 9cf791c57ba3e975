import { ownPath } from '@spacecapture/shared/return-path';
import type { Redis } from 'ioredis';
import { createLimiter } from '../rate-limits/fixed-window-limiter.ts';
import type { TAuthLibrary } from './auth-library.ts';

/**
 * Requests for a password reset link (decision 063). Limited per client address and per address
 * asked for; answered at once with one fixed body, the account looked up and the e-mail queued
 * only after the answer has gone out, so neither the body nor the time tells whether the account
 * exists.
 */

const MINUTE_MS = 60_000;

export const PASSWORD_RESET_LIMITS = {
  /** Requests from one client address, whatever addresses they ask for. */
  perClientAddress: { max: 10, windowMs: 15 * MINUTE_MS },
  /** Requests for one e-mail address, from anywhere: bounds the mail one inbox can be sent. */
  perTarget: { max: 3, windowMs: 15 * MINUTE_MS },
} as const;

/** The one answer, whether or not an account exists (the library's own wording). */
export const PASSWORD_RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

export type TPasswordResetRequests = ReturnType<typeof createPasswordResetRequests>;

export function createPasswordResetRequests(deps: { auth: TAuthLibrary; publicUrl: string; redis?: Redis }) {
  const redis = deps.redis ? { redis: deps.redis } : {};
  const perClientAddress = createLimiter({
    prefix: 'reset-address',
    ...PASSWORD_RESET_LIMITS.perClientAddress,
    ...redis,
  });
  const perTarget = createLimiter({ prefix: 'reset-target', ...PASSWORD_RESET_LIMITS.perTarget, ...redis });
  const publicOrigin = new URL(deps.publicUrl).origin;

  return {
    /** Where the link may lead after it is opened: a path on this site (the rule of sign-in returns), or a URL on PUBLIC_URL's origin. */
    isOwnRedirect(redirectTo: string) {
      if (redirectTo.startsWith('/')) return ownPath(redirectTo) !== null;
      try {
        return new URL(redirectTo).origin === publicOrigin;
      } catch {
        return false;
      }
    },

    async admit(clientAddress: string, email: string) {
      const fromClient = await perClientAddress.hit(clientAddress);
      if (!fromClient.allowed) return fromClient;
      return perTarget.hit(email.toLowerCase());
    },

    /** The library's own reset request: looks the account up, stores a token, queues the e-mail. */
    async send(email: string, redirectTo: string | undefined) {
      await deps.auth.api.requestPasswordReset({ body: { email, ...(redirectTo ? { redirectTo } : {}) } });
    },
  };
}
