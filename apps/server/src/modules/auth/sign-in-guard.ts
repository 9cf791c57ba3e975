import type { Redis } from 'ioredis';
import { createLimiter, type TLimiter } from '../rate-limits/fixed-window-limiter.ts';

/**
 * Limits on password sign-in (decision 064). Guessing is bounded per client address and per
 * (account, client address), so an attacker who locks themselves out does not lock the owner out;
 * a much higher per-account ceiling stops a guess spread over many addresses. Accounts with a
 * second factor are not held by that ceiling (a password alone never opens them), and a password
 * reset clears it.
 */

const MINUTE_MS = 60_000;

export const SIGN_IN_LIMITS = {
  /** Attempts from one client address, whatever the accounts. */
  perAddress: { max: 50, windowMs: 15 * MINUTE_MS },
  /** Failed attempts on one account from one client address. */
  perAccountAndAddress: { max: 10, windowMs: 15 * MINUTE_MS },
  /** Failed attempts on one account from all addresses together: the backstop. */
  perAccount: { max: 100, windowMs: 60 * MINUTE_MS },
} as const;

export type TSignInOutcome = 'succeeded' | 'failed' | 'other';

export type TSignInAdmission =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; settle(outcome: TSignInOutcome): Promise<void> };

export type TSignInGuard = ReturnType<typeof createSignInGuard>;

/**
 * The e-mail the auth library will look the account up by, read from the raw body it will be given.
 * The body is parsed the way the library parses it (Fetch's `json()`, which drops a leading byte
 * order mark) and lower-cased as the library's lookup does; surrounding spaces are dropped too, so
 * an address the library refuses as malformed is still counted against the account it names.
 */
export async function signInEmailOf(rawBody: string): Promise<string | undefined> {
  let body: unknown;
  try {
    body = await new Response(rawBody).json();
  } catch {
    return undefined; // the library refuses an unreadable body before any password check
  }
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  if (typeof email !== 'string') return undefined;
  return email.trim().toLowerCase() || undefined;
}

export function createSignInGuard(deps: { redis?: Redis; hasSecondFactor: (email: string) => Promise<boolean> }) {
  const limiter = (prefix: string, limit: { max: number; windowMs: number }): TLimiter =>
    createLimiter({ prefix, ...limit, ...(deps.redis ? { redis: deps.redis } : {}) });
  const perAddress = limiter('signin-address', SIGN_IN_LIMITS.perAddress);
  const perAccountAndAddress = limiter('signin-account-address', SIGN_IN_LIMITS.perAccountAndAddress);
  const perAccount = limiter('signin-account', SIGN_IN_LIMITS.perAccount);
  // A client address never contains "|", so the pair key cannot be forged from an odd e-mail.
  const pairKey = (address: string, email: string) => `${address}|${email}`;

  return {
    /**
     * Before an attempt. Counts it everywhere first (so a burst cannot slip past a check made
     * before the count), then takes the account's counts back in `settle` unless the password
     * turned out wrong.
     */
    async admit(address: string, email: string | undefined): Promise<TSignInAdmission> {
      const fromAddress = await perAddress.hit(address);
      if (!fromAddress.allowed) return { allowed: false, retryAfterSeconds: fromAddress.retryAfterSeconds };
      if (!email) return { allowed: true, settle: async () => {} };

      const pair = pairKey(address, email);
      const fromPair = await perAccountAndAddress.hit(pair);
      if (!fromPair.allowed) {
        await perAccountAndAddress.undo(pair);
        return { allowed: false, retryAfterSeconds: fromPair.retryAfterSeconds };
      }
      const onAccount = await perAccount.hit(email);
      if (!onAccount.allowed && !(await deps.hasSecondFactor(email))) {
        await Promise.all([perAccountAndAddress.undo(pair), perAccount.undo(email)]);
        return { allowed: false, retryAfterSeconds: onAccount.retryAfterSeconds };
      }
      return {
        allowed: true,
        async settle(outcome) {
          if (outcome === 'failed') return;
          // The right password from this address: its own earlier mistakes no longer count.
          await Promise.all([
            outcome === 'succeeded' ? perAccountAndAddress.reset(pair) : perAccountAndAddress.undo(pair),
            perAccount.undo(email),
          ]);
        },
      };
    },

    /** After a password reset: the owner proved control of the mailbox, so the account starts afresh. */
    async clearAccount(email: string, address: string) {
      const normalised = email.trim().toLowerCase();
      await Promise.all([perAccount.reset(normalised), perAccountAndAddress.reset(pairKey(address, normalised))]);
    },
  };
}
