import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * How passwords are hashed and checked: every sign-up, sign-in, reset and change goes through one
 * of these, the authentication library's and ours alike.
 */
export type TPasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/**
 * The authentication library's scrypt (N = 16384, r = 16: tens of milliseconds a password, slow on
 * purpose). The server always uses it; only tests pass a cheaper one (decision 169).
 */
export const LIBRARY_PASSWORD_HASHING: TPasswordHashing = {
  hash: hashPassword,
  verify: verifyPassword,
};
