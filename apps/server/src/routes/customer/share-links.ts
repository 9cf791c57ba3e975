import {
  ZCreatedShareLink,
  ZCreateShareLinkRequest,
  ZShareLink,
  ZShareLinkList,
} from '@spacecapture/shared/contracts/share-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const roles = ['customer_admin'];
const tags = ['customer'];

/** A customer admin's share links of one order (decision 137), registered under /api. */
const customerShareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shareLinks } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/customer/orders/:id/share-links',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "An order's share links, newest first, with their status, views and last view",
        params: idParams,
        response: { 200: ZShareLinkList, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return shareLinks.list(actor(request), request.params.id);
    },
  );

  app.post(
    '/customer/orders/:id/share-links',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Create a read-only link to the order's deliverables for people without an account",
        description: 'The answer carries the link; it is shown only once (the server keeps only its hash).',
        params: idParams,
        body: ZCreateShareLinkRequest,
        response: { 201: ZCreatedShareLink, ...guardedErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return reply.status(201).send(await shareLinks.create(actor(request), request.params.id, request.body));
    },
  );

  app.post(
    '/customer/share-links/:id/revoke',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Revoke a share link: it stops opening the files at once',
        params: idParams,
        response: { 200: ZShareLink, ...guardedErrorResponses },
      },
    },
    async (request) => shareLinks.revoke(actor(request), request.params.id),
  );
};

export default customerShareLinkRoutes;
