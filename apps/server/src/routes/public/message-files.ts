import { AppError } from '@spacecapture/shared/errors';
import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFileHeaders } from '../../lib/content-disposition.ts';

/**
 * Downloads of message attachments by signed link (decision 119): the token, made for a caller who
 * may read the conversation, is the authority; it expires after 300 seconds. Registered under /api.
 */
const messageFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app.services;
  app.get(
    '/message-files/:token',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary: 'Download the message attachment a signed link names (never cached)',
        params: z.object({ token: boundedText(200) }),
      },
      compress: false,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { key, fileName } = await conversations.resolveLink(request.params.token);
      const file = await app.files.open(key).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new AppError('not_found', 'The file is no longer available.');
        throw error;
      });
      return reply.headers(storedFileHeaders(fileName)).header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default messageFileRoutes;
