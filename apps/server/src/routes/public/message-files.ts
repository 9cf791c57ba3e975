import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFileHeaders } from '../../lib/content-disposition.ts';
import { openStored } from '../../modules/storage/file-store.ts';

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
      const file = await openStored(app.files, key, 'The file is no longer available.');
      return reply.headers(storedFileHeaders(fileName)).header('Content-Length', file.size).send(file.stream);
    },
  );
};

export default messageFileRoutes;
