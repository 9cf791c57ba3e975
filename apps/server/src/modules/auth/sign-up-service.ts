import { randomUUID } from 'node:crypto';
import type { TDatabase } from '@spacecapture/db/client';
import { AUTH_MESSAGES, type TInvitationPreview, type TSignUpRequest } from '@spacecapture/shared/contracts/auth';
import { AppError } from '@spacecapture/shared/errors';
import { passwordWeaknesses } from '@spacecapture/shared/password-policy';
import { portalOfRole, type TInvitableRole, type TOrgType, type TPortal } from '@spacecapture/shared/roles';
import { canTransition, INVITATION_MACHINE } from '@spacecapture/shared/state-machines';
import {
  countAdmins,
  findOrganization,
  findProfile,
  findUserIdByEmail,
  insertCredentialUser,
  insertMembership,
  insertRole,
  lockFirstAdminCreation,
} from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { hashInvitationToken } from '../invitations/invitation-token.ts';
import { findInvitationByTokenHash, updateInvitation } from '../invitations/invitations-repository.ts';
import { effectiveInvitationStatus } from '../invitations/invitations-service.ts';
import { findWaitingQuoteOfCustomer } from '../quotes/quotes-repository.ts';
import type { TPasswordHashing } from './password-hashing.ts';

export function assertStrongPassword(password: string, email: string) {
  const reasons = passwordWeaknesses(password, email);
  if (reasons.length > 0) {
    throw new AppError('weak_password', `${AUTH_MESSAGES.weakPasswordTitle}: ${reasons.join(' ')}`, {
      password: reasons.join(' '),
    });
  }
}

function nameFromEmail(email: string) {
  return email.split('@')[0] ?? email;
}

/** Why an invitation link no longer works, in words the invitee can act on. */
const NOT_PENDING: Record<string, string> = {
  expired: AUTH_MESSAGES.invitationExpired,
  revoked: AUTH_MESSAGES.invitationRevoked,
  accepted: AUTH_MESSAGES.invitationUsed,
};

/**
 * Invitation-only sign-up (decision 199): the invitation's token is what authorises, and it names
 * the address, the organisation and the role. Checking the invitation, creating the user (address
 * verified: the link reached it) with their credential, role and membership, accepting the
 * invitation and the audit entry are one transaction: never a user without a role, never an
 * invitation used twice. The caller then signs the new user in.
 */
export function createSignUpService(deps: { db: TDatabase; clock: () => Date; passwordHashing: TPasswordHashing }) {
  const { db, clock } = deps;

  return {
    /**
     * What the join page shows of the invitation a token belongs to. An unknown token is a 404; an
     * invitation that is no longer pending is a 410 saying why. Reading it changes nothing.
     */
    async previewInvitation(token: string): Promise<TInvitationPreview> {
      const invitation = await findInvitationByTokenHash(db, hashInvitationToken(token), { forUpdate: false });
      if (!invitation) throw new AppError('not_found', AUTH_MESSAGES.invitationLinkUnknown);
      const status = effectiveInvitationStatus(invitation, clock());
      if (status !== 'pending') throw new AppError('gone', NOT_PENDING[status] ?? AUTH_MESSAGES.invitationLinkUnknown);
      const organization = invitation.orgId ? await findOrganization(db, invitation.orgId) : undefined;
      const inviter = invitation.invitedBy ? await findProfile(db, invitation.invitedBy) : undefined;
      const waitingQuote =
        organization?.type === 'customer' ? await findWaitingQuoteOfCustomer(db, organization.id, clock()) : null;
      return {
        email: invitation.email,
        role: invitation.roleSuggested as TInvitableRole,
        organization: organization ? { name: organization.name, type: organization.type as TOrgType } : null,
        invitedBy: inviter?.name ?? null,
        expiresAt: invitation.expiresAt.toISOString(),
        waitingQuote,
      };
    },

    /**
     * Creates the account the invitation names, for the invitation's address whatever else the
     * request says. Refused with `invite_required` (and nothing written) without a pending
     * invitation for the token.
     */
    async signUp(request: TSignUpRequest): Promise<{ userId: string; email: string; portal: TPortal }> {
      const inviteRequired = () => new AppError('invite_required', AUTH_MESSAGES.inviteRequired);
      if (!request.invitationToken) throw inviteRequired();
      const tokenHash = hashInvitationToken(request.invitationToken);
      // The address the password is checked against is the invitation's: read it first.
      const preview = await findInvitationByTokenHash(db, tokenHash, { forUpdate: false });
      if (!preview || effectiveInvitationStatus(preview, clock()) !== 'pending') throw inviteRequired();
      assertStrongPassword(request.password, preview.email);
      // Hashing is slow on purpose; do it before the transaction holds any lock.
      const passwordHash = await deps.passwordHashing.hash(request.password);
      return db.transaction(async (tx) => {
        const invitation = await findInvitationByTokenHash(tx, tokenHash);
        const now = clock();
        if (!invitation || !canTransition(INVITATION_MACHINE, effectiveInvitationStatus(invitation, now), 'accepted')) {
          throw inviteRequired();
        }
        const { email } = invitation;
        if (await findUserIdByEmail(tx, email)) {
          throw new AppError('conflict', 'An account with this e-mail already exists. Sign in instead.');
        }
        const userId = randomUUID();
        await insertCredentialUser(tx, {
          id: userId,
          email,
          name: request.name,
          passwordHash,
          emailVerified: true,
          now,
        });
        await insertRole(tx, userId, invitation.roleSuggested);
        if (invitation.orgId) await insertMembership(tx, userId, invitation.orgId, invitation.roleSuggested);
        await updateInvitation(tx, invitation.id, { status: 'accepted', acceptedUserId: userId, acceptedAt: now }, now);
        await recordAudit(tx, {
          entity: 'user',
          entityId: userId,
          action: 'sign_up',
          after: {
            email,
            name: request.name,
            role: invitation.roleSuggested,
            orgId: invitation.orgId,
            invitationId: invitation.id,
            emailVerifiedBy: 'invitation',
          },
          actorUserId: userId,
        });
        return { userId, email, portal: portalOfRole(invitation.roleSuggested) };
      });
    },

    /** Creates the master admin unless an admin exists already (idempotent). Returns whether it did. */
    async createFirstAdmin(input: { email: string; password: string; emailVerified: boolean }): Promise<boolean> {
      const email = input.email.trim().toLowerCase();
      assertStrongPassword(input.password, email);
      const passwordHash = await deps.passwordHashing.hash(input.password);
      return db.transaction(async (tx) => {
        await lockFirstAdminCreation(tx);
        if ((await countAdmins(tx)) > 0) return false;
        if (await findUserIdByEmail(tx, email)) {
          throw new AppError('conflict', `${email} already has an account that is not an admin.`);
        }
        const userId = randomUUID();
        await insertCredentialUser(tx, {
          id: userId,
          email,
          name: nameFromEmail(email),
          passwordHash,
          emailVerified: input.emailVerified,
          now: clock(),
        });
        await insertRole(tx, userId, 'master_admin');
        await recordAudit(tx, {
          entity: 'user',
          entityId: userId,
          action: 'create_first_admin',
          after: { email },
          actorUserId: null,
        });
        return true;
      });
    },
  };
}

export type TSignUpService = ReturnType<typeof createSignUpService>;
