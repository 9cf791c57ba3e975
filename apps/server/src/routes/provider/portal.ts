import { ZProposeScheduleRequest } from '@spacecapture/shared/contracts/admin-workflow';
import {
  ZCertification,
  ZCertificationList,
  ZCertificationRequest,
  ZDevice,
  ZDeviceList,
  ZDeviceRequest,
  ZProviderAssignment,
  ZProviderAssignmentList,
  ZProviderPerformance,
  ZProviderSchedule,
  ZProviderSettings,
  ZUpdateDeviceRequest,
  ZUpdateProviderSettingsRequest,
} from '@spacecapture/shared/contracts/provider-portal';
import { ADMIN_ROLES, PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

const adminOfProvider = ['provider_admin'] as const;

/**
 * The provider portal's API (spec 001 §2), under /api: /provider/… for the provider's own
 * organisation, and /admin/certifications/… where admins verify what providers requested.
 * Thin: each route calls one operation of the provider service.
 */
const providerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { provider, providers } = app.services;
  const route = declareRoutes(app, { roles: PROVIDER_ROLES, tags: ['provider'] });

  route.get(
    '/provider/assignments',
    {
      summary: "Offered and accepted jobs of the caller's organisation, newest first (address masked until accepted)",
      response: { 200: ZProviderAssignmentList },
    },
    async (request) => provider.listAssignments(actorOf(request)),
  );

  route.get(
    '/provider/assignments/:id',
    { summary: 'One job of the caller’s organisation', params: idParams, response: { 200: ZProviderAssignment } },
    async (request) => provider.getAssignment(actorOf(request), request.params.id),
  );

  route.post(
    '/provider/assignments/:id/accept',
    { summary: 'Accept an offer before its deadline', params: idParams, response: { 200: ZProviderAssignment } },
    async (request) => provider.accept(actorOf(request), request.params.id),
  );

  route.post(
    '/provider/assignments/:id/decline',
    { summary: 'Decline an offer', params: idParams, response: { 200: ZProviderAssignment } },
    async (request) => provider.decline(actorOf(request), request.params.id),
  );

  route.post(
    '/provider/assignments/:id/schedule',
    {
      summary: 'Propose a capture window for an accepted job (admins confirm it)',
      params: idParams,
      body: ZProposeScheduleRequest,
      response: { 200: ZProviderAssignment },
    },
    async (request) => provider.proposeSchedule(actorOf(request), request.params.id, request.body),
  );

  route.get(
    '/provider/schedule',
    {
      summary: 'Proposed and confirmed capture windows of the organisation’s accepted jobs',
      response: { 200: ZProviderSchedule },
    },
    async (request) => provider.schedule(actorOf(request)),
  );

  route.get(
    '/provider/performance',
    {
      summary: 'Completed and active projects, total earnings, average rating, jobs per month',
      response: { 200: ZProviderPerformance },
    },
    async (request) => provider.performance(actorOf(request)),
  );

  // ------------------------------------------------------------------------------------------
  // Devices

  route.get(
    '/provider/devices',
    { summary: 'The organisation’s devices', response: { 200: ZDeviceList } },
    async (request) => provider.listDevices(actorOf(request)),
  );

  route.post(
    '/provider/devices',
    {
      roles: adminOfProvider,
      summary: 'Add a device (serial unique across the platform)',
      body: ZDeviceRequest,
      response: { 201: ZDevice },
    },
    async (request, reply) => reply.status(201).send(await provider.createDevice(actorOf(request), request.body)),
  );

  route.patch(
    '/provider/devices/:id',
    {
      roles: adminOfProvider,
      summary: 'Edit a device',
      params: idParams,
      body: ZUpdateDeviceRequest,
      response: { 200: ZDevice },
    },
    async (request) => provider.updateDevice(actorOf(request), request.params.id, request.body),
  );

  route.delete(
    '/provider/devices/:id',
    { roles: adminOfProvider, summary: 'Remove a device', params: idParams, response: { 204: z.null() } },
    async (request, reply) => {
      await provider.deleteDevice(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Certifications

  route.get(
    '/provider/certifications',
    {
      summary: 'The organisation’s certifications: scope, status, regions, expiry',
      response: { 200: ZCertificationList },
    },
    async (request) => provider.listCertifications(actorOf(request)),
  );

  route.post(
    '/provider/certifications',
    {
      roles: adminOfProvider,
      summary: 'Request a certification (pending until an admin verifies it)',
      body: ZCertificationRequest,
      response: { 201: ZCertification },
    },
    async (request, reply) =>
      reply.status(201).send(await provider.requestCertification(actorOf(request), request.body)),
  );

  for (const [path, verdict] of [
    ['verify', 'active'],
    ['reject', 'rejected'],
  ] as const) {
    route.post(
      `/admin/certifications/:id/${path}`,
      {
        roles: ADMIN_ROLES,
        tags: ['admin'],
        summary: verdict === 'active' ? 'Verify a pending certification' : 'Reject a pending certification',
        params: idParams,
        response: { 200: ZCertification },
      },
      async (request) => providers.decideCertification(actorOf(request), request.params.id, verdict),
    );
  }

  // ------------------------------------------------------------------------------------------
  // Settings

  route.get(
    '/provider/settings',
    {
      summary: 'Business name, contact, availability, service regions and notification preferences',
      response: { 200: ZProviderSettings },
    },
    async (request) => provider.settings(actorOf(request)),
  );

  route.put(
    '/provider/settings',
    {
      summary: 'Save the settings (the business name only by a provider admin)',
      body: ZUpdateProviderSettingsRequest,
      response: { 200: ZProviderSettings },
    },
    async (request) => provider.updateSettings(actorOf(request), request.body),
  );
};

export default providerPortalRoutes;
