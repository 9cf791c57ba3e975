import {
  ZCustomerOrderDetail,
  ZCustomerOrderList,
  ZCustomerOrganization,
  ZCustomerQuote,
  ZCustomerQuoteList,
  ZDeliverablesByOrder,
  ZDownloadLink,
  ZInvoice,
  ZListCustomerOrdersQuery,
  ZListCustomerQuotesQuery,
  ZRating,
  ZRatingRequest,
  ZSupportRequest,
  ZSupportRequestCreated,
  ZUpdateOrganizationRequest,
} from '@spacecapture/shared/contracts/customer-portal';
import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFileHeaders } from '../../lib/content-disposition.ts';
import { parseRange, SIGNED_FILES_PATH } from '../../modules/storage/download-links.ts';
import { openStored } from '../../modules/storage/file-store.ts';
import { actorOf } from '../../plugins/auth.ts';
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
      summary: 'The invoice of an accepted quote, for a printable page',
      params: idParams,
      response: { 200: ZInvoice },
    },
    async (request) => customer.invoice(actorOf(request), request.params.id),
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
    '/customer/support',
    {
      summary: 'A support request for the company, e-mailed and visible to admins',
      body: ZSupportRequest,
      response: { 201: ZSupportRequestCreated },
    },
    async (request, reply) =>
      reply.status(201).send(await customer.createSupportRequest(actorOf(request), request.body)),
  );

  route.patch(
    '/customer/organization',
    {
      roles: ['customer_admin'],
      summary: "Rename the caller's organisation",
      body: ZUpdateOrganizationRequest,
      response: { 200: ZCustomerOrganization },
    },
    async (request) => customer.renameOrganization(actorOf(request), request.body),
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
