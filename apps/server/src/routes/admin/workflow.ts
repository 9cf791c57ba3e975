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
  ZPriceBook,
  ZProviderOptions,
  ZProviderOptionsQuery,
  ZQuote,
  ZQuoteList,
  ZQuotePrefill,
  ZQuotePrefillQuery,
  ZQuotePreview,
  ZRejectApplicationRequest,
  ZSetApplicationStatusRequest,
  ZSetLeadStatusRequest,
  ZUpdateQuoteRequest,
} from '@spacecapture/shared/contracts/admin-workflow';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFileHeaders } from '../../lib/content-disposition.ts';
import { parseIdempotencyKey } from '../../modules/idempotency/idempotency.ts';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const roles = ADMIN_ROLES;

/**
 * The admin workflow from lead to scheduled job (spec 001 §2 /admin/triage, /admin/quotes,
 * /admin/assignments). Thin: each route calls one service operation.
 */
const adminWorkflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leads, applications, quotes, assignments } = app.services;
  const route = declareRoutes(app, { roles, tags: ['admin'] });

  // ------------------------------------------------------------------------------------------
  // Triage: order leads

  route.get(
    '/leads',
    {
      summary: 'Order leads, newest first: open ones unless a status or "all" is asked for, with a search',
      querystring: ZListLeadsQuery,
      response: { 200: ZLeadList },
    },
    async (request) => leads.list(request.query),
  );

  route.post(
    '/leads/:id/status',
    {
      summary: 'Move a lead to triage or mark it quoted',
      params: idParams,
      body: ZSetLeadStatusRequest,
      response: { 200: ZLead },
    },
    async (request) => leads.setStatus(request.params.id, request.body.status, actorOf(request)),
  );

  route.post(
    '/leads/:id/convert',
    {
      summary:
        'Create an order from a lead under a customer organisation, or a new one with its contact invited; the lead becomes converted (once)',
      params: idParams,
      body: ZConvertLeadRequest,
      response: { 201: ZConvertLeadResponse },
    },
    async (request, reply) =>
      reply.status(201).send(await leads.convert(request.params.id, request.body, actorOf(request))),
  );

  // ------------------------------------------------------------------------------------------
  // Triage: provider applications

  route.get(
    '/applications',
    {
      summary: 'Provider applications, newest first: open ones unless a status or "all" is asked for, with a search',
      querystring: ZListApplicationsQuery,
      response: { 200: ZApplicationList },
    },
    async (request) => applications.list(request.query),
  );

  route.post(
    '/applications/:id/status',
    {
      summary: 'Mark an application reviewing or schedule an interview',
      params: idParams,
      body: ZSetApplicationStatusRequest,
      response: { 200: ZApplication },
    },
    async (request) => applications.setStatus(request.params.id, request.body.status, actorOf(request)),
  );

  route.post(
    '/applications/:id/approve',
    {
      summary: 'Approve: create the provider organisation and e-mail its contact an invitation (provider_admin)',
      params: idParams,
      response: { 200: ZApproveApplicationResponse },
    },
    async (request) => applications.approve(request.params.id, actorOf(request)),
  );

  route.post(
    '/applications/:id/reject',
    {
      summary: 'Reject an application; the applicant gets a polite e-mail',
      params: idParams,
      body: ZRejectApplicationRequest.optional(),
      response: { 200: ZApplication },
    },
    async (request) => applications.reject(request.params.id, actorOf(request), request.body?.reason ?? null),
  );

  route.get(
    '/applications/:id/portfolio',
    {
      summary: "Download the application's portfolio file (as an attachment, with its original name)",
      params: idParams,
      response: { 200: z.any().describe('The file, with its stored content type') },
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

  route.get(
    '/quotes',
    { summary: 'Quotes, newest first', querystring: ZListQuotesQuery, response: { 200: ZQuoteList } },
    async (request) => quotes.list(request.query),
  );

  route.post(
    '/quotes',
    {
      summary: 'Create a draft quote for an order (the total is computed from the items)',
      headers: z.object({
        'idempotency-key': z
          .string()
          .optional()
          .describe('A client-chosen key (8-128 characters); a repeat returns the first answer.'),
      }),
      body: ZCreateQuoteRequest,
      response: { 201: ZQuote },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return reply.status(201).send(await quotes.create(request.body, actorOf(request), key));
    },
  );

  route.get(
    '/quotes/prefill',
    {
      summary: "A new quote's starting items for an order: its capture type and size band priced by the price book",
      querystring: ZQuotePrefillQuery,
      response: { 200: ZQuotePrefill },
    },
    async (request) => quotes.prefill(request.query.orderId, request.query.currency),
  );

  route.get(
    '/price-book',
    { summary: 'The price book: prices per capture type and size band, in a currency', response: { 200: ZPriceBook } },
    async () => quotes.priceBook(),
  );

  route.put(
    '/price-book',
    {
      summary: 'Replace the price book (audited)',
      body: ZPriceBook,
      response: { 200: ZPriceBook },
    },
    async (request) => quotes.savePriceBook(request.body, actorOf(request)),
  );

  route.patch(
    '/quotes/:id',
    {
      summary: "Edit a draft quote's price breakdown, SLA and validity (drafts only; 409 once sent)",
      params: idParams,
      body: ZUpdateQuoteRequest,
      response: { 200: ZQuote },
    },
    async (request) => quotes.update(request.params.id, request.body, actorOf(request)),
  );

  route.get(
    '/quotes/:id/preview',
    {
      summary: 'The e-mail Send would queue for the customer, and its recipients',
      params: idParams,
      response: { 200: ZQuotePreview },
    },
    async (request) => quotes.preview(request.params.id),
  );

  route.post(
    '/quotes/:id/send',
    {
      summary: "Send a draft quote to the customer organisation's members",
      params: idParams,
      response: { 200: ZQuote },
    },
    async (request) => quotes.send(request.params.id, actorOf(request)),
  );

  // ------------------------------------------------------------------------------------------
  // Assignments

  route.get(
    '/assignments/queue',
    {
      summary: 'Orders ready for assignment (approved, triage, assigned) with their latest offer and proposed window',
      querystring: ZListQuery,
      response: { 200: ZAssignmentQueue },
    },
    async (request) => assignments.queue(request.query),
  );

  route.get(
    '/assignments/providers',
    {
      summary: 'Provider picker: active provider organisations with devices, certifications and fit for the order',
      querystring: ZProviderOptionsQuery,
      response: { 200: ZProviderOptions },
    },
    async (request) => assignments.providerOptions(request.query.orderId),
  );

  route.post(
    '/assignments',
    {
      summary: 'Offer the order to a provider organisation (any live offer is withdrawn); the order becomes assigned',
      body: ZCreateAssignmentRequest,
      response: { 201: ZAssignment },
    },
    async (request, reply) => reply.status(201).send(await assignments.create(request.body, actorOf(request))),
  );

  route.post(
    '/assignments/:id/confirm-schedule',
    {
      summary: "Confirm the provider's latest proposed window; the order becomes scheduled",
      params: idParams,
      response: { 200: ZConfirmScheduleResponse },
    },
    async (request) => assignments.confirmSchedule(request.params.id, actorOf(request)),
  );
};

export default adminWorkflowRoutes;
