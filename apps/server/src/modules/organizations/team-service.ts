import type { TDatabase } from '@spacecapture/db/client';
import type { TTeam } from '@spacecapture/shared/contracts/invitations';
import { AppError } from '@spacecapture/shared/errors';
import type { TOrgType } from '@spacecapture/shared/roles';
import type { TActor } from '../../lib/actor.ts';
import { deleteUser, findMembership, findOrganization, listOrgMembers } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TInvitationsService } from '../invitations/invitations-service.ts';

/**
 * The caller's own organisation and team (customer and provider portals). Nothing reaches another
 * organisation: its members are simply not found. Invitations are the invitations service's.
 */
export function createTeamService(deps: { db: TDatabase; invitations: TInvitationsService }) {
  const { db, invitations } = deps;

  return {
    /** The organisation, its members and its pending invitations. */
    async team(actor: TActor): Promise<TTeam> {
      if (!actor.orgId) throw new AppError('not_found', 'You do not belong to an organization.');
      const org = await findOrganization(db, actor.orgId);
      if (!org) throw new AppError('not_found', 'Organization not found.');
      const members = await listOrgMembers(db, org.id);
      const pending = await invitations.list({ limit: 100, orgId: org.id });
      return {
        organization: { id: org.id, name: org.name, type: org.type as TOrgType },
        members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
        pendingInvitations: pending.items.filter((invitation) => invitation.status === 'pending'),
      };
    },

    /** An organisation admin removes a teammate with the user role; their account ends. */
    async removeMember(actor: TActor, userId: string) {
      if (userId === actor.userId) throw new AppError('conflict', 'You cannot remove yourself.');
      await db.transaction(async (tx) => {
        const membership = actor.orgId ? await findMembership(tx, actor.orgId, userId) : undefined;
        if (!membership) throw new AppError('not_found', 'Member not found.');
        if (membership.role === actor.role)
          throw new AppError('forbidden', 'Only team members with the user role can be removed.');
        await deleteUser(tx, membership.userId);
        await recordAudit(tx, {
          entity: 'user',
          entityId: membership.userId,
          action: 'remove_member',
          before: membership,
          actorUserId: actor.userId,
        });
      });
    },
  };
}

export type TTeamService = ReturnType<typeof createTeamService>;
