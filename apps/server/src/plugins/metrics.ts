import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics at GET /metrics (decision 078), for a scraper that holds METRICS_TOKEN.
 * Without the token configured, or without `Authorization: Bearer <token>`, the path answers as
 * any unknown path does, so nothing tells it exists.
 *
 * Each app has its own registry (several apps share a process in tests). The process's own
 * figures (event-loop lag, memory, GC, CPU) are collected once per process and added to each.
 */

export type TPoolStats = { total: number; idle: number; waiting: number };
export type TOutboxBacklog = { pending: number; oldestCreatedAt: Date | null };

export type TMetricsOptions = {
  /** Unset: nothing is measured and /metrics is an unknown path. */
  token: string | undefined;
  /** The outbox query, run on each scrape. */
  readOutboxBacklog: () => Promise<TOutboxBacklog>;
  /** The PostgreSQL pool's connections; absent on the embedded database, which has no pool. */
  poolStats?: (() => TPoolStats) | undefined;
  /** How long a scrape waits for the outbox query before reporting it as unknown (NaN). */
  outboxTimeoutMs?: number;
};

export const METRICS_PATH = '/metrics';

/** Long enough for a tus PATCH of 16 MiB over a slow link; the defaults stop at 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

let processRegistry: Registry | undefined;
/** Default metrics start timers and observers that cannot be stopped: once per process, shared. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

export default fp(
  async (app: FastifyInstance, options: TMetricsOptions) => {
    const { token } = options;
    if (!token) {
      app.decorate('countUploadedBytes', () => undefined);
      return;
    }

    const registry = new Registry();
    const uploadBytes = new Counter({
      name: 'spacecapture_upload_received_bytes_total',
      help: 'Bytes of deliverables received over tus and stored (what each PATCH moved the upload offset by).',
      registers: [registry],
    });
    app.decorate('countUploadedBytes', (bytes: number) => {
      if (bytes > 0) uploadBytes.inc(bytes);
    });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, matched route pattern and status.',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method, matched route pattern and status.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the URL: ids and unknown paths would make a series each.
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    const outboxPending = new Gauge({
      name: 'spacecapture_outbox_pending_emails',
      help: 'E-mails in the outbox waiting to be sent (NaN when the database did not answer in time).',
      registers: [registry],
    });
    const outboxOldestAge = new Gauge({
      name: 'spacecapture_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest e-mail waiting to be sent, 0 when none waits (NaN when the database did not answer in time).',
      registers: [registry],
    });
    const outboxTimeoutMs = options.outboxTimeoutMs ?? 1_000;
    // Overlapping scrapes share one query, so a slow database never gets more than one from here.
    let outboxQuery: Promise<TOutboxBacklog> | undefined;
    const refreshOutbox = async () => {
      outboxQuery ??= options.readOutboxBacklog().finally(() => {
        outboxQuery = undefined;
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${outboxTimeoutMs} ms`)), outboxTimeoutMs);
      });
      try {
        const backlog = await Promise.race([outboxQuery, timeout]);
        outboxPending.set(backlog.pending);
        const oldest = backlog.oldestCreatedAt?.getTime();
        outboxOldestAge.set(oldest === undefined ? 0 : Math.max(0, (app.clock().getTime() - oldest) / 1000));
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the outbox query failed');
        outboxPending.set(Number.NaN);
        outboxOldestAge.set(Number.NaN);
      } finally {
        clearTimeout(timer);
      }
    };

    const { poolStats } = options;
    if (poolStats) {
      const poolGauge = (name: string, help: string, read: (stats: TPoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(poolStats()));
          },
        });
      poolGauge('spacecapture_database_pool_connections', 'Connections the PostgreSQL pool holds.', (s) => s.total);
      poolGauge('spacecapture_database_pool_idle_connections', 'Pool connections not in use.', (s) => s.idle);
      poolGauge(
        'spacecapture_database_pool_waiting_requests',
        'Queries waiting for a pool connection (the pool is exhausted while above 0).',
        (s) => s.waiting,
      );
    }

    // The app's own metrics beside the process's; merging shares the metric objects, copies nothing.
    const exposed = Registry.merge([processMetrics(), registry]);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const given = bearerToken(request);
      if (given === undefined || !sameToken(given, token)) {
        reply.callNotFound();
        return reply;
      }
      await refreshOutbox();
      return reply
        .header('Cache-Control', 'no-store')
        .type(exposed.contentType)
        .send(await exposed.metrics());
    });
  },
  { name: 'metrics', dependencies: ['errors'] },
);

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    /** Adds bytes that an upload stored to the upload counter. */
    countUploadedBytes(bytes: number): void;
  }
}
