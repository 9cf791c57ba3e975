import { ZCardCheckout, ZInvoice, ZInvoiceList, ZListInvoicesQuery } from '@spacecapture/shared/contracts/invoices';
import { AppError } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/** The customer organisation's invoices (decision 209): its own only; another's is not found. */
const customerInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.services;
  const route = declareRoutes(app, { roles: ['customer_admin', 'customer_user'], tags: ['customer'] });

  function orgOf(request: Parameters<typeof actorOf>[0]) {
    const { orgId } = actorOf(request);
    if (!orgId) throw new AppError('forbidden', 'You are not a member of a customer organisation.');
    return orgId;
  }

  route.get(
    '/customer/invoices',
    {
      summary: "The organisation's invoices, newest first",
      querystring: ZListInvoicesQuery.omit({ orgId: true }),
      response: { 200: ZInvoiceList },
    },
    async (request) => invoices.list({ ...request.query, customerOrgId: orgOf(request) }),
  );

  route.get(
    '/customer/invoices/:id',
    { summary: 'One invoice with its payments and how to pay it', params: idParams, response: { 200: ZInvoice } },
    async (request) => invoices.get(request.params.id, { customerOrgId: orgOf(request) }),
  );

  route.post(
    '/customer/invoices/:id/card-checkout',
    {
      summary:
        'Pay the open balance by card: a Stripe Checkout page to send the customer to (when card payment is set up)',
      params: idParams,
      response: { 200: ZCardCheckout },
    },
    async (request) => invoices.cardCheckout(request.params.id, { customerOrgId: orgOf(request) }),
  );

  route.get(
    '/customer/invoices/:id/pdf',
    {
      summary: "The invoice's PDF",
      params: idParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('The PDF') },
    },
    async (request, reply) => {
      const { fileName, body } = await invoices.pdf(request.params.id, { customerOrgId: orgOf(request) });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  route.get(
    '/customer/credit-notes/:id/pdf',
    {
      summary: "A credit note's PDF (a refund of one of the organisation's invoices)",
      params: idParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('The PDF') },
    },
    async (request, reply) => {
      const { fileName, body } = await invoices.creditNotePdf(request.params.id, { customerOrgId: orgOf(request) });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};

export default customerInvoicesRoutes;
