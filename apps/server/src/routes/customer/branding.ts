import {
  LOGO_CONTENT_TYPES,
  MAX_LOGO_BYTES,
  ZOrganizationBranding,
  ZUpdateBrandingRequest,
} from '@spacecapture/shared/contracts/share-links';
import { AppError, ZErrorResponse } from '@spacecapture/shared/errors';
import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openStored } from '../../modules/storage/file-store.ts';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';

/**
 * A customer organisation's branding for its branded share pages (decision 223), registered under
 * /api: members read it, admins change it. The logo is sent as the request body (one image of a
 * type in LOGO_CONTENT_TYPES, at most MAX_LOGO_BYTES) and re-encoded before it is kept.
 */
const customerBrandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { branding } = app.services;
  const route = declareRoutes(app, { roles: ['customer_admin', 'customer_user'], tags: ['customer'] });

  // The image arrives whole (it is small) and goes to the contained child as it came.
  app.addContentTypeParser(
    [...LOGO_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES },
    (_request, body, done) => done(null, body),
  );

  route.get(
    '/customer/organization/branding',
    {
      summary: "The organisation's branding for branded share pages: colour, contact and logo",
      response: { 200: ZOrganizationBranding },
    },
    async (request) => branding.get(actorOf(request)),
  );

  route.put(
    '/customer/organization/branding',
    {
      roles: ['customer_admin'],
      summary: "Set the organisation's accent colour and contact for branded share pages",
      body: ZUpdateBrandingRequest,
      response: { 200: ZOrganizationBranding },
    },
    async (request) => branding.update(actorOf(request), request.body),
  );

  route.put(
    '/customer/organization/logo',
    {
      roles: ['customer_admin'],
      summary: "Set the organisation's logo: a PNG, JPEG, WebP or SVG image of at most 2 MB as the body",
      description:
        'The image is decoded in a contained process under time, memory and pixel limits and kept as a WebP.',
      consumes: [...LOGO_CONTENT_TYPES],
      response: { 200: ZOrganizationBranding, 413: ZErrorResponse, 415: ZErrorResponse },
      options: { bodyLimit: MAX_LOGO_BYTES },
    },
    async (request) => {
      const image = request.body;
      if (!Buffer.isBuffer(image) || image.length === 0) {
        throw new AppError('unsupported_media_type', 'Send the logo as a PNG, JPEG, WebP or SVG image.');
      }
      const contentType =
        String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase() ?? '';
      return branding.setLogo(actorOf(request), image, contentType);
    },
  );

  route.delete(
    '/customer/organization/logo',
    {
      roles: ['customer_admin'],
      summary: "Remove the organisation's logo",
      response: { 200: ZOrganizationBranding },
    },
    async (request) => branding.removeLogo(actorOf(request)),
  );

  app.get(
    '/customer/organization/logo',
    {
      schema: {
        'x-roles': ['customer_admin', 'customer_user'],
        tags: ['customer'],
        summary: "The organisation's logo as kept (WebP)",
        querystring: z.object({ v: boundedText(100).optional() }),
      },
      compress: false,
    },
    async (request, reply) => {
      const logo = await openStored(app.files, await branding.logoKey(actorOf(request)), 'No logo yet.');
      return reply
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', logo.size)
        .send(logo.stream);
    },
  );
};

export default customerBrandingRoutes;
