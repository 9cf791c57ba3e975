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
import { AppError } from '@spacecapture/shared/errors';
import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { storedFileHeaders } from '../../lib/content-disposition.ts';
import { parseRange, SIGNED_FILES_PATH } from '../../modules/storage/download-links.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const roles = ['customer_admin', 'customer_user'];
const tags = ['customer'];
const SVG_NAME = /\.svg$/i;

/**
 * The customer portal's API (spec 001 §2, §3, §7, §9), registered under /api: /customer/… for
 * signed-in customers, and /files/:token, where the signed token is the authority.
 */
const customerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customer } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/customer/orders',
    {
      schema: {
        'x-roles': roles,
        'x-api-key-scope': 'orders:read',
        tags,
        summary: "The organisation's orders, newest first, with display status and progress",
        querystring: ZListCustomerOrdersQuery,
        response: { 200: ZCustomerOrderList, ...errors },
      },
    },
    async (request) => customer.listOrders(actor(request), request.query),
  );

  app.get(
    '/customer/orders/:id',
    {
      schema: {
        'x-roles': roles,
        'x-api-key-scope': 'orders:read',
        tags,
        summary: 'One order of the organisation with its steps, quotes and deliverables',
        params: idParams,
        response: { 200: ZCustomerOrderDetail, ...errors },
      },
    },
    async (request) => customer.orderDetail(actor(request), request.params.id),
  );

  app.post(
    '/customer/orders/:id/rating',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Rate the provider's job on a delivered or completed order (once)",
        params: idParams,
        body: ZRatingRequest,
        response: { 201: ZRating, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customer.rateOrder(actor(request), request.params.id, request.body)),
  );

  app.get(
    '/customer/quotes',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "The organisation's quotes with price breakdown, validity and whether they can be answered now",
        querystring: ZListCustomerQuotesQuery,
        response: { 200: ZCustomerQuoteList, ...errors },
      },
    },
    async (request) => customer.listQuotes(actor(request), request.query),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/customer/quotes/:id/${answer}`,
      {
        schema: {
          'x-roles': roles,
          tags,
          summary: `${answer === 'accept' ? 'Accept' : 'Decline'} a sent quote before its validity date`,
          params: idParams,
          response: { 200: ZCustomerQuote, ...errors },
        },
      },
      async (request) => customer.answerQuote(actor(request), request.params.id, answer),
    );
  }

  app.get(
    '/customer/quotes/:id/invoice',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'The invoice of an accepted quote, for a printable page',
        params: idParams,
        response: { 200: ZInvoice, ...errors },
      },
    },
    async (request) => customer.invoice(actor(request), request.params.id),
  );

  app.get(
    '/customer/deliverables',
    {
      schema: {
        'x-roles': roles,
        'x-api-key-scope': 'deliverables:read',
        tags,
        summary: "The organisation's orders with their files",
        response: { 200: ZDeliverablesByOrder, ...errors },
      },
    },
    async (request) => customer.deliverables(actor(request)),
  );

  app.post(
    '/customer/deliverables/:id/link',
    {
      schema: {
        'x-roles': roles,
        'x-api-key-scope': 'deliverables:read',
        tags,
        summary: 'A signed download URL for one file, valid 300 seconds',
        params: idParams,
        response: { 200: ZDownloadLink, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return customer.createLink(actor(request), request.params.id, SIGNED_FILES_PATH);
    },
  );

  app.post(
    '/customer/support',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'A support request for the company, e-mailed and visible to admins',
        body: ZSupportRequest,
        response: { 201: ZSupportRequestCreated, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await customer.createSupportRequest(actor(request), request.body)),
  );

  app.patch(
    '/customer/organization',
    {
      schema: {
        'x-roles': ['customer_admin'],
        tags,
        summary: "Rename the caller's organisation",
        body: ZUpdateOrganizationRequest,
        response: { 200: ZCustomerOrganization, ...errors },
      },
    },
    async (request) => customer.renameOrganization(actor(request), request.body),
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
      const whole = await app.files.open(key).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new AppError('not_found', 'The file is no longer available.');
        throw error;
      });
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
