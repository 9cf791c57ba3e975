import { ZSupportReplyRequest } from '@spacecapture/shared/contracts/admin-console/support-requests';
import {
  ZCustomerOrderDetail,
  ZCustomerOrderList,
  ZCustomerOrganization,
  ZCustomerQuote,
  ZCustomerQuoteList,
  ZCustomerSupportRequest,
  ZCustomerSupportRequestList,
  ZDeliverablesByOrder,
  ZDownloadLink,
  ZListCustomerOrdersQuery,
  ZListCustomerQuotesQuery,
  ZRating,
  ZRatingRequest,
  ZSupportRequest,
  ZSupportRequestCreated,
  ZUpdateOrganizationRequest,
} from '@spacecapture/shared/contracts/customer-portal';
import { ZInvoice } from '@spacecapture/shared/contracts/invoices';
import { ZCustomerProperty, ZPropertyIdParams } from '@spacecapture/shared/contracts/properties';
import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFileHeaders } from '../../lib/content-disposition.ts';
import { parseRange, SIGNED_FILES_PATH } from '../../modules/storage/download-links.ts';
import { openStored } from '../../modules/storage/file-store.ts';
import { actorOf } from '../../plugins/auth.ts';
import { replyWithArchive } from '../archive-reply.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const roles = ['customer_admin', 'customer_user'];
const tags = ['customer'];
const SVG_NAME = /\.svg$/i;

/**
 * The customer portal's API (spec 001 §2, §3, §7, §9), registered under /api: /customer/… for
 * signed-in customers, and /files/:token, where the signed token is the authority.
 */
const customerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customer } = app.services;
  const route = declareRoutes(app, { roles, tags });

  route.get(
    '/customer/orders',
    {
      apiKeyScope: 'orders:read',
      summary: "The organisation's orders, newest first, with display status and progress",
      querystring: ZListCustomerOrdersQuery,
      response: { 200: ZCustomerOrderList },
    },
    async (request) => customer.listOrders(actorOf(request), request.query),
  );

  route.get(
    '/customer/orders/:id',
    {
      apiKeyScope: 'orders:read',
      summary: 'One order of the organisation with its steps, quotes and deliverables',
      params: idParams,
      response: { 200: ZCustomerOrderDetail },
    },
    async (request) => customer.orderDetail(actorOf(request), request.params.id),
  );

  route.post(
    '/customer/orders/:id/rating',
    {
      summary: "Rate the provider's job on a delivered or completed order (once)",
      params: idParams,
      body: ZRatingRequest,
      response: { 201: ZRating },
    },
    async (request, reply) =>
      reply.status(201).send(await customer.rateOrder(actorOf(request), request.params.id, request.body)),
  );

  route.get(
    '/customer/quotes',
    {
      summary: "The organisation's quotes with price breakdown, validity and whether they can be answered now",
      querystring: ZListCustomerQuotesQuery,
      response: { 200: ZCustomerQuoteList },
    },
    async (request) => customer.listQuotes(actorOf(request), request.query),
  );

  for (const answer of ['accept', 'decline'] as const) {
    route.post(
      `/customer/quotes/:id/${answer}`,
      {
        summary: `${answer === 'accept' ? 'Accept' : 'Decline'} a sent quote before its validity date`,
        params: idParams,
        response: { 200: ZCustomerQuote },
      },
      async (request) => customer.answerQuote(actorOf(request), request.params.id, answer),
    );
  }

  route.get(
    '/customer/quotes/:id/invoice',
    {
      summary: 'The latest invoice issued for a quote, for a printable page (409 until one is issued)',
      params: idParams,
      response: { 200: ZInvoice },
    },
    async (request) => customer.invoice(actorOf(request), request.params.id),
  );

  route.get(
    '/customer/properties/:propertyId',
    {
      apiKeyScope: 'deliverables:read',
      summary: "A property: a site address and the current files of the organisation's orders there (decision 237)",
      description:
        "The id is an order's `propertyId` (its address, normalised and hashed); 404 when the organisation has no order there.",
      params: ZPropertyIdParams,
      response: { 200: ZCustomerProperty },
    },
    async (request) => customer.property(actorOf(request), request.params.propertyId),
  );

  route.get(
    '/customer/properties/:propertyId/archive',
    {
      apiKeyScope: 'deliverables:read',
      summary: "Download all of a property: its orders' current files as one zip, a folder per order",
      description: 'An order whose invoice waits for payment (decision 211) is left out; 404 when no file is left.',
      params: ZPropertyIdParams,
      produces: ['application/zip'],
      response: {
        200: z.string().describe('The zip'),
        206: z.string().describe('The range of the zip asked for'),
        416: z.string().describe('Empty: the range lies beyond the zip, whose size Content-Range gives'),
      },
      options: { compress: false },
    },
    async (request, reply) =>
      replyWithArchive(request, reply, await customer.propertyArchive(actorOf(request), request.params.propertyId)),
  );

  route.get(
    '/customer/deliverables',
    {
      apiKeyScope: 'deliverables:read',
      summary: "The organisation's orders with their files",
      response: { 200: ZDeliverablesByOrder },
    },
    async (request) => customer.deliverables(actorOf(request)),
  );

  route.get(
    '/customer/orders/:id/archive',
    {
      apiKeyScope: 'deliverables:read',
      summary: "Download all: the order's current files as one zip, stored (Range and If-Range supported)",
      params: idParams,
      produces: ['application/zip'],
      response: {
        200: z.string().describe('The zip'),
        206: z.string().describe('The range of the zip asked for'),
        416: z.string().describe('Empty: the range lies beyond the zip, whose size Content-Range gives'),
      },
      options: { compress: false },
    },
    async (request, reply) =>
      replyWithArchive(request, reply, await customer.archive(actorOf(request), request.params.id)),
  );

  route.post(
    '/customer/deliverables/:id/link',
    {
      apiKeyScope: 'deliverables:read',
      summary: 'A signed download URL for one file, valid 300 seconds',
      params: idParams,
      response: { 200: ZDownloadLink },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return customer.createLink(actorOf(request), request.params.id, SIGNED_FILES_PATH);
    },
  );

  route.post(
    '/customer/deliverables/:id/view-link',
    {
      apiKeyScope: 'deliverables:read',
      summary:
        'A signed URL for the in-browser viewer, valid 300 seconds; unlike a download, an unpaid invoice does not hold it back',
      params: idParams,
      response: { 200: ZDownloadLink },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return customer.createViewLink(actorOf(request), request.params.id, SIGNED_FILES_PATH);
    },
  );

  route.post(
    '/customer/support',
    {
      summary: 'A support request for the company, e-mailed and visible to admins',
      body: ZSupportRequest,
      response: { 201: ZSupportRequestCreated },
    },
    async (request, reply) =>
      reply.status(201).send(await customer.createSupportRequest(actorOf(request), request.body)),
  );

  route.get(
    '/customer/support-requests',
    {
      summary: "The organisation's support requests with their replies, the most recently active first",
      response: { 200: ZCustomerSupportRequestList },
    },
    async (request) => customer.listSupportRequests(actorOf(request)),
  );

  route.post(
    '/customer/support-requests/:id/replies',
    {
      summary: "Reply to one of the organisation's support requests (opens it again; the company is e-mailed)",
      params: idParams,
      body: ZSupportReplyRequest,
      response: { 201: ZCustomerSupportRequest },
    },
    async (request, reply) =>
      reply.status(201).send(await customer.replyToSupportRequest(actorOf(request), request.params.id, request.body)),
  );

  route.patch(
    '/customer/organization',
    {
      roles: ['customer_admin'],
      summary: "Rename the caller's organisation or set its unit system (metric or imperial)",
      body: ZUpdateOrganizationRequest,
      response: { 200: ZCustomerOrganization },
    },
    async (request) => customer.updateOrganization(actorOf(request), request.body),
  );

  app.get(
    '/files/:token',
    {
      schema: {
        'x-roles': ['public'],
        tags,
        summary: 'Download the file a signed link names (Range supported; never cached)',
        params: z.object({ token: boundedText(200) }),
      },
      compress: false,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { key, fileName } = await customer.resolveLink(request.params.token);
      const whole = await openStored(app.files, key, 'The file is no longer available.');
      const range = parseRange(request.headers.range, whole.size);
      // An SVG is typed as one so a viewer's <img> can draw it; as a page it is a sandboxed download.
      const contentType = SVG_NAME.test(fileName) ? 'image/svg+xml' : undefined;
      reply.header('Accept-Ranges', 'bytes').headers(storedFileHeaders(fileName, contentType));
      if (range === 'unsatisfiable') {
        whole.stream.destroy();
        return reply.status(416).header('Content-Range', `bytes */${whole.size}`).send();
      }
      if (!range) return reply.header('Content-Length', whole.size).send(whole.stream);
      whole.stream.destroy();
      const part = await app.files.open(key, range);
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${whole.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(part.stream);
    },
  );
};

export default customerPortalRoutes;
