import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { ZSharedOrder, ZShareFileParams, ZShareTokenParams } from '@spacecapture/shared/contracts/share-links';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
    async (request) => shareLinks.open(request.params.token),
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
};

export default publicShareRoutes;
