import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TCreateInvitationRequest, TInvitation } from '@spacecapture/shared/contracts/invitations';
import { AppError } from '@spacecapture/shared/errors';
import { orgTypeOfRole, type TInvitableRole, type TOrgType, teamMemberRoleOf } from '@spacecapture/shared/roles';
import {
  canTransition,
  INVITATION_MACHINE,
  type TInvitationStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { invitationEmail } from '../accounts/account-emails.ts';
import { findOrganization, findUserIdByEmail, insertOrganization } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { findWaitingQuoteOfCustomer } from '../quotes/quotes-repository.ts';
import { hashInvitationToken, invitationLink, invitationToken, newInvitationToken } from './invitation-token.ts';
import {
  findInvitation,
  findPendingInvitationForEmail,
  insertInvitation,
  listInvitations,
  lockInvitationsOfEmail,
  type TInvitationCursor,
  type TInvitationRow,
  updateInvitation,
} from './invitations-repository.ts';

/** A pending invitation past its expiry reads as expired, whether or not a worker marked it yet. */
export function effectiveInvitationStatus(
  row: Pick<TInvitationRow, 'status' | 'expiresAt'>,
  now: Date,
): TInvitationStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as TInvitationStatus;
}

function toView(row: TInvitationRow, organization: { id: string; name: string } | null, now: Date): TInvitation {
  return {
    id: row.id,
    email: row.email,
    orgType: (row.orgType as TOrgType | null) ?? null,
    roleSuggested: row.roleSuggested,
    status: effectiveInvitationStatus(row, now),
    organization,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function encodeCursor(row: TInvitationRow) {
  return Buffer.from(JSON.stringify({ createdAt: row.createdAt.toISOString(), id: row.id })).toString('base64url');
}

function decodeCursor(cursor: string | undefined): TInvitationCursor | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value.createdAt === 'string' && typeof value.id === 'string') return value;
  } catch {
    // fall through to the error below
  }
  throw new AppError('bad_request', 'The cursor is not valid.');
}

/**
 * Invitations: admins invite anyone into any organisation; organisation admins invite team members
 * into their own. Every change writes its audit entry and its e-mail in the same transaction.
 */
export function createInvitationsService(deps: {
  db: TDatabase;
  publicUrl: string;
  /** The instance's secret (AUTH_SECRET): invitation tokens are derived from it (decision 091). */
  linkSecret: string;
  clock: () => Date;
}) {
  const { db, clock } = deps;

  async function sendNew(
    tx: TExecutor,
    input: { email: string; role: TInvitableRole; orgId: string; orgName: string; actor: TActor },
    options: { audit: boolean } = { audit: true },
  ) {
    const email = input.email.toLowerCase();
    await lockInvitationsOfEmail(tx, email);
    if (await findUserIdByEmail(tx, email)) {
      throw new AppError('conflict', `An account for ${email} already exists.`, {
        email: 'This person already has an account.',
      });
    }
    const existing = await findPendingInvitationForEmail(tx, email);
    if (existing && effectiveInvitationStatus(existing, clock()) === 'pending') {
      throw new AppError('conflict', `A pending invitation for ${email} already exists; resend it instead.`, {
        email: 'A pending invitation for this e-mail already exists.',
      });
    }
    const orgType = orgTypeOfRole(input.role);
    const { id, token, tokenHash, expiresAt } = newInvitationToken(deps.linkSecret, clock());
    const row = await insertInvitation(tx, {
      id,
      email,
      orgType,
      roleSuggested: input.role,
      orgId: input.orgId,
      status: 'pending',
      tokenHash,
      expiresAt,
      invitedBy: input.actor.userId,
    });
    if (options.audit) {
      await recordAudit(tx, {
        entity: 'invitation',
        entityId: row.id,
        action: 'create',
        after: toAuditView(row),
        actorUserId: input.actor.userId,
      });
    }
    await enqueueEmails(tx, [
      invitationEmail({
        to: email,
        organizationName: input.orgName,
        role: input.role,
        url: invitationLink(deps.publicUrl, { token, email, orgType }),
        expiresAt,
        waitingQuote: orgType === 'customer' ? await findWaitingQuoteOfCustomer(tx, input.orgId, clock()) : null,
      }),
    ]);
    return toView(row, { id: input.orgId, name: input.orgName }, clock());
  }

  async function inTransaction<T>(work: (tx: TExecutor) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    return result;
  }

  return {
    /**
     * The same checks, row and e-mail as `create`, inside the caller's transaction (approving a
     * provider application): the caller's operation writes its one audit entry, naming the invitation.
     */
    async inviteWithin(
      tx: TExecutor,
      input: { email: string; role: TInvitableRole; orgId: string; orgName: string; actor: TActor },
    ) {
      return sendNew(tx, input, { audit: false });
    },

    /** Admin: invite into an existing organisation of the role's type, or a new one by name. */
    async create(request: TCreateInvitationRequest, actor: TActor) {
      if (orgTypeOfRole(request.roleSuggested) !== request.orgType) {
        throw new AppError('validation_failed', 'The suggested role does not match the organization type.', {
          roleSuggested: 'The suggested role must belong to the organization type.',
        });
      }
      return inTransaction(async (tx) => {
        let org: { id: string; name: string };
        if ('id' in request.organization) {
          const found = await findOrganization(tx, request.organization.id);
          if (!found || found.type !== request.orgType) {
            throw new AppError('validation_failed', 'Choose an organization of the selected type.', {
              organization: 'Choose an organization of the selected type.',
            });
          }
          org = found;
        } else {
          org = await insertOrganization(tx, { name: request.organization.name, type: request.orgType });
          await recordAudit(tx, {
            entity: 'organization',
            entityId: org.id,
            action: 'create',
            after: org,
            actorUserId: actor.userId,
          });
        }
        return sendNew(tx, {
          email: request.email,
          role: request.roleSuggested,
          orgId: org.id,
          orgName: org.name,
          actor,
        });
      });
    },

    /** Organisation admin: invite a team member (the organisation's _user role) into their own organisation. */
    async inviteTeamMember(email: string, actor: TActor) {
      if (!actor.orgId) throw new AppError('forbidden', 'You do not belong to an organization.');
      const orgId = actor.orgId;
      return inTransaction(async (tx) => {
        const org = await findOrganization(tx, orgId);
        if (!org) throw new AppError('not_found', 'Organization not found.');
        const role = teamMemberRoleOf(org.type as TOrgType);
        return sendNew(tx, { email, role, orgId: org.id, orgName: org.name, actor });
      });
    },

    async list(options: { limit: number; cursor?: string; orgId?: string }) {
      const rows = await listInvitations(db, {
        limit: options.limit + 1,
        ...(options.orgId ? { orgId: options.orgId } : {}),
        ...(options.cursor ? { cursor: decodeCursor(options.cursor) } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toView(row.invitation, row.organization, clock())),
        nextCursor: rows.length > options.limit && last ? encodeCursor(last.invitation) : null,
      };
    },

    /** A new token and a new expiry; the old link stops working. Offered on every invitation not yet accepted. */
    async resend(id: string, actor: TActor, scope: { orgId?: string } = {}) {
      return inTransaction(async (tx) => {
        const row = await findInvitation(tx, id, { forUpdate: true });
        if (!row || (scope.orgId && row.orgId !== scope.orgId))
          throw new AppError('not_found', 'Invitation not found.');
        const from = effectiveInvitationStatus(row, clock());
        if (from === 'accepted') {
          throw new AppError(
            'conflict',
            `The invitation for ${row.email} was accepted: the account exists, so there is nothing to resend.`,
          );
        }
        if (!canTransition(INVITATION_MACHINE, from, 'pending')) {
          throw new AppError('conflict', transitionRefusal(INVITATION_MACHINE, from, 'pending'));
        }
        // Never two live links for one person: a newer pending invitation must be used or revoked first.
        await lockInvitationsOfEmail(tx, row.email);
        const newer = await findPendingInvitationForEmail(tx, row.email);
        if (newer && newer.id !== row.id && effectiveInvitationStatus(newer, clock()) === 'pending') {
          throw new AppError('conflict', `Another pending invitation for ${row.email} exists; resend that one.`);
        }
        const { token, tokenHash, expiresAt } = newInvitationToken(deps.linkSecret, clock(), {
          id,
          after: row.expiresAt,
        });
        const updated = await updateInvitation(tx, id, { tokenHash, expiresAt, status: 'pending' }, clock());
        await recordAudit(tx, {
          entity: 'invitation',
          entityId: id,
          action: 'resend',
          before: toAuditView(row),
          after: toAuditView(updated),
          actorUserId: actor.userId,
        });
        const org = row.orgId ? await findOrganization(tx, row.orgId) : undefined;
        await enqueueEmails(tx, [
          invitationEmail({
            to: row.email,
            organizationName: org?.name ?? null,
            role: row.roleSuggested,
            url: invitationLink(deps.publicUrl, { token, email: row.email, orgType: row.orgType }),
            expiresAt,
            waitingQuote: org?.type === 'customer' ? await findWaitingQuoteOfCustomer(tx, org.id, clock()) : null,
          }),
        ]);
        return toView(updated, org ? { id: org.id, name: org.name } : null, clock());
      });
    },

    /**
     * The link of a pending invitation, for the admin to pass on themselves (decision 091). Showing
     * it changes nothing but is audited, in the same transaction, as the link's disclosure.
     */
    async revealLink(id: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const row = await findInvitation(tx, id, { forUpdate: true });
        if (!row) throw new AppError('not_found', 'Invitation not found.');
        const status = effectiveInvitationStatus(row, clock());
        if (status !== 'pending') {
          throw new AppError('conflict', `This invitation is ${status}; only a pending invitation has a link to copy.`);
        }
        const token = invitationToken(deps.linkSecret, row.id, row.expiresAt);
        // Made before tokens were derived, or under another AUTH_SECRET: only a resend can show one.
        if (hashInvitationToken(token) !== row.tokenHash) {
          throw new AppError('conflict', "This invitation's link cannot be shown; resend it to make a new link.");
        }
        await recordAudit(tx, {
          entity: 'invitation',
          entityId: row.id,
          action: 'reveal_link',
          after: { email: row.email, expiresAt: row.expiresAt.toISOString() },
          actorUserId: actor.userId,
        });
        return { url: invitationLink(deps.publicUrl, { token, email: row.email, orgType: row.orgType }) };
      });
    },

    /** Only a pending invitation can be revoked. */
    async revoke(id: string, actor: TActor, scope: { orgId?: string } = {}) {
      return db.transaction(async (tx) => {
        const row = await findInvitation(tx, id, { forUpdate: true });
        if (!row || (scope.orgId && row.orgId !== scope.orgId))
          throw new AppError('not_found', 'Invitation not found.');
        const from = effectiveInvitationStatus(row, clock());
        if (!canTransition(INVITATION_MACHINE, from, 'revoked')) {
          throw new AppError('conflict', transitionRefusal(INVITATION_MACHINE, from, 'revoked'));
        }
        const updated = await updateInvitation(tx, id, { status: 'revoked' }, clock());
        await recordAudit(tx, {
          entity: 'invitation',
          entityId: id,
          action: 'revoke',
          before: toAuditView(row),
          after: toAuditView(updated),
          actorUserId: actor.userId,
        });
        const org = row.orgId ? await findOrganization(tx, row.orgId) : undefined;
        return toView(updated, org ? { id: org.id, name: org.name } : null, clock());
      });
    },
  };
}

/** Audit snapshots never contain the token hash. */
function toAuditView(row: TInvitationRow) {
  const { tokenHash: _secret, ...rest } = row;
  return rest;
}

export type TInvitationsService = ReturnType<typeof createInvitationsService>;
