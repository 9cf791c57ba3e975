import { randomUUID } from 'node:crypto';
import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import { AUTH_MESSAGES, orgTypeOfAccountType, type TSignUpRequest } from '@spacecapture/shared/contracts/auth';
import { AppError } from '@spacecapture/shared/errors';
import { passwordWeaknesses } from '@spacecapture/shared/password-policy';
import { canTransition, INVITATION_MACHINE } from '@spacecapture/shared/state-machines';
import { createEmailVerificationToken } from 'better-auth/api';
import { verificationEmail } from '../accounts/account-emails.ts';
import {
  countAdmins,
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
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { EMAIL_VERIFICATION_TTL_SECONDS } from './auth-library.ts';
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

/**
 * Invitation-only sign-up. Checking the invitation, creating the user with their credential,
 * role and membership, consuming the invitation, the audit entry and the confirmation e-mail are
 * one transaction: never a user without a role, never an invitation used twice.
 */
export function createSignUpService(deps: {
  db: TDatabase;
  clock: () => Date;
  publicUrl: string;
  authSecret: string;
  passwordHashing: TPasswordHashing;
}) {
  const { db, clock } = deps;

  async function queueVerification(tx: TExecutor, userId: string, email: string) {
    const token = await createEmailVerificationToken(
      deps.authSecret,
      email,
      undefined,
      EMAIL_VERIFICATION_TTL_SECONDS,
      {
        userId,
      },
    );
    const callbackURL = encodeURIComponent('/auth?verified=1');
    const url = `${deps.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${callbackURL}`;
    await enqueueEmails(tx, [verificationEmail(email, url)]);
  }

  return {
    async signUp(request: TSignUpRequest): Promise<{ email: string }> {
      const email = request.email.toLowerCase();
      const inviteRequired = () => new AppError('invite_required', AUTH_MESSAGES.inviteRequired);
      if (!request.invitationToken) throw inviteRequired();
      assertStrongPassword(request.password, email);
      // Hashing is slow on purpose; do it before the transaction holds any lock.
      const passwordHash = await deps.passwordHashing.hash(request.password);
      const tokenHash = hashInvitationToken(request.invitationToken);
      await db.transaction(async (tx) => {
        const invitation = await findInvitationByTokenHash(tx, tokenHash);
        const chosenOrgType = orgTypeOfAccountType(request.accountType);
        if (
          !invitation ||
          invitation.email !== email ||
          effectiveInvitationStatus(invitation, clock()) !== 'pending' ||
          (invitation.orgType !== null && invitation.orgType !== chosenOrgType) ||
          !canTransition(INVITATION_MACHINE, 'pending', 'accepted')
        ) {
          throw inviteRequired();
        }
        if (await findUserIdByEmail(tx, email)) {
          throw new AppError('conflict', 'An account with this e-mail already exists. Sign in instead.');
        }
        const userId = randomUUID();
        const now = clock();
        await insertCredentialUser(tx, {
          id: userId,
          email,
          name: nameFromEmail(email),
          passwordHash,
          emailVerified: false,
          now,
        });
        await insertRole(tx, userId, invitation.roleSuggested);
        if (invitation.orgId) await insertMembership(tx, userId, invitation.orgId, invitation.roleSuggested);
        await updateInvitation(tx, invitation.id, { status: 'accepted', acceptedUserId: userId, acceptedAt: now }, now);
        await recordAudit(tx, {
          entity: 'user',
          entityId: userId,
          action: 'sign_up',
          after: { email, role: invitation.roleSuggested, orgId: invitation.orgId, invitationId: invitation.id },
          actorUserId: userId,
        });
        await queueVerification(tx, userId, email);
      });
      return { email };
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
