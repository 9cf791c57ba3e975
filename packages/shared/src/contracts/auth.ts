import { z } from 'zod';
import { boundedText, emailField, FIELD_LIMITS } from '../fields.ts';
import { ORG_TYPES, ROLES } from '../roles.ts';

/** Sign-in and sign-up contracts (spec 000 §2, §5, §8). */

export const AUTH_MESSAGES = {
  passwordsDontMatch: "Passwords don't match",
  passwordMin: 'Password must be at least 6 characters.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  inviteRequiredTitle: 'Invite required',
  inviteRequired: 'Signup is invite-only. Please use your invitation link or contact an admin.',
  signUpFailed: 'Sign up failed',
  signUpSuccessTitle: 'Check your email',
  signUpSuccess: "We've sent you a confirmation link to complete your registration.",
  signInFailed: 'Sign in failed',
  signOutFailed: 'Sign out failed',
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please confirm your e-mail address first: we sent you a link when you signed up.',
  weakPasswordTitle: 'Password too weak',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_INTENTS = ['customer', 'provider', 'admin'] as const;
export type TAuthIntent = (typeof AUTH_INTENTS)[number];

export const AUTH_INTENT_TEXT: Record<TAuthIntent, { heading: string; description: string }> = {
  customer: { heading: 'Customer Access', description: 'Sign in or sign up with a customer invitation.' },
  provider: { heading: 'Provider Access', description: 'Sign in or sign up with a provider invitation.' },
  admin: { heading: 'Admin Access', description: 'Sign in with your admin account. Admin access is invite-only.' },
};

/** Account types of the sign-up form: user (Request Captures) or provider (Capture Services). */
export const ACCOUNT_TYPE_OPTIONS = [
  { value: 'user', label: 'Request Captures' },
  { value: 'provider', label: 'Capture Services' },
] as const;
export type TAccountType = (typeof ACCOUNT_TYPE_OPTIONS)[number]['value'];

/** The chosen type is provider if it equals provider, otherwise customer (spec 000 §5). */
export function orgTypeOfAccountType(accountType: string) {
  return accountType === 'provider' ? ('provider' as const) : ('customer' as const);
}

/**
 * Passwords are the one text from outside that is not `boundedText`: only their hash is stored,
 * and trimming or refusing characters would change the secret a person chose (decision 067).
 */
const password = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const ZSignUpRequest = z.object({
  email: emailField('Please enter a valid email address.'),
  password,
  accountType: z.enum(['user', 'provider']),
  /** The token from the invitation link; without it sign-up is refused. */
  invitationToken: boundedText(200).optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** The browser form adds the confirmation, checked before anything is sent. */
export const ZSignUpForm = ZSignUpRequest.extend({ confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) }).refine(
  (value) => value.password === value.confirmPassword,
  { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDontMatch },
);
export type TSignUpForm = z.input<typeof ZSignUpForm>;

export const ZSignInRequest = z.object({
  email: boundedText(FIELD_LIMITS.email, { min: 1, message: AUTH_MESSAGES.emailRequired }),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZSignUpAccepted = z.object({ status: z.literal('verification_sent'), email: z.string() });

/** The signed-in user's profile as derived after sign-in (spec 000 §3). */
export const ZProfile = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  }),
  role: z.enum(ROLES),
  portal: z.enum(['admin', 'customer', 'provider']),
  organization: z.object({ id: z.uuid(), name: z.string(), type: z.enum(ORG_TYPES), orgRole: z.string() }).nullable(),
  /** aal2 once a verified second factor was used in this session; admins may be required to have it. */
  mfa: z.object({ required: z.boolean(), enrolled: z.boolean() }),
});
export type TProfile = z.infer<typeof ZProfile>;
