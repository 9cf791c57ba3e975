/**
 * The server's password rule (spec 000 §5: weak passwords are refused with a list of reasons).
 * The form's own minimum stays the spec's 6; the server asks for more.
 */

export const STRONG_PASSWORD_MIN_LENGTH = 10;

/** The most used passwords (lower-cased); a password equal to one of these is refused. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '123456789',
  '12345678',
  'password',
  'qwerty',
  '12345',
  '1234567',
  '111111',
  '123123',
  'abc123',
  '1234567890',
  'password1',
  'iloveyou',
  '000000',
  'qwerty123',
  '1q2w3e4r',
  'admin',
  'qwertyuiop',
  '654321',
  '555555',
  'lovely',
  '7777777',
  'welcome',
  '888888',
  'princess',
  'dragon',
  'password123',
  '123qwe',
  '666666',
  '1qaz2wsx',
  '121212',
  'sunshine',
  'master',
  'monkey',
  'letmein',
  'football',
  'baseball',
  'shadow',
  'superman',
  'michael',
  'trustno1',
  'jennifer',
  'hunter',
  'hunter2',
  'batman',
  'starwars',
  'whatever',
  'freedom',
  'charlie',
  'login',
  'passw0rd',
  'zaq12wsx',
  'asdfghjkl',
  'qazwsx',
  'mustang',
  'access',
  'master123',
  'welcome1',
  'welcome123',
  'admin123',
  'administrator',
  'changeme',
  'secret',
  'letmein123',
  'p@ssw0rd',
  'p@ssword',
  'password12',
  'password1234',
  'qwerty1234',
  'qwerty12345',
  'iloveyou1',
  '11111111',
  '00000000',
  '12341234',
  '123321',
  '987654321',
  'abcdef',
  'abcdefg',
  'abcd1234',
  'aa123456',
  'football1',
  'computer',
  'internet',
  'summer2024',
  'summer2025',
  'summer2026',
  'winter2025',
  'winter2026',
  'spring2026',
  'autumn2026',
  'correcthorsebatterystaple',
  'spacecapture',
  'capture123',
  'qwertyuiop123',
  'asdf1234',
  'zxcvbnm',
  'zxcvbnm123',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5',
  'passwordpassword',
  'test1234',
  'testtest',
]);

export function passwordWeaknesses(password: string, email: string): string[] {
  const reasons: string[] = [];
  const lower = password.toLowerCase();
  if (password.length < STRONG_PASSWORD_MIN_LENGTH) {
    reasons.push(`Use at least ${STRONG_PASSWORD_MIN_LENGTH} characters.`);
  }
  if (COMMON_PASSWORDS.has(lower)) reasons.push('This is one of the most common passwords.');
  const mailbox = email.trim().toLowerCase();
  const localPart = mailbox.split('@')[0] ?? '';
  if (mailbox && (lower.includes(mailbox) || (localPart.length >= 3 && lower.includes(localPart)))) {
    reasons.push('Do not use your e-mail address in your password.');
  }
  if (/^(.)\1*$/.test(password)) reasons.push('Do not repeat a single character.');
  return reasons;
}
