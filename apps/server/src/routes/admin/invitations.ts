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
import { toActor } from '../../lib/actor.ts';
import { listActiveOrganizations } from '../../modules/accounts/accounts-repository.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;

/** /admin/invitations (spec 001 §2): create, list newest first, resend, revoke, and copy a link (decision 091). */
const adminInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;
  const tags = ['admin'];

  app.get(
    '/invitations',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Invitations, newest first',
        querystring: z.object({
          cursor: ZCursor,
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: ZInvitationList, ...errors },
      },
    },
    async (request) =>
      invitations.list({
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );

  app.post(
    '/invitations',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Invite someone into an organisation (existing or new by name) and e-mail the link',
        body: ZCreateInvitationRequest,
        response: { 201: ZInvitation, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.create(request.body, toActor(callerOf(request)))),
  );

  app.post(
    '/invitations/:id/resend',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Send the invitation again with a new link; the old link stops working',
        params: idParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => invitations.resend(request.params.id, toActor(callerOf(request))),
  );

  app.post(
    '/invitations/:id/link',
    {
      // Counted per admin, once the guard knows who is asking (decision 091).
      config: {
        rateLimit: {
          ...INVITATION_LINK_RATE_LIMIT,
          hook: 'preHandler',
          keyGenerator: (request) => `invitation-link:${callerOf(request).userId}`,
        },
      },
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: "Show a pending invitation's sign-up link to pass on (audited as its disclosure)",
        params: idParams,
        response: { 200: ZInvitationLink, ...errors, 429: ZErrorResponse },
      },
    },
    async (request) => invitations.revealLink(request.params.id, toActor(callerOf(request))),
  );

  app.post(
    '/invitations/:id/revoke',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Revoke a pending invitation',
        params: idParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => invitations.revoke(request.params.id, toActor(callerOf(request))),
  );

  app.get(
    '/organizations/options',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Active organisations of a type, by name (pickers)',
        querystring: z.object({ type: z.enum(ORG_TYPES) }),
        response: { 200: ZOrganizationOptions, ...errors },
      },
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
