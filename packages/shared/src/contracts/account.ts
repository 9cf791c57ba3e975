import { z } from 'zod';
import { boundedText, emailField } from '../fields.ts';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';

/**
 * Contracts of the session endpoints the web app calls under /api/auth (sign-in with a second
 * factor, sessions and their sign-out scopes, password recovery and change, TOTP enrolment, first
 * admin). Responses are the authentication library's, without tokens; requests are the forms'.
 */

export const ACCOUNT_MESSAGES = {
  emailConfirmedTitle: 'Email confirmed',
  emailConfirmed: 'You can sign in now.',
  linkInvalidTitle: 'Link error',
  linkInvalid: 'This link is not valid or has expired.',
  resetRequestedTitle: 'Check your email',
  resetRequested: 'If an account exists for this email, we have sent a link to choose a new password.',
  passwordResetTitle: 'Password updated',
  passwordReset: 'Sign in with your new password.',
  passwordChangedTitle: 'Password changed',
  passwordChanged: 'Your password has been changed.',
  signedOutOthersTitle: 'Signed out',
  signedOutOthers: 'Your other devices have been signed out.',
  twoFactorEnabledTitle: 'Two-factor authentication on',
  twoFactorEnabled: 'You will be asked for a code from your authenticator app when you sign in.',
  twoFactorDisabledTitle: 'Two-factor authentication off',
  twoFactorDisabled: 'Your account no longer asks for a code at sign-in.',
  twoFactorCode: 'Enter the 6-digit code from your authenticator app.',
  backupCodeRequired: 'Enter one of your recovery codes.',
  mfaRequired: 'Set up two-factor authentication to use the admin portal.',
  adminCreatedTitle: 'Admin account created',
  /** The first admin, signed in by the setup page straight after the account was made. */
  adminCreatedSignedIn: 'You are signed in as the master admin.',
  /** The first admin, when signing in straight after failed: the sign-in form is shown. */
  adminCreated: 'Sign in with your new admin account.',
  failedTitle: 'Failed',
} as const;

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

const currentPassword = z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH);
/** Compared with the new password in the browser only; never sent. */
const confirmPassword = z.string().max(PASSWORD_MAX_LENGTH);

function withConfirmation<T extends z.ZodType<{ confirmPassword: string }>>(
  schema: T,
  passwordOf: (value: z.infer<T>) => string,
) {
  return schema.refine((value) => passwordOf(value) === value.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDontMatch,
  });
}

/** POST /api/auth/sign-in/email: signed in, or a second factor is needed first. */
export const ZSignInResponse = z.union([
  z.object({ twoFactorRedirect: z.literal(true) }),
  z.object({ redirect: z.boolean(), user: z.object({ id: z.string(), email: z.string() }) }),
]);
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/** POST /api/auth/two-factor/verify-totp and verify-backup-code. */
export const ZTwoFactorCodeRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ACCOUNT_MESSAGES.twoFactorCode),
});
export const ZBackupCodeRequest = z.object({
  code: boundedText(64, { min: 1, message: ACCOUNT_MESSAGES.backupCodeRequired }),
});
export const ZTwoFactorVerified = z
  .object({ user: z.object({ id: z.string(), email: z.string() }) })
  .or(z.object({ status: z.boolean() }));

/** POST /api/auth/two-factor/enable {password} → the secret as an otpauth:// URI and recovery codes. */
export const ZTotpEnrolment = z.object({
  totpURI: z.string().startsWith('otpauth://'),
  backupCodes: z.array(z.string()),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

/** Answers that only say it worked: `{status: true}` (revoke, reset) or `{success: true}` (sign-out). */
export const ZOkResponse = z.union([z.object({ status: z.boolean() }), z.object({ success: z.boolean() })]);

/** GET /api/auth/list-sessions: the user's active sessions, the requesting one marked current. */
export const ZSessionInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
  current: z.boolean(),
});
export const ZSessionList = z.array(ZSessionInfo);
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** POST /api/auth/request-password-reset; the link lands on redirectTo with ?token= (or ?error=). */
export const ZForgotPasswordRequest = z.object({ email: emailField('Please enter a valid email address.') });

export const ZResetPasswordForm = withConfirmation(
  z.object({ newPassword, confirmPassword }),
  (value) => value.newPassword,
);
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

export const ZChangePasswordForm = withConfirmation(
  z.object({ currentPassword, newPassword, confirmPassword, revokeOtherSessions: z.boolean() }),
  (value) => value.newPassword,
);
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
export const ZChangePasswordResponse = z.object({ user: z.object({ id: z.string(), email: z.string() }) });

/** POST /api/auth/setup-admin with the one-time link's token (first master admin). */
export const ZSetupAdminForm = withConfirmation(
  z.object({
    email: emailField('Please enter a valid email address.'),
    password: newPassword,
    confirmPassword,
  }),
  (value) => value.password,
);
export type TSetupAdminForm = z.input<typeof ZSetupAdminForm>;
/** The body the server takes at /api/auth/setup-admin: the form's answers with the link's token. */
export const ZSetupAdminRequest = z.object({
  token: boundedText(200, { min: 1 }),
  email: emailField('Please enter a valid email address.'),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const ZSetupAdminResponse = z.object({ status: z.literal('created') });
