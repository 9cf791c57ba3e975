import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TDatabase } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import { passwordWeaknesses } from '@spacecapture/shared/password-policy';
import type { FastifyBaseLogger } from 'fastify';
import { StartupError } from '../../lib/startup-error.ts';
import { countAdmins } from '../accounts/accounts-repository.ts';
import { deleteInstanceSecret, findInstanceSecret, putInstanceSecret } from './auth-repository.ts';
import type { TSignUpService } from './sign-up-service.ts';

/**
 * The first master admin. With ADMIN_EMAIL and ADMIN_PASSWORD it is created at start if no admin
 * exists (idempotent). Without them, a start with no admin prints a one-time setup link; the
 * first admin created through it consumes it.
 */

const SETUP_TOKEN_NAME = 'admin_setup_token_hash';

// server.ts takes StartupError from here, beside ensureFirstAdmin that throws it.
export { StartupError };

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex');
}

export async function ensureFirstAdmin(deps: {
  db: TDatabase;
  signUp: TSignUpService;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  log: FastifyBaseLogger;
}) {
  if (deps.adminEmail && deps.adminPassword) {
    const weaknesses = passwordWeaknesses(deps.adminPassword, deps.adminEmail);
    if (weaknesses.length > 0) {
      // The variables only ever create the first admin: once one exists, a weak value harms nothing.
      if ((await countAdmins(deps.db)) > 0) {
        deps.log.warn('ADMIN_PASSWORD is ignored: an admin exists already (and the value is too weak to use)');
        return;
      }
      throw new StartupError(
        `ADMIN_PASSWORD is too weak to create the first admin: ${weaknesses.join(' ')} Set a stronger one, or unset ADMIN_EMAIL and ADMIN_PASSWORD to use the setup link.`,
      );
    }
    const created = await deps.signUp.createFirstAdmin({
      email: deps.adminEmail,
      password: deps.adminPassword,
      emailVerified: true,
    });
    if (created) deps.log.info({ email: deps.adminEmail }, 'first master admin created from ADMIN_EMAIL');
    return;
  }
  if ((await countAdmins(deps.db)) > 0) return;
  const token = randomBytes(24).toString('base64url');
  await putInstanceSecret(deps.db, SETUP_TOKEN_NAME, sha256(token));
  const link = `${deps.publicUrl}/auth?intent=admin&setup=${token}`;
  // Printed, not logged as data: it is the only copy of the token.
  console.info(`\nNo admin account exists yet. Create the first master admin here (one-time link):\n  ${link}\n`);
}

/** Creates the first admin through the printed one-time link; the link works once. */
export async function createAdminWithSetupToken(
  deps: { db: TDatabase; signUp: TSignUpService },
  input: { token: string; email: string; password: string },
) {
  const row = await findInstanceSecret(deps.db, SETUP_TOKEN_NAME);
  const expected = row ? Buffer.from(row.value) : undefined;
  const given = Buffer.from(sha256(input.token));
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('forbidden', 'This setup link is not valid. Restart the server to print a new one.');
  }
  const created = await deps.signUp.createFirstAdmin({
    email: input.email,
    password: input.password,
    emailVerified: true,
  });
  await deleteInstanceSecret(deps.db, SETUP_TOKEN_NAME);
  if (!created) throw new AppError('conflict', 'An admin already exists; sign in instead.');
}
