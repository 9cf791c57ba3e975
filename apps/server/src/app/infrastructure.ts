import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { TDatabaseHandle } from '@spacecapture/db/client';
import { tourFrameSources } from '@spacecapture/shared/contracts/tour-links';
import { AppError } from '@spacecapture/shared/errors';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from '../config.ts';
import { startLivenessThread, type TLivenessThread } from '../lib/liveness-thread.ts';
import type { TSecretUrls } from '../lib/secret-urls.ts';
import type { TAuthLibrary } from '../modules/auth/auth-library.ts';
import { createFileTransport, createSmtpTransport, type TMailTransport } from '../modules/outbox/mail-transport.ts';
import { readPendingBacklog } from '../modules/outbox/outbox-repository.ts';
import { createLimiter } from '../modules/rate-limits/fixed-window-limiter.ts';
import { createRateLimitRedis, redisStoreWithLocalFallback } from '../modules/rate-limits/redis-with-local-fallback.ts';
import { createLocalFileStore, type TFileStore } from '../modules/storage/file-store.ts';
import { assertBucketExists, createS3FileStore } from '../modules/storage/s3-file-store.ts';
import authPlugin from '../plugins/auth.ts';
import errorsPlugin, { sendError } from '../plugins/errors.ts';
import loadShedding from '../plugins/load-shedding.ts';
import metricsPlugin, { METRICS_PATH } from '../plugins/metrics.ts';
import openapiPlugin from '../plugins/openapi.ts';
import securityHeaders from '../plugins/security-headers.ts';
import type { TServices } from '../services.ts';

/**
 * The server's infrastructure: the Fastify instance with its logging and request ids, the file
 * store, the mail transport, Redis for shared limits, and the plugins every route runs behind
 * (errors, metrics, security headers, compression, load shedding, rate limits, OpenAPI, auth).
 */

export const APP_VERSION = '0.1.0';

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Fastify's request serialiser with the address passed through the secret-link rule (decision
 * 179); every log line that names a request goes through it, the caller's logger options or ours.
 */
function withSecretUrlsRedacted(
  logger: FastifyServerOptions['logger'],
  secretUrls: TSecretUrls,
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: secretUrls.redact(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** The Fastify instance: logging with secrets redacted, request ids kept, one error shape. */
export function createFastify(config: TConfig, secretUrls: TSecretUrls, logger?: FastifyServerOptions['logger']) {
  const app = Fastify({
    logger: withSecretUrlsRedacted(
      logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
      secretUrls,
    ),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    // Requests arriving while the server stops get load shedding's 503 (our shape, Retry-After).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A path the router cannot read (bad percent-encoding, a parameter over maxParamLength) is
    // refused in the one error shape, like every other answer.
    frameworkErrors: (error, request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        request.log.info({ code: error.code }, 'request refused');
        sendError(reply, 'bad_request', 'The request address could not be read.');
        return;
      }
      request.log.error({ err: error }, 'request failed');
      sendError(reply, 'internal', 'Something went wrong on our side. Please try again.');
    },
    // Keep a caller's request id when it is sane, so logs join across services.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route: each one with a `:token` segment makes its prefix secret in logs.
  app.decorate('secretUrls', secretUrls);
  app.addHook('onRoute', (route) => secretUrls.learnRoute(route.url));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  return app;
}

/** Local disk, or the bucket when configured: a missing bucket stops the start (StartupError). */
export async function openFileStore(config: TConfig): Promise<TFileStore> {
  if (!config.s3) return createLocalFileStore(path.join(config.dataDir, 'files'));
  await assertBucketExists(config.s3);
  return createS3FileStore(config.s3, path.join(config.dataDir, 'files'));
}

/** SMTP when configured; otherwise `.eml` files in the data folder, where the operator reads them. */
export function openMailTransport(config: TConfig): TMailTransport {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl, config.mailFrom);
  return createFileTransport({
    dir: path.join(config.dataDir, 'mail'),
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  });
}

/** Redis for limits shared between instances, when configured; counts stay local while it is away. */
export function openRateLimitRedis(config: TConfig, app: FastifyInstance) {
  if (!config.redisUrl) return undefined;
  return createRateLimitRedis(
    config.redisUrl,
    (error) => app.log.warn({ err: error.message }, 'redis unavailable: rate limits counted per instance'),
    () => app.log.info('redis is back: rate limits shared again'),
  );
}

/** The plugins every route runs behind, registered before any route, in the order they must run. */
export async function registerPlatformPlugins(
  app: FastifyInstance,
  deps: {
    config: TConfig;
    database: TDatabaseHandle;
    services: TServices;
    authLibrary: TAuthLibrary;
    redis: ReturnType<typeof openRateLimitRedis>;
  },
) {
  const { config, database, redis } = deps;
  await app.register(errorsPlugin);
  // Before every route, so its timing hook sees them all.
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    readOutboxBacklog: () => readPendingBacklog(database.db),
    poolStats: database.poolStats,
  });
  await app.register(securityHeaders, {
    https: config.publicUrl.startsWith('https:'),
    // The embeddable tour hosts admins list (decision 233), from memory: frame-src names them alone.
    frameSources: () => tourFrameSources(deps.services.tourHosts.current()),
  });
  // Text answers (pages, scripts, styles, JSON) go out compressed; uploads and downloads are left as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // PGlite runs one statement at a time (in its own thread, decision 110): a short queue answers
  // fast or says 503, never a client timeout.
  await app.register(loadShedding, {
    maxInFlight: config.maxInFlight ?? (database.kind === 'pglite' ? 128 : 512),
    maxBusyMs: config.shedAfterBusyMs,
    // Metrics say how busy the server is; shedding the scrape would hide it exactly then.
    neverShed: ['/api/health', '/api/health/live', '/api/health/ready', METRICS_PATH],
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisStoreWithLocalFallback(redis, 'spacecapture-rl:') } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(openapiPlugin, { version: APP_VERSION, publicUrl: config.publicUrl });
  const limiter = (prefix: string, max: number, windowMs: number) =>
    createLimiter({ max, windowMs, prefix, ...(redis ? { redis } : {}) });
  await app.register(authPlugin, {
    auth: deps.authLibrary,
    publicUrl: config.publicUrl,
    apiKeys: {
      service: deps.services.apiKeys,
      limiter: limiter('spacecapture-api-key', config.apiKeyRateLimit, 60_000),
      failures: limiter('spacecapture-api-key-failures', config.apiKeyFailureLimit, 15 * 60_000),
    },
  });
}

/**
 * Liveness beside the busy loop (decision 185): started once the server listens, as a real
 * listener must be, and stopped with it.
 */
export function answerLivenessFromAThread(app: FastifyInstance, config: TConfig) {
  let liveness: TLivenessThread | undefined;
  app.decorate('livenessPort', () => liveness?.port);
  const port = config.livenessPort;
  if (port === undefined) return;
  app.addHook('onListen', async () => {
    liveness ??= await startLivenessThread({ port, host: config.host, maxStallMs: config.livenessMaxStallMs });
  });
  app.addHook('onClose', async () => {
    await liveness?.close();
    liveness = undefined;
  });
}
