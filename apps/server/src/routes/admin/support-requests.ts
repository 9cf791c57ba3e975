import {
  ZAdminSupportRequestDetail,
  ZAdminSupportRequestList,
  ZAdminSupportRequestsQuery,
  ZAssignSupportRequest,
  ZSupportAssignees,
  ZSupportReplyRequest,
} from '@spacecapture/shared/contracts/admin-console/support-requests';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/**
 * The admins' support inbox (decision 204): the customers' requests with their status, assignee
 * and order; the thread of one; an answer (e-mailed to the customer), assign, close.
 */
const adminSupportRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { supportRequests } = app.services;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'] });

  route.get(
    '/support-requests',
    {
      summary: 'Support requests from the customer portal, newest first; search, status, assignee and order filters',
      querystring: ZAdminSupportRequestsQuery,
      response: { 200: ZAdminSupportRequestList },
    },
    async (request) => supportRequests.list(request.query, actorOf(request)),
  );

  route.get(
    '/support-requests/assignees',
    { summary: 'The admins a support request can be assigned to', response: { 200: ZSupportAssignees } },
    async () => supportRequests.assignees(),
  );

  route.get(
    '/support-requests/:id',
    {
      summary: 'One support request with its thread of replies',
      params: idParams,
      response: { 200: ZAdminSupportRequestDetail },
    },
    async (request) => supportRequests.detail(request.params.id),
  );

  route.post(
    '/support-requests/:id/replies',
    {
      summary: 'Answer a support request: e-mailed to the customer who asked and shown in their portal',
      params: idParams,
      body: ZSupportReplyRequest,
      response: { 201: ZAdminSupportRequestDetail },
    },
    async (request, reply) =>
      reply.status(201).send(await supportRequests.replyAsAdmin(request.params.id, request.body, actorOf(request))),
  );

  route.post(
    '/support-requests/:id/assign',
    {
      summary: 'Assign a support request to an admin, or to nobody (null)',
      params: idParams,
      body: ZAssignSupportRequest,
      response: { 200: ZAdminSupportRequestDetail },
    },
    async (request) => supportRequests.assign(request.params.id, request.body, actorOf(request)),
  );

  route.post(
    '/support-requests/:id/close',
    {
      summary: 'Close a support request (the customer reopens it by replying)',
      params: idParams,
      response: { 200: ZAdminSupportRequestDetail },
    },
    async (request) => supportRequests.close(request.params.id, actorOf(request)),
  );
};

export default adminSupportRequestRoutes;
