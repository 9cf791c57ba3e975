import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openStored } from '../../modules/storage/file-store.ts';
import { THUMBNAIL_CONTENT_TYPE } from '../../modules/thumbnails/thumbnail-maker.ts';

/**
 * Thumbnails by signed link (decision 138), registered under /api. The link, handed out with a
 * list the caller may read, is the authority; the browser may keep the image until it expires.
 */
const thumbnailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { thumbnails } = app.services;
  app.get(
    '/thumbnails/:token',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary: "A deliverable's thumbnail (WebP) by signed link, cacheable until the link expires",
        params: z.object({ token: boundedText(200) }),
      },
      compress: false,
    },
    async (request, reply) => {
      const { key, secondsLeft } = await thumbnails.resolve(request.params.token, app.clock());
      const file = await openStored(app.files, key, 'The thumbnail is no longer available.');
      return reply
        .header('Cache-Control', `private, max-age=${secondsLeft}, immutable`)
        .header('Content-Type', THUMBNAIL_CONTENT_TYPE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', file.size)
        .send(file.stream);
    },
  );
};

export default thumbnailRoutes;
