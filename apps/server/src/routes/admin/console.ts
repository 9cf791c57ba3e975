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
} from '@spacecapture/shared/contracts/admin-console/organizations';
import {
  ZAdminSupportRequestList,
  ZAdminSupportRequestsQuery,
} from '@spacecapture/shared/contracts/admin-console/support-requests';
import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toActor } from '../../lib/actor.ts';
import { SIGNED_FILES_PATH } from '../../modules/storage/download-links.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const tags = ['admin'];

/**
 * The admin console's screens (spec 001 §2): the dashboard's counts, /admin/orders with an order's
 * whole history and the admin's Cancel order and Mark completed, /admin/providers and
 * /admin/customers with one organisation's detail, and the support requests.
 */
const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminConsole: service, orderActions } = app.services;

  app.get(
    '/dashboard',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'What needs attention: counts for the admin dashboard',
        response: { 200: ZAdminDashboard, ...errors },
      },
    },
    async () => service.dashboard(),
  );

  app.get(
    '/orders',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        'x-api-key-scope': 'orders:read',
        tags,
        summary: 'Orders with their customer organisation, newest first; search, status filter, cursor pages',
        querystring: ZAdminOrdersQuery,
        response: { 200: ZAdminOrderList, ...errors },
      },
    },
    async (request) => service.orders(request.query),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        'x-api-key-scope': 'orders:read',
        tags,
        summary: "An order's whole history: job events, quotes, assignments, deliverables, ratings",
        params: z.object({ id: z.uuid() }),
        response: { 200: ZAdminOrderDetail, ...errors },
      },
    },
    async (request) => service.order(request.params.id),
  );

  app.post(
    '/deliverables/:id/link',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: "A signed URL for any order's file, valid 300 seconds (for viewing and downloading)",
        params: z.object({ id: z.uuid() }),
        response: { 200: ZDownloadLink, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return app.services.customer.createAdminLink(request.params.id, SIGNED_FILES_PATH);
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary:
          'Cancel an order not yet captured (reason required): its live offer is withdrawn, the customer and that provider are e-mailed',
        params: idParams,
        body: ZCancelOrderRequest,
        response: { 200: ZAdminOrderDetail, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await orderActions.cancel(request.params.id, request.body, toActor(callerOf(request)));
      return service.order(request.params.id);
    },
  );

  app.post(
    '/orders/:id/complete',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary:
          'Mark an order completed: a delivered one, or a scheduled or captured one with a reason (audited, sent to the provider)',
        params: idParams,
        body: ZCompleteOrderRequest.optional(),
        response: { 200: ZAdminOrderDetail, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await orderActions.complete(request.params.id, request.body, toActor(callerOf(request)));
      return service.order(request.params.id);
    },
  );

  app.post(
    '/orders/:id/open-uploads',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary:
          'Let the provider of a scheduled order upload and deliver before its capture window (reason required, audited, shown on the timeline)',
        params: idParams,
        body: ZOpenUploadsEarlyRequest,
        response: { 200: ZAdminOrderDetail, ...guardedErrorResponses },
      },
    },
    async (request) => {
      await orderActions.openUploadsEarly(request.params.id, request.body, toActor(callerOf(request)));
      return service.order(request.params.id);
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Provider organisations with members, devices, certifications and acceptance rate',
        querystring: ZAdminOrganizationsQuery,
        response: { 200: ZAdminProviderList, ...errors },
      },
    },
    async (request) => service.providers(request.query),
  );

  app.get(
    '/providers/:id',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'One provider organisation with its members, devices, certifications and acceptance rate',
        params: idParams,
        response: { 200: ZAdminProviderDetail, ...errors },
      },
    },
    async (request) => service.provider(request.params.id),
  );

  app.get(
    '/customers',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Customer organisations with members and orders count',
        querystring: ZAdminOrganizationsQuery,
        response: { 200: ZAdminCustomerList, ...errors },
      },
    },
    async (request) => service.customers(request.query),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'One customer organisation with its members and orders count',
        params: idParams,
        response: { 200: ZAdminCustomerDetail, ...errors },
      },
    },
    async (request) => service.customer(request.params.id),
  );

  app.get(
    '/support-requests',
    {
      schema: {
        'x-roles': ADMIN_ROLES,
        tags,
        summary: 'Support requests from the customer portal, newest first',
        querystring: ZAdminSupportRequestsQuery,
        response: { 200: ZAdminSupportRequestList, ...errors },
      },
    },
    async (request) => service.supportRequests(request.query),
  );
};

export default adminConsoleRoutes;
