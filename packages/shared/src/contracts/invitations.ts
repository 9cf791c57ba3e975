import { z } from 'zod';
import { boundedText, emailField, FIELD_LIMITS } from '../fields.ts';
import { INVITABLE_ROLES, ORG_TYPES } from '../roles.ts';

/** Invitations (spec 001 §2 /admin/invitations, §5, §8). */

export const INVITATION_TTL_DAYS = 7;

export const INVITATION_MESSAGES = {
  sentTitle: 'Invitation sent',
  sent: (email: string) => `Invite sent to ${email}`,
  revoked: 'Revoked',
  resent: 'Resent',
  failedTitle: 'Failed',
  sendFallback: 'Could not send invitation',
  empty: 'No invitations yet.',
  orgRequired: 'Choose an organization or enter a new organization name.',
  roleMismatch: 'The suggested role must belong to the organization type.',
  copyLink: 'Copy link',
  linkCopiedTitle: 'Link copied',
  linkCopied: (email: string) => `The invitation link for ${email} is on your clipboard.`,
  linkShownTitle: 'Invitation link',
  linkShown: 'Copy the link from the field below the button.',
  linkFailedTitle: 'Link not shown',
} as const;

/** Revealing an invitation's link (decision 091): at most this many per admin per minute. */
export const INVITATION_LINK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export const ZOrganizationChoice = z.union([
  z.object({ id: z.uuid() }),
  z.object({
    name: boundedText(FIELD_LIMITS.shortText, { min: 2, message: 'Organization name must be at least 2 characters.' }),
  }),
]);

export const ZCreateInvitationRequest = z.object({
  email: emailField('Please enter a valid email address.'),
  orgType: z.enum(ORG_TYPES, { error: 'Please select an organization type.' }),
  roleSuggested: z.enum(INVITABLE_ROLES, { error: 'Please select a role.' }),
  organization: ZOrganizationChoice,
});
export type TCreateInvitationRequest = z.infer<typeof ZCreateInvitationRequest>;

export const ZInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  orgType: z.enum(ORG_TYPES).nullable(),
  roleSuggested: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** POST /api/admin/invitations/:id/link → the pending invitation's sign-up link (audited). */
export const ZInvitationLink = z.object({ url: z.url() });
export type TInvitationLink = z.infer<typeof ZInvitationLink>;

export const ZInvitationList = z.object({ items: z.array(ZInvitation), nextCursor: z.string().nullable() });

export const ZTeamInviteRequest = z.object({ email: emailField('Please enter a valid email address.') });
export type TTeamInviteRequest = z.infer<typeof ZTeamInviteRequest>;

export const ZTeamMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  joinedAt: z.iso.datetime({ offset: true }),
});
export const ZTeam = z.object({
  organization: z.object({ id: z.uuid(), name: z.string(), type: z.enum(ORG_TYPES) }),
  members: z.array(ZTeamMember),
  pendingInvitations: z.array(ZInvitation),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZOrganizationSummary = z.object({ id: z.uuid(), name: z.string(), type: z.enum(ORG_TYPES) });
export const ZOrganizationOptions = z.object({ items: z.array(ZOrganizationSummary) });
