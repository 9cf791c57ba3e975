import {
  ZAdminCustomerList,
  ZAdminDashboard,
  ZAdminOrderDetail,
  ZAdminOrderList,
  ZAdminOrdersQuery,
  ZAdminOrganizationsQuery,
  ZAdminProviderList,
  ZAdminSupportRequestList,
  ZAdminSupportRequestsQuery,
} from '@spacecapture/shared/contracts/admin-console';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAdminConsoleService } from '../../modules/admin-console/admin-console-service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const tags = ['admin'];

/**
 * The admin console's read-only screens (spec 001 §2): the dashboard's counts, /admin/orders with
 * an order's whole history, /admin/providers, /admin/customers, and the support requests.
 */
const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminConsoleService({ db: app.db, clock: app.clock });

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
        tags,
        summary: "An order's whole history: job events, quotes, assignments, deliverables, ratings",
        params: z.object({ id: z.uuid() }),
        response: { 200: ZAdminOrderDetail, ...errors },
      },
    },
    async (request) => service.order(request.params.id),
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
