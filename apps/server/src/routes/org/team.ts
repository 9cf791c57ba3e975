import { ZInvitation, ZTeam, ZTeamInviteRequest } from '@spacecapture/shared/contracts/invitations';
import { AppError } from '@spacecapture/shared/errors';
import { CUSTOMER_ROLES, PROVIDER_ROLES, type TOrgType } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import {
  deleteUser,
  findMembership,
  findOrganization,
  listOrgMembers,
} from '../../modules/accounts/accounts-repository.ts';
import { recordAudit } from '../../modules/audit/audit-repository.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses } from '../route-schemas.ts';

const MEMBERS = [...CUSTOMER_ROLES, ...PROVIDER_ROLES];
const ORG_ADMINS = ['customer_admin', 'provider_admin'] as const;
const errors = guardedErrorResponses;

/**
 * The caller's own organisation and team (customer and provider portals). Members read it;
 * organisation admins invite their _user teammates and remove them. Nothing reaches another
 * organisation: its members and invitations are simply not found.
 */
const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organization'];

  app.get(
    '/organization/team',
    {
      schema: {
        'x-roles': MEMBERS,
        tags,
        summary: 'Your organisation, its members and pending invitations',
        response: { 200: ZTeam, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.orgId) throw new AppError('not_found', 'You do not belong to an organization.');
      const org = await findOrganization(app.db, caller.orgId);
      if (!org) throw new AppError('not_found', 'Organization not found.');
      const members = await listOrgMembers(app.db, org.id);
      const pending = await app.services.invitations.list({ limit: 100, orgId: org.id });
      return {
        organization: { id: org.id, name: org.name, type: org.type as TOrgType },
        members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
        pendingInvitations: pending.items.filter((invitation) => invitation.status === 'pending'),
      };
    },
  );

  app.post(
    '/organization/invitations',
    {
      schema: {
        'x-roles': ORG_ADMINS,
        tags,
        summary: 'Invite a teammate into your organisation (role customer_user or provider_user)',
        body: ZTeamInviteRequest,
        response: { 201: ZInvitation, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await app.services.invitations.inviteTeamMember(request.body.email, toActor(callerOf(request)))),
  );

  app.post(
    '/organization/invitations/:id/revoke',
    {
      schema: {
        'x-roles': ORG_ADMINS,
        tags,
        summary: "Revoke a pending invitation of your organisation's",
        params: z.object({ id: z.uuid() }),
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return app.services.invitations.revoke(request.params.id, toActor(caller), { orgId: caller.orgId ?? 'none' });
    },
  );

  app.delete(
    '/organization/members/:userId',
    {
      schema: {
        'x-roles': ORG_ADMINS,
        tags,
        summary: 'Remove a teammate (their account ends)',
        params: z.object({ userId: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.params.userId === caller.userId) throw new AppError('conflict', 'You cannot remove yourself.');
      await app.db.transaction(async (tx) => {
        const membership = caller.orgId ? await findMembership(tx, caller.orgId, request.params.userId) : undefined;
        if (!membership) throw new AppError('not_found', 'Member not found.');
        if (membership.role === caller.role)
          throw new AppError('forbidden', 'Only team members with the user role can be removed.');
        await deleteUser(tx, membership.userId);
        await recordAudit(tx, {
          entity: 'user',
          entityId: membership.userId,
          action: 'remove_member',
          before: membership,
          actorUserId: caller.userId,
        });
      });
      return reply.status(204).send(null);
    },
  );
};

export default teamRoutes;
