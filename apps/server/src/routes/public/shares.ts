import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { ZPointTree } from '@spacecapture/shared/contracts/point-trees';
import { ZSharedOrder, ZShareFileParams, ZShareTokenParams } from '@spacecapture/shared/contracts/share-links';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openStored } from '../../modules/storage/file-store.ts';
import { replyWithArchive } from '../archive-reply.ts';
import { declareRoutes } from '../declare-routes.ts';

const FILES_PATH = '/api/files';
const errors = { 400: ZErrorResponse, 404: ZErrorResponse, 410: ZErrorResponse, 429: ZErrorResponse };

/**
 * The public side of share links (decision 137), registered under /api/public: the token in the
 * path is the only authority. Limited per address (shared through Redis when configured), never
 * cached and never indexed.
 */
const publicShareRoutes: FastifyPluginAsyncZod<{ rateLimitPerMinute: number }> = async (app, options) => {
  const route = declareRoutes(app, { roles: ['public'], tags: ['public'], errors });
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };
  const { shareLinks } = app.services;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex, nofollow');
  });

  route.get(
    '/shares/:token',
    {
      summary: "The shared order's title and files (counts one view); 410 once expired or revoked",
      params: ZShareTokenParams,
      response: { 200: ZSharedOrder },
      options: {
        config: { rateLimit },
      },
    },
    // The address and user agent only make today's visitor hash (decision 222); neither is kept.
    async (request) =>
      shareLinks.open(request.params.token, {
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  route.post(
    '/shares/:token/deliverables/:fileId/link',
    {
      summary: 'A signed download URL, valid 300 seconds, for one file of the shared order',
      params: ZShareFileParams,
      response: { 200: ZDownloadLink },
      options: {
        config: { rateLimit },
      },
    },
    async (request) => shareLinks.createDownloadLink(request.params.token, request.params.fileId, FILES_PATH),
  );

  route.get(
    '/shares/:token/deliverables/:fileId/tree',
    {
      summary:
        "One shared point cloud's streaming tree and its link (decision 245), read again while it is built; counts nothing",
      params: ZShareFileParams,
      response: { 200: ZPointTree },
      options: {
        config: { rateLimit },
      },
    },
    async (request) => shareLinks.treeOf(request.params.token, request.params.fileId),
  );

  route.post(
    '/shares/:token/deliverables/:fileId/opened',
    {
      summary: 'Counts an open of one tour link of the shared order (decision 233); 404 for anything else',
      params: ZShareFileParams,
      response: { 204: z.null().describe('Counted') },
      options: {
        config: { rateLimit },
      },
    },
    async (request, reply) => {
      await shareLinks.openTour(request.params.token, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shares/:token/logo',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary: "The logo of a branded link's organisation (WebP, re-encoded at upload); 404 on an unbranded link",
        params: ZShareTokenParams,
      },
      config: { rateLimit },
      compress: false,
    },
    async (request, reply) => {
      const key = await shareLinks.logoKey(request.params.token);
      const logo = await openStored(app.files, key, 'No logo.');
      return reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', logo.size)
        .send(logo.stream);
    },
  );

  route.get(
    '/shares/:token/archive',
    {
      summary: "Download all: the shared order's current files as one zip, stored (Range and If-Range supported)",
      params: ZShareTokenParams,
      produces: ['application/zip'],
      response: {
        200: z.string().describe('The zip'),
        206: z.string().describe('The range of the zip asked for'),
        416: z.string().describe('Empty: the range lies beyond the zip, whose size Content-Range gives'),
      },
      options: { compress: false, config: { rateLimit } },
    },
    async (request, reply) => replyWithArchive(request, reply, await shareLinks.archive(request.params.token)),
  );
};

export default publicShareRoutes;
