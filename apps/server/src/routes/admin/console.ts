import { ZAdminDashboard } from '@spacecapture/shared/contracts/admin-console/dashboard';
import {
  ZAdminOrderDetail,
  ZAdminOrderList,
  ZAdminOrdersQuery,
  ZCancelOrderRequest,
  ZCompleteOrderRequest,
  ZOpenUploadsEarlyRequest,
} from '@spacecapture/shared/contracts/admin-console/orders';
import {
  ZAdminCustomerDetail,
  ZAdminCustomerList,
  ZAdminOrganizationsQuery,
  ZAdminProviderDetail,
  ZAdminProviderList,
  ZUpdateCustomerSettingsRequest,
} from '@spacecapture/shared/contracts/admin-console/organizations';
import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { ZCheckOverrideRequest, ZFileCheck } from '@spacecapture/shared/contracts/quality-checks';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_FILES_PATH } from '../../modules/storage/download-links.ts';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams, signedInErrorResponses } from '../route-schemas.ts';

const errors = { ...signedInErrorResponses, 404: ZErrorResponse };

/**
 * The admin console's screens (spec 001 §2): the dashboard's counts, /admin/orders with an order's
 * whole history and the admin's Cancel order and Mark completed, /admin/providers and
 * /admin/customers with one organisation's detail (the support inbox is in support-requests.ts).
 */
const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminConsole: service, orderActions } = app.services;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'], errors });

  route.get(
    '/dashboard',
    { summary: 'What needs attention: counts for the admin dashboard', response: { 200: ZAdminDashboard } },
    async () => service.dashboard(),
  );

  route.get(
    '/orders',
    {
      apiKeyScope: 'orders:read',
      summary: 'Orders with their customer organisation, newest first; search, status filter, cursor pages',
      querystring: ZAdminOrdersQuery,
      response: { 200: ZAdminOrderList },
    },
    async (request) => service.orders(request.query),
  );

  route.get(
    '/orders/:id',
    {
      apiKeyScope: 'orders:read',
      summary: "An order's whole history: job events, quotes, assignments, deliverables, ratings",
      params: z.object({ id: z.uuid() }),
      response: { 200: ZAdminOrderDetail },
    },
    async (request) => service.order(request.params.id),
  );

  route.post(
    '/deliverables/:id/link',
    {
      summary: "A signed URL for any order's file, valid 300 seconds (for viewing and downloading)",
      params: z.object({ id: z.uuid() }),
      response: { 200: ZDownloadLink },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return app.services.customer.createAdminLink(request.params.id, SIGNED_FILES_PATH);
    },
  );

  route.post(
    '/orders/:id/cancel',
    {
      summary:
        'Cancel an order not yet captured (reason required): its live offer is withdrawn, the customer and that provider are e-mailed',
      params: idParams,
      body: ZCancelOrderRequest,
      response: { 200: ZAdminOrderDetail, 409: ZErrorResponse },
    },
    async (request) => {
      await orderActions.cancel(request.params.id, request.body, actorOf(request));
      return service.order(request.params.id);
    },
  );

  route.post(
    '/orders/:id/complete',
    {
      summary:
        'Mark an order completed: a delivered one, or a scheduled or captured one with a reason (audited, sent to the provider)',
      params: idParams,
      body: ZCompleteOrderRequest.optional(),
      response: { 200: ZAdminOrderDetail, 409: ZErrorResponse },
    },
    async (request) => {
      await orderActions.complete(request.params.id, request.body, actorOf(request));
      return service.order(request.params.id);
    },
  );

  route.post(
    '/orders/:id/open-uploads',
    {
      summary:
        'Let the provider of a scheduled order upload and deliver before its capture window (reason required, audited, shown on the timeline)',
      params: idParams,
      body: ZOpenUploadsEarlyRequest,
      response: { 200: ZAdminOrderDetail, 409: ZErrorResponse },
    },
    async (request) => {
      await orderActions.openUploadsEarly(request.params.id, request.body, actorOf(request));
      return service.order(request.params.id);
    },
  );

  route.post(
    '/files/:id/check-override',
    {
      summary:
        'Let a file through its failed quality check (reason required, audited, shown to the provider and on the order): Mark delivered no longer counts its failures',
      params: idParams,
      body: ZCheckOverrideRequest,
      response: { 200: ZFileCheck, 409: ZErrorResponse },
    },
    async (request) => app.services.qualityChecks.override(request.params.id, request.body, actorOf(request)),
  );

  route.get(
    '/providers',
    {
      summary: 'Provider organisations with members, devices, certifications and acceptance rate',
      querystring: ZAdminOrganizationsQuery,
      response: { 200: ZAdminProviderList },
    },
    async (request) => service.providers(request.query),
  );

  route.get(
    '/providers/:id',
    {
      summary: 'One provider organisation with its members, devices, certifications and acceptance rate',
      params: idParams,
      response: { 200: ZAdminProviderDetail },
    },
    async (request) => service.provider(request.params.id),
  );

  route.get(
    '/customers',
    {
      summary: 'Customer organisations with members and orders count',
      querystring: ZAdminOrganizationsQuery,
      response: { 200: ZAdminCustomerList },
    },
    async (request) => service.customers(request.query),
  );

  route.get(
    '/customers/:id',
    {
      summary: 'One customer organisation with its members and orders count',
      params: idParams,
      response: { 200: ZAdminCustomerDetail },
    },
    async (request) => service.customer(request.params.id),
  );

  route.patch(
    '/customers/:id',
    {
      summary: "Set a customer organisation's default currency (new orders take it) and unit system",
      params: idParams,
      body: ZUpdateCustomerSettingsRequest,
      response: { 200: ZAdminCustomerDetail },
    },
    async (request) => service.updateCustomerSettings(request.params.id, request.body, actorOf(request)),
  );
};

export default adminConsoleRoutes;
