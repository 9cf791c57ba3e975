import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { TPasswordHashing } from '../src/modules/auth/password-hashing.ts';

/**
 * The library's scrypt with a 64th of its work (N = 1024, r = 4 against 16384 and 16), for test
 * apps only: a test file signs in hundreds of times, and the cost proves nothing there. The stored
 * form is the library's (`salt:key`, hex); the server's own hashing is checked by
 * password-hashing.integration.test.ts and used by every browser test and seed:demo run.
 */
const COST = { N: 1024, r: 4, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export const TEST_PASSWORD_HASHING: TPasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) throw new Error('Invalid password hash');
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
