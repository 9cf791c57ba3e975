import { ZPropertyIdParams } from '@spacecapture/shared/contracts/properties';
import {
  ZCreatedShareLink,
  ZCreateShareLinkRequest,
  ZShareLink,
  ZShareLinkList,
  ZUpdateShareLinkRequest,
} from '@spacecapture/shared/contracts/share-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/** A customer admin's share links of one order (decision 137) or one property (decision 234), registered under /api. */
const customerShareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shareLinks } = app.services;
  const route = declareRoutes(app, { roles: ['customer_admin'], tags: ['customer'] });

  route.get(
    '/customer/orders/:id/share-links',
    {
      summary: "An order's share links, newest first, with their status, views and last view",
      params: idParams,
      response: { 200: ZShareLinkList },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return shareLinks.list(actorOf(request), { orderId: request.params.id });
    },
  );

  route.post(
    '/customer/orders/:id/share-links',
    {
      summary: "Create a read-only link to the order's deliverables for people without an account",
      description: 'The answer carries the link; it is shown only once (the server keeps only its hash).',
      params: idParams,
      body: ZCreateShareLinkRequest,
      response: { 201: ZCreatedShareLink },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return reply
        .status(201)
        .send(await shareLinks.create(actorOf(request), { orderId: request.params.id }, request.body));
    },
  );

  route.get(
    '/customer/properties/:propertyId/share-links',
    {
      summary: "A property's share links (decisions 234, 237), newest first, with their status, views and last view",
      params: ZPropertyIdParams,
      response: { 200: ZShareLinkList },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return shareLinks.list(actorOf(request), { propertyId: request.params.propertyId });
    },
  );

  route.post(
    '/customer/properties/:propertyId/share-links',
    {
      summary: "Create a read-only link to the current files of the organisation's orders at a site address",
      description:
        'The answer carries the link; it is shown only once. An order whose invoice waits for payment is held back from it.',
      params: ZPropertyIdParams,
      body: ZCreateShareLinkRequest,
      response: { 201: ZCreatedShareLink },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return reply
        .status(201)
        .send(await shareLinks.create(actorOf(request), { propertyId: request.params.propertyId }, request.body));
    },
  );

  route.post(
    '/customer/share-links/:id/revoke',
    {
      summary: 'Revoke a share link: it stops opening the files at once',
      params: idParams,
      response: { 200: ZShareLink },
    },
    async (request) => shareLinks.revoke(actorOf(request), request.params.id),
  );

  route.patch(
    '/customer/share-links/:id',
    {
      summary: 'Change a share link: its page (branded or unbranded) and the sites its embed may be framed on',
      params: idParams,
      body: ZUpdateShareLinkRequest,
      response: { 200: ZShareLink },
    },
    async (request) => shareLinks.update(actorOf(request), request.params.id, request.body),
  );
};

export default customerShareLinkRoutes;
