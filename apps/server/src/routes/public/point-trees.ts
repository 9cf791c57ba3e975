import { boundedText } from '@spacecapture/shared/fields';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseRange } from '../../modules/storage/download-links.ts';
import { openStored } from '../../modules/storage/file-store.ts';

/**
 * A point cloud's tree by signed link (decision 226), registered under /api: ept.json, the
 * hierarchy and the node files, each a GET (with Range), cacheable until the link expires. The
 * link, handed out with a file list the caller may read, is the authority.
 */
const pointTreeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pointTrees } = app.services;
  const tokenParams = z.object({ token: boundedText(200) });
  const nodeParams = z.object({ token: boundedText(200), node: boundedText(60) });
  const about = (summary: string) => ({ 'x-roles': ['public'], tags: ['public'], summary });

  /** Sends one file of the tree, whole or the Range asked for. */
  async function sendTreeFile(
    request: { headers: { range?: string | undefined } },
    reply: FastifyReply,
    token: string,
    name: string,
  ) {
    const { key, secondsLeft } = await pointTrees.resolve(token, name, app.clock());
    const whole = await openStored(app.files, key, 'This part of the point cloud is not available.');
    const range = parseRange(request.headers.range, whole.size);
    reply
      .header('Cache-Control', `private, max-age=${secondsLeft}, immutable`)
      .header('Content-Type', key.endsWith('.json') ? 'application/json' : 'application/octet-stream')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes');
    if (range === 'unsatisfiable') {
      whole.stream.destroy();
      return reply.status(416).header('Content-Range', `bytes */${whole.size}`).send();
    }
    if (!range) return reply.header('Content-Length', whole.size).send(whole.stream);
    whole.stream.destroy();
    const part = await app.files.open(key, range);
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${whole.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(part.stream);
  }

  app.get(
    '/point-trees/:token/ept.json',
    {
      schema: { ...about("A point cloud tree's ept.json (EPT) by signed link"), params: tokenParams },
      compress: false,
    },
    async (request, reply) => sendTreeFile(request, reply, request.params.token, 'ept.json'),
  );
  app.get(
    '/point-trees/:token/ept-hierarchy/:node',
    {
      schema: { ...about("A point cloud tree's hierarchy file (D-X-Y-Z.json) by signed link"), params: nodeParams },
      compress: false,
    },
    async (request, reply) =>
      sendTreeFile(request, reply, request.params.token, `ept-hierarchy/${request.params.node}`),
  );
  app.get(
    '/point-trees/:token/ept-data/:node',
    {
      schema: {
        ...about("A point cloud tree's node (D-X-Y-Z.bin) by signed link, Range supported"),
        params: nodeParams,
      },
      compress: false,
    },
    async (request, reply) => sendTreeFile(request, reply, request.params.token, `ept-data/${request.params.node}`),
  );
};

export default pointTreeRoutes;
