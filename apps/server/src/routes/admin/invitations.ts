import { ZCursor } from '@spacecapture/shared/contracts/admin-workflow';
import {
  INVITATION_LINK_RATE_LIMIT,
  ZCreateInvitationRequest,
  ZInvitation,
  ZInvitationLink,
  ZInvitationList,
  ZOrganizationOptions,
} from '@spacecapture/shared/contracts/invitations';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { ADMIN_ROLES, ORG_TYPES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listActiveOrganizations } from '../../modules/accounts/accounts-repository.ts';
import { actorOf, callerOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/** /admin/invitations (spec 001 §2): create, list newest first, resend, revoke, and copy a link (decision 091). */
const adminInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'] });

  route.get(
    '/invitations',
    {
      summary: 'Invitations, newest first',
      querystring: z.object({
        cursor: ZCursor,
        limit: z.coerce.number().int().min(1).max(100).default(50),
      }),
      response: { 200: ZInvitationList },
    },
    async (request) =>
      invitations.list({
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );

  route.post(
    '/invitations',
    {
      summary: 'Invite someone into an organisation (existing or new by name) and e-mail the link',
      body: ZCreateInvitationRequest,
      response: { 201: ZInvitation },
    },
    async (request, reply) => reply.status(201).send(await invitations.create(request.body, actorOf(request))),
  );

  route.post(
    '/invitations/:id/resend',
    {
      summary: 'Send the invitation again with a new link; the old link stops working',
      params: idParams,
      response: { 200: ZInvitation },
    },
    async (request) => invitations.resend(request.params.id, actorOf(request)),
  );

  route.post(
    '/invitations/:id/link',
    {
      summary: "Show a pending invitation's sign-up link to pass on (audited as its disclosure)",
      params: idParams,
      response: { 200: ZInvitationLink, 429: ZErrorResponse },
      options: {
        // Counted per admin, once the guard knows who is asking (decision 091).
        config: {
          rateLimit: {
            ...INVITATION_LINK_RATE_LIMIT,
            hook: 'preHandler',
            keyGenerator: (request) => `invitation-link:${callerOf(request).userId}`,
          },
        },
      },
    },
    async (request) => invitations.revealLink(request.params.id, actorOf(request)),
  );

  route.post(
    '/invitations/:id/revoke',
    { summary: 'Revoke a pending invitation', params: idParams, response: { 200: ZInvitation } },
    async (request) => invitations.revoke(request.params.id, actorOf(request)),
  );

  route.get(
    '/organizations/options',
    {
      summary: 'Active organisations of a type, by name (pickers)',
      querystring: z.object({ type: z.enum(ORG_TYPES) }),
      response: { 200: ZOrganizationOptions },
    },
    async (request) => ({
      items: (await listActiveOrganizations(app.db, request.query.type)).map((org) => ({
        ...org,
        type: org.type as (typeof ORG_TYPES)[number],
      })),
    }),
  );
};

export default adminInvitationRoutes;
