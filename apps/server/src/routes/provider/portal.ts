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
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';

const errors = guardedErrorResponses;
const roles = PROVIDER_ROLES;
const adminOfProvider = ['provider_admin'] as const;
const tags = ['provider'];

/**
 * The provider portal's API (spec 001 §2), under /api: /provider/… for the provider's own
 * organisation, and /admin/certifications/… where admins verify what providers requested.
 * Thin: each route calls one operation of the provider service.
 */
const providerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { provider, providers } = app.services;
  const actor = (request: Parameters<typeof callerOf>[0]) => toActor(callerOf(request));

  app.get(
    '/provider/assignments',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: "Offered and accepted jobs of the caller's organisation, newest first (address masked until accepted)",
        response: { 200: ZProviderAssignmentList, ...errors },
      },
    },
    async (request) => provider.listAssignments(actor(request)),
  );

  app.get(
    '/provider/assignments/:id',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'One job of the caller’s organisation',
        params: idParams,
        response: { 200: ZProviderAssignment, ...errors },
      },
    },
    async (request) => provider.getAssignment(actor(request), request.params.id),
  );

  app.post(
    '/provider/assignments/:id/accept',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Accept an offer before its deadline',
        params: idParams,
        response: { 200: ZProviderAssignment, ...errors },
      },
    },
    async (request) => provider.accept(actor(request), request.params.id),
  );

  app.post(
    '/provider/assignments/:id/decline',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Decline an offer',
        params: idParams,
        response: { 200: ZProviderAssignment, ...errors },
      },
    },
    async (request) => provider.decline(actor(request), request.params.id),
  );

  app.post(
    '/provider/assignments/:id/schedule',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Propose a capture window for an accepted job (admins confirm it)',
        params: idParams,
        body: ZProposeScheduleRequest,
        response: { 200: ZProviderAssignment, ...errors },
      },
    },
    async (request) => provider.proposeSchedule(actor(request), request.params.id, request.body),
  );

  app.get(
    '/provider/schedule',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Proposed and confirmed capture windows of the organisation’s accepted jobs',
        response: { 200: ZProviderSchedule, ...errors },
      },
    },
    async (request) => provider.schedule(actor(request)),
  );

  app.get(
    '/provider/performance',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Completed and active projects, total earnings, average rating, jobs per month',
        response: { 200: ZProviderPerformance, ...errors },
      },
    },
    async (request) => provider.performance(actor(request)),
  );

  // ------------------------------------------------------------------------------------------
  // Devices

  app.get(
    '/provider/devices',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'The organisation’s devices',
        response: { 200: ZDeviceList, ...errors },
      },
    },
    async (request) => provider.listDevices(actor(request)),
  );

  app.post(
    '/provider/devices',
    {
      schema: {
        'x-roles': adminOfProvider,
        tags,
        summary: 'Add a device (serial unique across the platform)',
        body: ZDeviceRequest,
        response: { 201: ZDevice, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await provider.createDevice(actor(request), request.body)),
  );

  app.patch(
    '/provider/devices/:id',
    {
      schema: {
        'x-roles': adminOfProvider,
        tags,
        summary: 'Edit a device',
        params: idParams,
        body: ZUpdateDeviceRequest,
        response: { 200: ZDevice, ...errors },
      },
    },
    async (request) => provider.updateDevice(actor(request), request.params.id, request.body),
  );

  app.delete(
    '/provider/devices/:id',
    {
      schema: {
        'x-roles': adminOfProvider,
        tags,
        summary: 'Remove a device',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await provider.deleteDevice(actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Certifications

  app.get(
    '/provider/certifications',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'The organisation’s certifications: scope, status, regions, expiry',
        response: { 200: ZCertificationList, ...errors },
      },
    },
    async (request) => provider.listCertifications(actor(request)),
  );

  app.post(
    '/provider/certifications',
    {
      schema: {
        'x-roles': adminOfProvider,
        tags,
        summary: 'Request a certification (pending until an admin verifies it)',
        body: ZCertificationRequest,
        response: { 201: ZCertification, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await provider.requestCertification(actor(request), request.body)),
  );

  for (const [path, verdict] of [
    ['verify', 'active'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/admin/certifications/:id/${path}`,
      {
        schema: {
          'x-roles': ADMIN_ROLES,
          tags: ['admin'],
          summary: verdict === 'active' ? 'Verify a pending certification' : 'Reject a pending certification',
          params: idParams,
          response: { 200: ZCertification, ...errors },
        },
      },
      async (request) => providers.decideCertification(actor(request), request.params.id, verdict),
    );
  }

  // ------------------------------------------------------------------------------------------
  // Settings

  app.get(
    '/provider/settings',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Business name, contact, availability, service regions and notification preferences',
        response: { 200: ZProviderSettings, ...errors },
      },
    },
    async (request) => provider.settings(actor(request)),
  );

  app.put(
    '/provider/settings',
    {
      schema: {
        'x-roles': roles,
        tags,
        summary: 'Save the settings (the business name only by a provider admin)',
        body: ZUpdateProviderSettingsRequest,
        response: { 200: ZProviderSettings, ...errors },
      },
    },
    async (request) => provider.updateSettings(actor(request), request.body),
  );
};

export default providerPortalRoutes;
