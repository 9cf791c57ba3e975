import { statfs } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../plugins/errors.ts';

/** A dependency readiness checks beside the database and the disk. */
export type TReadinessProbe = () => Promise<unknown>;

/** Each check of readiness answers within this, or counts as down. */
const PROBE_TIMEOUT_MS = 2000;
/**
 * Readiness reuses its last database check for this long, so probes from several balancers (or
 * a probe storm) add at most one statement a second to a busy database.
 */
const DATABASE_CHECK_TTL_MS = 1000;

async function probe<T>(check: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    return { ok: true, value: await Promise.race([check(), timeout]) };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

const healthRoutes: FastifyPluginAsyncZod<{ probes?: { bucket?: TReadinessProbe; redis?: TReadinessProbe } }> = async (
  app,
  options,
) => {
  let lastDatabaseCheck: { checkedAt: number; result: ReturnType<typeof probe> } | undefined;
  /** The database check, or the last one while it is under a second old (or still running). */
  const checkDatabase = () => {
    const now = performance.now();
    if (!lastDatabaseCheck || now - lastDatabaseCheck.checkedAt >= DATABASE_CHECK_TTL_MS) {
      const result = probe(() => app.db.execute(sql`select 1`));
      const check = { checkedAt: Number.POSITIVE_INFINITY, result };
      lastDatabaseCheck = check;
      // The second counts from the answer, so a slow check is not repeated the moment it ends.
      void result.then(() => {
        check.checkedAt = performance.now();
      });
    }
    return lastDatabaseCheck.result;
  };

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
        summary:
          'Readiness: database, free disk under DATA_DIR, the bucket when configured, not shutting down; ' +
          'Redis is reported (rate limits fall back to each instance while it is away, so it does not fail readiness)',
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.literal('up'),
            disk: z.object({ freeBytes: z.number(), minFreeBytes: z.number() }),
            bucket: z.enum(['up', 'not configured']),
            redis: z.enum(['up', 'down', 'not configured']),
          }),
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (app.isShuttingDown()) return sendError(reply, 'unavailable', 'The server is shutting down.');
      const { minFreeDiskBytes, dataDir } = app.config;
      const [database, disk, bucket, redis] = await Promise.all([
        checkDatabase(),
        probe(() => statfs(dataDir)),
        options.probes?.bucket ? probe(options.probes.bucket) : undefined,
        options.probes?.redis ? probe(options.probes.redis) : undefined,
      ]);
      if (!database.ok) {
        request.log.error({ err: database.error }, 'readiness: database unavailable');
        return sendError(reply, 'unavailable', 'The database is not answering.', { database: 'down' });
      }
      if (!disk.ok) {
        request.log.error({ err: disk.error, dataDir }, 'readiness: cannot read the disk under DATA_DIR');
        return sendError(reply, 'unavailable', 'The disk under DATA_DIR cannot be read.', { disk: 'unreadable' });
      }
      // Blocks available to this (unprivileged) process, not those kept for the superuser.
      const freeBytes = disk.value.bavail * disk.value.bsize;
      if (freeBytes < minFreeDiskBytes) {
        const message = `Low disk space under DATA_DIR: ${freeBytes} bytes free, ${minFreeDiskBytes} required.`;
        request.log.warn({ freeBytes, minFreeDiskBytes, dataDir }, 'readiness: low disk space');
        return sendError(reply, 'unavailable', message, { disk: `${freeBytes} bytes free` });
      }
      if (bucket && !bucket.ok) {
        request.log.error({ err: bucket.error }, 'readiness: the bucket is not answering');
        return sendError(reply, 'unavailable', 'The file bucket (S3_BUCKET) is not answering.', { bucket: 'down' });
      }
      if (redis && !redis.ok) request.log.warn({ err: redis.error }, 'readiness: redis unavailable');
      return {
        status: 'ready' as const,
        database: 'up' as const,
        disk: { freeBytes, minFreeBytes: minFreeDiskBytes },
        bucket: bucket ? ('up' as const) : ('not configured' as const),
        redis: redis ? (redis.ok ? ('up' as const) : ('down' as const)) : ('not configured' as const),
      };
    },
  );
};

export default healthRoutes;
