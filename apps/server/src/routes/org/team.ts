import { ZInvitation, ZTeam, ZTeamInviteRequest } from '@spacecapture/shared/contracts/invitations';
import { CUSTOMER_ROLES, PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses } from '../route-schemas.ts';

const MEMBERS = [...CUSTOMER_ROLES, ...PROVIDER_ROLES];
const ORG_ADMINS = ['customer_admin', 'provider_admin'] as const;
const errors = guardedErrorResponses;

/**
 * The caller's own organisation and team (customer and provider portals). Members read it;
 * organisation admins invite their _user teammates and remove them. Thin: the team service and
 * the invitations service hold the rules.
 */
const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organization'];
  const { team } = app.services;

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
    async (request) => team.team(toActor(callerOf(request))),
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
      await team.removeMember(toActor(callerOf(request)), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};

export default teamRoutes;
