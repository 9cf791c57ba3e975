import { ZInvitation, ZTeam, ZTeamInviteRequest } from '@spacecapture/shared/contracts/invitations';
import { CUSTOMER_ROLES, PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';

const MEMBERS = [...CUSTOMER_ROLES, ...PROVIDER_ROLES];
const ORG_ADMINS = ['customer_admin', 'provider_admin'] as const;

/**
 * The caller's own organisation and team (customer and provider portals). Members read it;
 * organisation admins invite their _user teammates and remove them. Thin: the team service and
 * the invitations service hold the rules.
 */
const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { team } = app.services;
  const route = declareRoutes(app, { roles: ORG_ADMINS, tags: ['organization'] });

  route.get(
    '/organization/team',
    { roles: MEMBERS, summary: 'Your organisation, its members and pending invitations', response: { 200: ZTeam } },
    async (request) => team.team(actorOf(request)),
  );

  route.post(
    '/organization/invitations',
    {
      summary: 'Invite a teammate into your organisation (role customer_user or provider_user)',
      body: ZTeamInviteRequest,
      response: { 201: ZInvitation },
    },
    async (request, reply) =>
      reply.status(201).send(await app.services.invitations.inviteTeamMember(request.body.email, actorOf(request))),
  );

  route.post(
    '/organization/invitations/:id/revoke',
    {
      summary: "Revoke a pending invitation of your organisation's",
      params: z.object({ id: z.uuid() }),
      response: { 200: ZInvitation },
    },
    async (request) => {
      const caller = actorOf(request);
      return app.services.invitations.revoke(request.params.id, caller, { orgId: caller.orgId ?? 'none' });
    },
  );

  route.delete(
    '/organization/members/:userId',
    {
      summary: 'Remove a teammate (their account ends)',
      params: z.object({ userId: z.uuid() }),
      response: { 204: z.null() },
    },
    async (request, reply) => {
      await team.removeMember(actorOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};

export default teamRoutes;
