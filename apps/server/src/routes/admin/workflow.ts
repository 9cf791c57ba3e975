import {
  ZApplication,
  ZApplicationList,
  ZApproveApplicationResponse,
  ZAssignment,
  ZAssignmentQueue,
  ZConfirmScheduleResponse,
  ZConvertLeadRequest,
  ZConvertLeadResponse,
  ZCreateAssignmentRequest,
  ZCreateQuoteRequest,
  ZLead,
  ZLeadList,
  ZListApplicationsQuery,
  ZListLeadsQuery,
  ZListQuery,
  ZListQuotesQuery,
  ZProviderOptions,
  ZProviderOptionsQuery,
  ZQuote,
  ZQuoteList,
  ZRejectApplicationRequest,
  ZSetApplicationStatusRequest,
  ZSetLeadStatusRequest,
} from '@spacecapture/shared/contracts/admin-workflow';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { storedFileHeaders } from '../../lib/content-disposition.ts';
import { parseIdempotencyKey } from '../../modules/idempotency/idempotency.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const roles = ADMIN_ROLES;
const tags = ['admin'];

/**
 * The admin workflow from lead to scheduled job (spec 001 §2 /admin/triage, /admin/quotes,
 * /admin/assignments). Thin: each route calls one service operation.
 */
const adminWorkflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leads, applications, quotes, assignments } = app.services;

  // ------------------------------------------------------------------------------------------
  // Triage: order leads

  app.get(
    '/leads',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Order leads, newest first: open ones unless a status or "all" is asked for, with a search',
        querystring: ZListLeadsQuery,
        response: { 200: ZLeadList, ...errors },
      },
    },
    async (request) => leads.list(request.query),
  );

  app.post(
    '/leads/:id/status',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Move a lead to triage or mark it quoted',
        params: idParams,
        body: ZSetLeadStatusRequest,
        response: { 200: ZLead, ...errors },
      },
    },
    async (request) => leads.setStatus(request.params.id, request.body.status, toActor(callerOf(request))),
  );

  app.post(
    '/leads/:id/convert',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary:
          'Create an order from a lead under a customer organisation, or a new one with its contact invited; the lead becomes converted (once)',
        params: idParams,
        body: ZConvertLeadRequest,
        response: { 201: ZConvertLeadResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await leads.convert(request.params.id, request.body, toActor(callerOf(request)))),
  );

  // ------------------------------------------------------------------------------------------
  // Triage: provider applications

  app.get(
    '/applications',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Provider applications, newest first: open ones unless a status or "all" is asked for, with a search',
        querystring: ZListApplicationsQuery,
        response: { 200: ZApplicationList, ...errors },
      },
    },
    async (request) => applications.list(request.query),
  );

  app.post(
    '/applications/:id/status',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Mark an application reviewing or schedule an interview',
        params: idParams,
        body: ZSetApplicationStatusRequest,
        response: { 200: ZApplication, ...errors },
      },
    },
    async (request) => applications.setStatus(request.params.id, request.body.status, toActor(callerOf(request))),
  );

  app.post(
    '/applications/:id/approve',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Approve: create the provider organisation and e-mail its contact an invitation (provider_admin)',
        params: idParams,
        response: { 200: ZApproveApplicationResponse, ...errors },
      },
    },
    async (request) => applications.approve(request.params.id, toActor(callerOf(request))),
  );

  app.post(
    '/applications/:id/reject',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Reject an application; the applicant gets a polite e-mail',
        params: idParams,
        body: ZRejectApplicationRequest.optional(),
        response: { 200: ZApplication, ...errors },
      },
    },
    async (request) => applications.reject(request.params.id, toActor(callerOf(request)), request.body?.reason ?? null),
  );

  app.get(
    '/applications/:id/portfolio',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Download the application's portfolio file (as an attachment, with its original name)",
        params: idParams,
        response: {
          200: z.any().describe('The file, with its stored content type'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await applications.openPortfolio(request.params.id);
      return reply
        .headers(storedFileHeaders(file.originalName, file.contentType))
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Quotes

  app.get(
    '/quotes',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Quotes, newest first',
        querystring: ZListQuotesQuery,
        response: { 200: ZQuoteList, ...errors },
      },
    },
    async (request) => quotes.list(request.query),
  );

  app.post(
    '/quotes',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Create a draft quote for an order (the total is computed from the items)',
        headers: z.object({
          'idempotency-key': z
            .string()
            .optional()
            .describe('A client-chosen key (8-128 characters); a repeat returns the first answer.'),
        }),
        body: ZCreateQuoteRequest,
        response: { 201: ZQuote, ...errors },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return reply.status(201).send(await quotes.create(request.body, toActor(callerOf(request)), key));
    },
  );

  app.post(
    '/quotes/:id/send',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Send a draft quote to the customer organisation's members",
        params: idParams,
        response: { 200: ZQuote, ...errors },
      },
    },
    async (request) => quotes.send(request.params.id, toActor(callerOf(request))),
  );

  // ------------------------------------------------------------------------------------------
  // Assignments

  app.get(
    '/assignments/queue',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Orders ready for assignment (approved, triage, assigned) with their latest offer and proposed window',
        querystring: ZListQuery,
        response: { 200: ZAssignmentQueue, ...errors },
      },
    },
    async (request) => assignments.queue(request.query),
  );

  app.get(
    '/assignments/providers',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Provider picker: active provider organisations with devices, certifications and fit for the order',
        querystring: ZProviderOptionsQuery,
        response: { 200: ZProviderOptions, ...errors },
      },
    },
    async (request) => assignments.providerOptions(request.query.orderId),
  );

  app.post(
    '/assignments',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Offer the order to a provider organisation (any live offer is withdrawn); the order becomes assigned',
        body: ZCreateAssignmentRequest,
        response: { 201: ZAssignment, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await assignments.create(request.body, toActor(callerOf(request)))),
  );

  app.post(
    '/assignments/:id/confirm-schedule',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Confirm the provider's latest proposed window; the order becomes scheduled",
        params: idParams,
        response: { 200: ZConfirmScheduleResponse, ...errors },
      },
    },
    async (request) => assignments.confirmSchedule(request.params.id, toActor(callerOf(request))),
  );
};

export default adminWorkflowRoutes;
