import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../fields.ts';
import { INVITABLE_ROLES, ORG_TYPES, ROLES, type TInvitableRole } from '../roles.ts';
import { UNIT_SYSTEMS } from '../units.ts';

/** Sign-in and sign-up contracts (spec 000 §2, §5, §8). */

export const AUTH_MESSAGES = {
  passwordsDontMatch: "Passwords don't match",
  passwordMin: 'Password must be at least 6 characters.',
  emailRequired: 'Email is required.',
  nameRequired: 'Please enter your name.',
  passwordRequired: 'Password is required.',
  inviteRequiredTitle: 'Invite required',
  inviteRequired: 'Signup is invite-only. Please use your invitation link or contact an admin.',
  signUpFailed: 'Sign up failed',
  joinedTitle: 'Welcome to SpaceCapture',
  joined: 'Your account is ready and you are signed in.',
  joinedWithQuote: 'Your account is ready and you are signed in. The quote waiting for you is below.',
  invitationLinkUnknown:
    'This invitation link is not valid. Open the whole link from the e-mail, or ask the person who invited you for a new one.',
  invitationExpired: 'This invitation has expired. Ask the person who invited you to send it again.',
  invitationRevoked: 'This invitation was withdrawn. Ask an admin for a new one if you still need an account.',
  invitationUsed: 'This invitation was already used to create an account. Sign in instead.',
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

/** What an invitation makes of its invitee, in words (the join page and the invitation e-mail). */
export const INVITED_ROLE_LABELS: Record<TInvitableRole, string> = {
  customer_admin: 'Customer admin (requests captures, manages the team)',
  customer_user: 'Customer team member (requests captures)',
  provider_admin: 'Provider admin (captures spaces, manages the team)',
  provider_user: 'Provider team member (captures spaces)',
};

/**
 * Passwords are the one text from outside that is not `boundedText`: only their hash is stored,
 * and trimming or refusing characters would change the secret a person chose (decision 067).
 */
const password = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/**
 * Joining from an invitation (decision 199): the token is what authorises, and it names the
 * address, the organisation and the role; the person adds only their name and password. An e-mail
 * or account type in the body is not read.
 */
export const ZSignUpRequest = z.object({
  /** The token from the invitation link; without it sign-up is refused. */
  invitationToken: boundedText(200).optional(),
  name: boundedText(FIELD_LIMITS.name, { min: 1, message: AUTH_MESSAGES.nameRequired }),
  password,
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** The browser form adds the confirmation, checked before anything is sent. */
export const ZSignUpForm = ZSignUpRequest.omit({ invitationToken: true })
  .extend({ confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDontMatch,
  });
export type TSignUpForm = z.input<typeof ZSignUpForm>;

/** What the join page shows of a pending invitation (GET /api/auth/invitations/:token). */
export const ZInvitationPreview = z.object({
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  organization: z.object({ name: z.string(), type: z.enum(ORG_TYPES) }).nullable(),
  /** The name of the person who sent it, when known. */
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** A sent quote on one of the organisation's orders, waiting for the customer's answer. */
  waitingQuote: z.object({ quoteId: z.uuid(), orderTitle: z.string() }).nullable(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZSignInRequest = z.object({
  email: boundedText(FIELD_LIMITS.email, { min: 1, message: AUTH_MESSAGES.emailRequired }),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** The account exists, its address verified by the invitation, and this response signed it in. */
export const ZSignUpAccepted = z.object({
  status: z.literal('signed_in'),
  email: z.string(),
  portal: z.enum(['admin', 'customer', 'provider']),
});

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
  organization: z
    .object({
      id: z.uuid(),
      name: z.string(),
      type: z.enum(ORG_TYPES),
      orgRole: z.string(),
      /** The organisation's default currency and unit system (decision 203). */
      currency: z.string(),
      unitSystem: z.enum(UNIT_SYSTEMS),
    })
    .nullable(),
  /** aal2 once a verified second factor was used in this session; admins may be required to have it. */
  mfa: z.object({ required: z.boolean(), enrolled: z.boolean() }),
});
export type TProfile = z.infer<typeof ZProfile>;
