import { schema } from '@spacecapture/db/client';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  createSignedInUser,
  STRONG_PASSWORD,
  uniqueAddress,
  withSignInWarnings,
} from '../../../test/accounts.ts';
import { TEST_PASSWORD_HASHING } from '../../../test/password-hashing.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * Test apps hash passwords cheaply (decision 169); this file runs the app with the server's own
 * hashing, as `buildApp` uses it when nothing is passed: the library's scrypt at its full cost,
 * for the first admin, an invited sign-up, and the sign-ins that check them.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordHashing: 'server' });
});
afterAll(async () => {
  await t?.close();
});

async function storedHashOf(userId: string) {
  const [row] = await t.db
    .select({ password: schema.account.password })
    .from(schema.account)
    .where(eq(schema.account.userId, userId));
  return row?.password ?? '';
}

describe("the server's password hashing", () => {
  it("stores the library's full-cost scrypt hash, and signs in with it, never with a wrong password", async () => {
    const admin = await createSignedInAdmin(t.app);
    const user = await createSignedInUser(t.app, t.db, admin.client, {
      role: 'customer_user',
      organization: { name: 'Full Cost Hashing Ltd' },
    });
    const [adminRow] = await t.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(eq(schema.user.email, admin.email));

    for (const userId of [adminRow?.id ?? '', user.userId]) {
      const hash = await storedHashOf(userId);
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      // The library's own check (N = 16384) accepts it; the tests' cheaper scrypt does not.
      expect(await verifyPassword({ hash, password: STRONG_PASSWORD })).toBe(true);
      expect(await TEST_PASSWORD_HASHING.verify({ hash, password: STRONG_PASSWORD })).toBe(false);
    }

    const wrong = await withSignInWarnings(() =>
      createClient(t.app, { remoteAddress: uniqueAddress() }).signIn(user.email, `${STRONG_PASSWORD}x`),
    );
    expect(wrong.statusCode).toBe(401);
  });
});
