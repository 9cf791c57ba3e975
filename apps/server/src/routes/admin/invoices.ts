import {
  ZCompanyBillingDetails,
  ZCompanyBillingDetailsView,
  ZInvoice,
  ZInvoiceList,
  ZListInvoicesQuery,
  ZMonthlyApprovalRequest,
  ZMonthlyRunResult,
  ZOrganizationBilling,
  ZOrganizationBillingView,
  ZRecordPaymentRequest,
  ZRefundRequest,
  ZTaxRates,
  ZTaxRatesView,
  ZVoidInvoiceRequest,
} from '@spacecapture/shared/contracts/invoices';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { parseIdempotencyKey } from '../../modules/idempotency/idempotency.ts';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idempotencyKeyHeaders, idParams } from '../route-schemas.ts';

/**
 * Admin invoices and billing settings (decisions 209-212): the invoices with filters, one with its
 * PDF, a bank transfer recorded, a void with a reason; the company's details, tax rates, and each
 * customer organisation's billing.
 */
const adminInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices, billingSettings } = app.services;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'] });

  route.get(
    '/invoices',
    {
      summary: 'Invoices, newest first, by status, customer or order',
      querystring: ZListInvoicesQuery,
      response: { 200: ZInvoiceList },
    },
    async (request) => invoices.list(request.query),
  );

  route.get(
    '/invoices/:id',
    {
      summary: 'One invoice with its payments and payment instructions',
      params: idParams,
      response: { 200: ZInvoice },
    },
    async (request) => invoices.get(request.params.id),
  );

  route.get(
    '/invoices/:id/pdf',
    {
      summary: "The invoice's PDF",
      params: idParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('The PDF') },
    },
    async (request, reply) => {
      const { fileName, body } = await invoices.pdf(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  route.post(
    '/invoices/:id/payments',
    {
      summary:
        'Record a bank transfer received (partial payments allowed); the ledger books it and a fully paid invoice becomes paid',
      params: idParams,
      headers: idempotencyKeyHeaders,
      body: ZRecordPaymentRequest,
      response: { 201: ZInvoice },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return reply
        .status(201)
        .send(await invoices.recordPayment(request.params.id, request.body, actorOf(request), key));
    },
  );

  route.post(
    '/invoices/monthly-run',
    {
      summary:
        'Issue monthly invoices now: one per monthly organisation and currency for the orders accepted before this month and not yet invoiced (decision 242)',
      response: { 200: ZMonthlyRunResult },
    },
    async (request) => invoices.issueMonthlyInvoicesNow(actorOf(request)),
  );

  route.post(
    '/invoices/:id/void',
    {
      summary: 'Void an invoice nothing was paid on, with a reason (a reversing ledger entry)',
      params: idParams,
      body: ZVoidInvoiceRequest,
      response: { 200: ZInvoice },
    },
    async (request) => invoices.voidInvoice(request.params.id, request.body.reason, actorOf(request)),
  );

  route.post(
    '/invoices/:id/refunds',
    {
      summary:
        'Refund part or all of what was paid, with a reason: a credit note, the Stripe refund where a card paid, and the ledger entries (Idempotency-Key required)',
      params: idParams,
      headers: idempotencyKeyHeaders,
      body: ZRefundRequest,
      // 503: Stripe could not be reached; the same request (same key) resumes the refund.
      response: { 201: ZInvoice, 503: ZErrorResponse },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return reply.status(201).send(await invoices.refund(request.params.id, request.body, actorOf(request), key));
    },
  );

  route.get(
    '/credit-notes/:id/pdf',
    {
      summary: "A credit note's PDF",
      params: idParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('The PDF') },
    },
    async (request, reply) => {
      const { fileName, body } = await invoices.creditNotePdf(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  route.get(
    '/billing/company',
    {
      summary: "The company's details on every invoice: seller, bank details, payment terms",
      response: { 200: ZCompanyBillingDetailsView },
    },
    async () => billingSettings.company(),
  );

  route.put(
    '/billing/company',
    {
      summary: "Save the company's invoice details (audited)",
      body: ZCompanyBillingDetails,
      response: { 200: ZCompanyBillingDetailsView },
    },
    async (request) => billingSettings.saveCompany(request.body, actorOf(request)),
  );

  route.get(
    '/billing/tax-rates',
    { summary: 'Tax rates per buyer country', response: { 200: ZTaxRatesView } },
    async () => billingSettings.taxRates(),
  );

  route.put(
    '/billing/tax-rates',
    { summary: 'Replace the tax rates (audited)', body: ZTaxRates, response: { 200: ZTaxRatesView } },
    async (request) => billingSettings.saveTaxRates(request.body, actorOf(request)),
  );

  route.get(
    '/customers/:id/billing',
    {
      summary: "A customer organisation's billing: when it is invoiced, pay before download, buyer details",
      params: idParams,
      response: { 200: ZOrganizationBillingView },
    },
    async (request) => billingSettings.organization(request.params.id),
  );

  route.put(
    '/customers/:id/billing',
    {
      summary: "Save a customer organisation's billing (audited)",
      params: idParams,
      body: ZOrganizationBilling,
      response: { 200: ZOrganizationBillingView },
    },
    async (request) => billingSettings.saveOrganization(request.params.id, request.body, actorOf(request)),
  );

  route.put(
    '/customers/:id/billing/monthly-approval',
    {
      summary: 'Approve a customer organisation for monthly invoicing, or withdraw the approval (audited)',
      params: idParams,
      body: ZMonthlyApprovalRequest,
      response: { 200: ZOrganizationBillingView },
    },
    async (request) => billingSettings.setMonthlyApproval(request.params.id, request.body, actorOf(request)),
  );
};

export default adminInvoicesRoutes;
