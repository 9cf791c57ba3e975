import { statfs } from 'node:fs/promises';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../plugins/errors.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness is the process alone: a load balancer must not restart an instance because the
  // database is slow or busy, so this never queues behind it (readiness is the place for that).
  app.get(
    '/health/live',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['system'],
        summary: 'Liveness: the process answers (never touches the database, never shed)',
        response: { 200: z.object({ status: z.literal('live'), uptimeSeconds: z.number() }) },
      },
    },
    async () => ({ status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/health',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['system'],
        summary: 'Liveness and database check (never shed); readiness is /api/health/ready',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('up') }), 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return sendError(reply, 'unavailable', 'The database is not answering.');
      }
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['system'],
        summary: 'Readiness: database, free disk under DATA_DIR, not shutting down',
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.literal('up'),
            disk: z.object({ freeBytes: z.number(), minFreeBytes: z.number() }),
          }),
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (app.isShuttingDown()) return sendError(reply, 'unavailable', 'The server is shutting down.');
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unavailable');
        return sendError(reply, 'unavailable', 'The database is not answering.', { database: 'down' });
      }
      const { minFreeDiskBytes, dataDir } = app.config;
      let freeBytes: number;
      try {
        const disk = await statfs(dataDir);
        // Blocks available to this (unprivileged) process, not those kept for the superuser.
        freeBytes = disk.bavail * disk.bsize;
      } catch (error) {
        request.log.error({ err: error, dataDir }, 'readiness: cannot read the disk under DATA_DIR');
        return sendError(reply, 'unavailable', 'The disk under DATA_DIR cannot be read.', { disk: 'unreadable' });
      }
      if (freeBytes < minFreeDiskBytes) {
        const message = `Low disk space under DATA_DIR: ${freeBytes} bytes free, ${minFreeDiskBytes} required.`;
        request.log.warn({ freeBytes, minFreeDiskBytes, dataDir }, 'readiness: low disk space');
        return sendError(reply, 'unavailable', message, { disk: `${freeBytes} bytes free` });
      }
      return { status: 'ready' as const, database: 'up' as const, disk: { freeBytes, minFreeBytes: minFreeDiskBytes } };
    },
  );
};

export default healthRoutes;
