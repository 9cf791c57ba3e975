import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { TDatabase, TDatabaseHandle } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import { createBackgroundTasks, type TBackgroundTasks } from './lib/background-tasks.ts';
import { startLivenessThread, type TLivenessThread } from './lib/liveness-thread.ts';
import { createSecretUrls, type TSecretUrls } from './lib/secret-urls.ts';
import { passwordResetEmail, verificationEmail } from './modules/accounts/account-emails.ts';
import { findProfile, findUserIdByEmail } from './modules/accounts/accounts-repository.ts';
import { createAuthLibrary } from './modules/auth/auth-library.ts';
import { loadInstanceSecret } from './modules/auth/instance-secret.ts';
import { LIBRARY_PASSWORD_HASHING, type TPasswordHashing } from './modules/auth/password-hashing.ts';
import { createPasswordResetRequests } from './modules/auth/password-reset-requests.ts';
import { createSignInGuard } from './modules/auth/sign-in-guard.ts';
import { createFileTransport, createSmtpTransport, type TMailTransport } from './modules/outbox/mail-transport.ts';
import { enqueueEmails, readPendingBacklog } from './modules/outbox/outbox-repository.ts';
import { createLimiter } from './modules/rate-limits/fixed-window-limiter.ts';
import { createRateLimitRedis, redisStoreWithLocalFallback } from './modules/rate-limits/redis-with-local-fallback.ts';
import { createLocalFileStore, type TFileStore } from './modules/storage/file-store.ts';
import { assertBucketExists, createBucketProbe, createS3FileStore } from './modules/storage/s3-file-store.ts';
import { createPostgresUploadLocker } from './modules/uploads/postgres-upload-locker.ts';
import { systemResolver } from './modules/webhooks/url-policy.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { sendError } from './plugins/errors.ts';
import loadShedding from './plugins/load-shedding.ts';
import metricsPlugin, { METRICS_PATH } from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';
import adminApiKeyRoutes from './routes/admin/api-keys.ts';
import adminAuditRoutes from './routes/admin/audit.ts';
import adminConsoleRoutes from './routes/admin/console.ts';
import adminConversationRoutes from './routes/admin/conversations.ts';
import adminDispatchRoutes from './routes/admin/dispatch.ts';
import adminInvitationRoutes from './routes/admin/invitations.ts';
import adminOutboxRoutes from './routes/admin/outbox.ts';
import adminReportingRoutes from './routes/admin/reporting.ts';
import adminSchedulingRoutes from './routes/admin/scheduling.ts';
import adminSettingsRoutes from './routes/admin/settings.ts';
import adminWebhookRoutes from './routes/admin/webhooks.ts';
import adminWorkflowRoutes from './routes/admin/workflow.ts';
import authRoutes, { meRoutes } from './routes/auth/auth-routes.ts';
import calendarRoutes from './routes/calendar.ts';
import customerApiKeyRoutes from './routes/customer/api-keys.ts';
import customerConversationRoutes from './routes/customer/conversations.ts';
import customerOrderRequestRoutes from './routes/customer/order-requests.ts';
import customerPortalRoutes from './routes/customer/portal.ts';
import customerSchedulingRoutes from './routes/customer/scheduling.ts';
import customerShareLinkRoutes from './routes/customer/share-links.ts';
import customerWebhookRoutes from './routes/customer/webhooks.ts';
import healthRoutes from './routes/health.ts';
import notificationRoutes from './routes/notifications/notifications.ts';
import teamRoutes from './routes/org/team.ts';
import providerAvailabilityRoutes from './routes/provider/availability.ts';
import providerConversationRoutes from './routes/provider/conversations.ts';
import providerPortalRoutes from './routes/provider/portal.ts';
import providerSchedulingRoutes from './routes/provider/scheduling.ts';
import providerUploadRoutes from './routes/provider/uploads.ts';
import formPostRoutes from './routes/public/form-posts.ts';
import messageFileRoutes from './routes/public/message-files.ts';
import placesRoutes from './routes/public/places.ts';
import publicFormRoutes from './routes/public/public-forms.ts';
import publicShareRoutes from './routes/public/shares.ts';
import thumbnailRoutes from './routes/public/thumbnails.ts';
import reviewRoutes from './routes/review.ts';
import { createServices, type TServices } from './services.ts';
import { createAbandonedUploadsWorker } from './workers/abandoned-uploads-worker.ts';
import {
  createAutoApprovalWorker,
  DEFAULT_AUTO_APPROVAL_OPTIONS,
  type TAutoApprovalWorker,
  type TAutoApprovalWorkerOptions,
} from './workers/auto-approval-worker.ts';
import {
  createMessageDigestWorker,
  DEFAULT_MESSAGE_DIGEST_OPTIONS,
  type TMessageDigestWorker,
} from './workers/message-digest-worker.ts';
import {
  createOfferExpiryWorker,
  DEFAULT_OFFER_EXPIRY_OPTIONS,
  type TOfferExpiryWorker,
  type TOfferExpiryWorkerOptions,
} from './workers/offer-expiry-worker.ts';
import {
  createOutboxWorker,
  DEFAULT_OUTBOX_OPTIONS,
  type TOutboxWorker,
  type TOutboxWorkerOptions,
} from './workers/outbox-worker.ts';
import {
  createRetentionWorker,
  DEFAULT_RETENTION_OPTIONS,
  type TRetentionWorker,
  type TRetentionWorkerOptions,
} from './workers/retention-worker.ts';
import {
  createBatchWorker,
  DEFAULT_SCHEDULING_WORKER_OPTIONS,
  type TBatchWorker,
  type TSchedulingWorkerOptions,
} from './workers/scheduling-workers.ts';
import {
  createThumbnailWorker,
  DEFAULT_THUMBNAIL_OPTIONS,
  type TThumbnailWorker,
  type TThumbnailWorkerOptions,
} from './workers/thumbnail-worker.ts';
import {
  createWebhookWorker,
  DEFAULT_WEBHOOK_OPTIONS,
  type TWebhookWorker,
  type TWebhookWorkerOptions,
} from './workers/webhook-worker.ts';

export const APP_VERSION = '0.1.0';

export type TAppOptions = {
  config: TConfig;
  database: TDatabaseHandle;
  /** The clock of every rule that depends on time; tests pass one they control. */
  clock?: () => Date;
  mailTransport?: TMailTransport;
  outbox?: Partial<TOutboxWorkerOptions>;
  offerExpiry?: Partial<TOfferExpiryWorkerOptions>;
  autoApproval?: Partial<TAutoApprovalWorkerOptions>;
  scheduling?: Partial<TSchedulingWorkerOptions>;
  retention?: Partial<TRetentionWorkerOptions>;
  webhooks?: Partial<TWebhookWorkerOptions>;
  thumbnails?: Partial<TThumbnailWorkerOptions>;
  /** Start the background workers (off in tests that drive them by hand). */
  startWorkers?: boolean;
  /** The library's scrypt unless given: tests pass a cheaper one (decision 169). */
  passwordHashing?: TPasswordHashing;
  logger?: FastifyServerOptions['logger'];
};

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    config: TConfig;
    /** The port the liveness thread answers on (LIVENESS_PORT), once listening; undefined without one. */
    livenessPort(): number | undefined;
    db: TDatabase;
    clock: () => Date;
    files: TFileStore;
    outbox: TOutboxWorker;
    offerExpiry: TOfferExpiryWorker;
    autoApproval: TAutoApprovalWorker;
    /** The auto-offer cascade's steps (decision 144). */
    cascades: TBatchWorker;
    /** Reminders 24 hours before confirmed captures (decision 147). */
    captureReminders: TBatchWorker;
    messageDigests: TMessageDigestWorker;
    retention: TRetentionWorker;
    webhooks: TWebhookWorker;
    thumbnails: TThumbnailWorker;
    /** Work done after a response has gone out (awaited before the app closes). */
    backgroundTasks: TBackgroundTasks;
    services: TServices;
    /** The one rule for addresses that carry a secret (decision 179). */
    secretUrls: TSecretUrls;
  }
}

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

function defaultWebDistDir() {
  // Same relative place from src/app.ts and from the bundled dist/server.mjs.
  return path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
}

/**
 * Fastify's request serialiser with the address passed through the secret-link rule (decision
 * 179); every log line that names a request goes through it, the caller's logger options or ours.
 */
function withSecretUrlsRedacted(logger: TAppOptions['logger'], secretUrls: TSecretUrls): TAppOptions['logger'] {
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

/** The whole server as one Fastify instance; server.ts only starts and stops it. */
export async function buildApp(options: TAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? (() => new Date());
  const secretUrls = createSecretUrls();
  const app = Fastify({
    logger: withSecretUrlsRedacted(
      options.logger ?? {
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

  // A missing bucket stops the start (StartupError) rather than failing the first upload.
  if (config.s3) await assertBucketExists(config.s3);
  const files = config.s3
    ? createS3FileStore(config.s3, path.join(config.dataDir, 'files'))
    : createLocalFileStore(path.join(config.dataDir, 'files'));
  const transport =
    options.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createFileTransport({
          dir: path.join(config.dataDir, 'mail'),
          from: config.mailFrom,
          publicUrl: config.publicUrl,
        }));
  const outbox = createOutboxWorker({
    db: database.db,
    transport,
    log: app.log.child({ worker: 'outbox' }),
    clock,
    options: { ...DEFAULT_OUTBOX_OPTIONS, ...options.outbox },
  });

  // Work that cannot start soon is refused (503) rather than left to wait past its client's timeout.
  await database.setQueueDeadline?.(config.databaseQueueDeadlineMs);
  app.decorate('config', config);
  app.decorate('db', database.db);
  // A lost connection fails its query (answered 503) and is replaced; the log says why.
  database.onConnectionError?.((error) => app.log.warn({ err: error }, 'database connection lost'));
  app.decorate('clock', clock);
  app.decorate('files', files);
  app.decorate('outbox', outbox);
  app.decorate('backgroundTasks', createBackgroundTasks(app.log.child({ module: 'background-tasks' })));
  const authSecret = await loadInstanceSecret(database.db, 'auth_secret', config.authSecret);
  const passwordHashing = options.passwordHashing ?? LIBRARY_PASSWORD_HASHING;
  const authLibrary = createAuthLibrary({
    db: database.db,
    passwordHashing,
    log: app.log.child({ module: 'auth' }),
    secret: authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: (request) => {
      const origins = [new URL(config.publicUrl).origin];
      // The origin a request was addressed to is ours too (Host cannot be forged by a browser).
      const host = request?.headers.get('host');
      if (host) origins.push(`http://${host}`, `https://${host}`);
      return origins;
    },
    mailer: {
      verificationEmail: async (to, url) => {
        await enqueueEmails(database.db, [verificationEmail(to, url)]);
      },
      passwordResetEmail: async (to, url) => {
        await enqueueEmails(database.db, [passwordResetEmail(to, url)]);
      },
    },
  });

  const webhookPolicy = { allowLoopback: config.webhooksAllowLoopback, resolve: systemResolver };
  const webhooks = createWebhookWorker({
    db: database.db,
    log: app.log.child({ worker: 'webhooks' }),
    clock,
    policy: webhookPolicy,
    options: { ...DEFAULT_WEBHOOK_OPTIONS, ...options.webhooks },
  });
  app.decorate('webhooks', webhooks);
  const thumbnails = createThumbnailWorker({
    db: database.db,
    files,
    clock,
    log: app.log.child({ worker: 'thumbnails' }),
    options: { ...DEFAULT_THUMBNAIL_OPTIONS, ...options.thumbnails },
  });
  app.decorate('thumbnails', thumbnails);
  const { services, close: closeServices } = await createServices({
    config,
    db: database.db,
    databaseConcurrency: database.maxConcurrency,
    clock,
    files,
    log: app.log,
    authSecret,
    passwordHashing,
    webhooks: { policy: webhookPolicy },
  });
  app.decorate('services', services);
  app.decorate(
    'offerExpiry',
    createOfferExpiryWorker({
      expireDueOffers: services.assignments.expireDueOffers,
      log: app.log.child({ worker: 'offer-expiry' }),
      options: { ...DEFAULT_OFFER_EXPIRY_OPTIONS, ...options.offerExpiry },
    }),
  );
  app.decorate(
    'autoApproval',
    createAutoApprovalWorker({
      approveOverdueDeliveries: services.review.approveOverdueDeliveries,
      log: app.log.child({ worker: 'auto-approval' }),
      options: { ...DEFAULT_AUTO_APPROVAL_OPTIONS, ...options.autoApproval },
    }),
  );
  const schedulingOptions = { ...DEFAULT_SCHEDULING_WORKER_OPTIONS, ...options.scheduling };
  app.decorate(
    'cascades',
    createBatchWorker({
      name: 'auto-offer',
      runBatch: services.cascades.advance,
      log: app.log.child({ worker: 'cascades' }),
      options: schedulingOptions,
    }),
  );
  app.decorate(
    'captureReminders',
    createBatchWorker({
      name: 'capture reminders',
      runBatch: services.reminders.sendDueReminders,
      log: app.log.child({ worker: 'capture-reminders' }),
      options: schedulingOptions,
    }),
  );
  const DAY_MS = 86_400_000;
  app.decorate(
    'retention',
    createRetentionWorker({
      db: database.db,
      clock,
      log: app.log.child({ worker: 'retention' }),
      options: {
        ...DEFAULT_RETENTION_OPTIONS,
        intervalMs: config.retention.intervalMinutes * 60_000,
        idempotencyKeysMs: config.retention.idempotencyKeysDays * DAY_MS,
        sentEmailsMs: config.retention.sentEmailsDays * DAY_MS,
        expiredSessionsMs: config.retention.expiredSessionsDays * DAY_MS,
        readNotificationsMs: config.retention.readNotificationsDays * DAY_MS,
        webhookDeliveriesMs: config.retention.webhookDeliveriesDays * DAY_MS,
        apiKeyUsesMs: config.retention.apiKeyUsesDays * DAY_MS,
        ...options.retention,
      },
    }),
  );
  app.decorate(
    'messageDigests',
    createMessageDigestWorker({
      sendDigests: services.conversations.sendDigests,
      log: app.log.child({ worker: 'message-digests' }),
      options: DEFAULT_MESSAGE_DIGEST_OPTIONS,
    }),
  );
  const abandonedUploads = createAbandonedUploadsWorker({
    db: database.db,
    files,
    clock,
    log: app.log.child({ worker: 'abandoned-uploads' }),
  });

  await app.register(errorsPlugin);
  // Before every route, so its timing hook sees them all.
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    readOutboxBacklog: () => readPendingBacklog(database.db),
    poolStats: database.poolStats,
  });
  await app.register(securityHeaders, { https: config.publicUrl.startsWith('https:') });
  // Text answers (pages, scripts, styles, JSON) go out compressed; uploads and downloads are left as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // PGlite runs one statement at a time (in its own thread, decision 110): a short queue answers
  // fast or says 503, never a client timeout.
  const maxInFlight = config.maxInFlight ?? (database.kind === 'pglite' ? 128 : 512);
  await app.register(loadShedding, {
    maxInFlight,
    maxBusyMs: config.shedAfterBusyMs,
    // Metrics say how busy the server is; shedding the scrape would hide it exactly then.
    neverShed: ['/api/health', '/api/health/live', '/api/health/ready', METRICS_PATH],
  });
  const redis = config.redisUrl
    ? createRateLimitRedis(
        config.redisUrl,
        (error) => app.log.warn({ err: error.message }, 'redis unavailable: rate limits counted per instance'),
        () => app.log.info('redis is back: rate limits shared again'),
      )
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisStoreWithLocalFallback(redis, 'spacecapture-rl:') } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(openapiPlugin, { version: APP_VERSION, publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    auth: authLibrary,
    publicUrl: config.publicUrl,
    apiKeys: {
      service: services.apiKeys,
      limiter: createLimiter({
        max: config.apiKeyRateLimit,
        windowMs: 60_000,
        prefix: 'spacecapture-api-key',
        ...(redis ? { redis } : {}),
      }),
      failures: createLimiter({
        max: config.apiKeyFailureLimit,
        windowMs: 15 * 60_000,
        prefix: 'spacecapture-api-key-failures',
        ...(redis ? { redis } : {}),
      }),
    },
  });

  // Liveness beside the busy loop (decision 185): started once the server listens, as a real
  // listener must be, and stopped with it.
  let liveness: TLivenessThread | undefined;
  app.decorate('livenessPort', () => liveness?.port);
  const livenessPort = config.livenessPort;
  if (livenessPort !== undefined) {
    app.addHook('onListen', async () => {
      liveness ??= await startLivenessThread({
        port: livenessPort,
        host: config.host,
        maxStallMs: config.livenessMaxStallMs,
      });
    });
    app.addHook('onClose', async () => {
      await liveness?.close();
      liveness = undefined;
    });
  }

  const bucketProbe = config.s3 ? createBucketProbe(config.s3) : undefined;
  await app.register(healthRoutes, {
    prefix: '/api',
    probes: {
      ...(bucketProbe ? { bucket: bucketProbe.check } : {}),
      ...(redis ? { redis: () => redis.ping() } : {}),
    },
  });
  await app.register(publicFormRoutes, { prefix: '/api/public', rateLimitPerMinute: config.publicFormRateLimit });
  // The same forms posted by a browser before their script has run; they answer pages.
  await app.register(formPostRoutes, {
    prefix: '/api/public',
    rateLimitPerMinute: config.publicFormRateLimit,
    webDistDir: config.webDistDir ?? defaultWebDistDir(),
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    signInGuard: createSignInGuard({
      ...(redis ? { redis } : {}),
      hasSecondFactor: async (email) => {
        const userId = await findUserIdByEmail(database.db, email);
        return userId ? Boolean((await findProfile(database.db, userId))?.twoFactorEnabled) : false;
      },
    }),
    passwordResets: createPasswordResetRequests({
      auth: authLibrary,
      publicUrl: config.publicUrl,
      ...(redis ? { redis } : {}),
    }),
  });
  await app.register(meRoutes, { prefix: '/api' });
  await app.register(placesRoutes, { prefix: '/api' });
  await app.register(adminInvitationRoutes, { prefix: '/api/admin' });
  await app.register(adminConsoleRoutes, { prefix: '/api/admin' });
  await app.register(adminAuditRoutes, { prefix: '/api/admin' });
  await app.register(adminSettingsRoutes, { prefix: '/api/admin' });
  await app.register(adminReportingRoutes, { prefix: '/api/admin' });
  await app.register(adminOutboxRoutes, { prefix: '/api/admin' });
  await app.register(adminWorkflowRoutes, { prefix: '/api/admin' });
  await app.register(adminDispatchRoutes, { prefix: '/api/admin' });
  await app.register(adminSchedulingRoutes, { prefix: '/api/admin' });
  await app.register(adminConversationRoutes, { prefix: '/api/admin' });
  await app.register(customerConversationRoutes, { prefix: '/api' });
  await app.register(providerConversationRoutes, { prefix: '/api' });
  await app.register(messageFileRoutes, { prefix: '/api' });
  await app.register(adminApiKeyRoutes, { prefix: '/api/admin' });
  await app.register(adminWebhookRoutes, { prefix: '/api/admin' });
  await app.register(teamRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api', streams: config.streams });
  await app.register(customerPortalRoutes, { prefix: '/api' });
  await app.register(customerOrderRequestRoutes, { prefix: '/api' });
  await app.register(customerApiKeyRoutes, { prefix: '/api' });
  await app.register(providerPortalRoutes, { prefix: '/api' });
  await app.register(providerAvailabilityRoutes, { prefix: '/api' });
  await app.register(providerSchedulingRoutes, { prefix: '/api' });
  await app.register(customerSchedulingRoutes, { prefix: '/api' });
  await app.register(calendarRoutes, { prefix: '/api' });
  await app.register(customerWebhookRoutes, { prefix: '/api', testSendsPerMinute: config.webhookTestRateLimit });
  await app.register(customerShareLinkRoutes, { prefix: '/api' });
  await app.register(publicShareRoutes, { prefix: '/api/public', rateLimitPerMinute: config.shareRateLimit });
  await app.register(thumbnailRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api' });
  // Instances sharing a PostgreSQL server share upload locks; PGlite is one process (memory locker).
  const uploadLocker =
    database.kind === 'postgres' && config.databaseUrl
      ? createPostgresUploadLocker(config.databaseUrl, { log: app.log.child({ module: 'upload-locker' }) })
      : undefined;
  await app.register(providerUploadRoutes, {
    prefix: '/api',
    ...(uploadLocker ? { locker: uploadLocker } : {}),
  });
  await app.register(webApp, { distDir: config.webDistDir ?? defaultWebDistDir() });

  app.addHook('onReady', async () => {
    if (options.startWorkers ?? true) outbox.start();
    if (options.startWorkers ?? true) app.offerExpiry.start();
    if (options.startWorkers ?? true) app.autoApproval.start();
    if (options.startWorkers ?? true) app.cascades.start();
    if (options.startWorkers ?? true) app.captureReminders.start();
    if (options.startWorkers ?? true) app.retention.start();
    if (options.startWorkers ?? true) abandonedUploads.start();
    if (options.startWorkers ?? true) webhooks.start();
    if (options.startWorkers ?? true) app.messageDigests.start();
    if (options.startWorkers ?? true) thumbnails.start();
    // The gazetteer is read in slices in the background, so the first visitor typing a place
    // does not wait for the whole file.
    if (options.startWorkers ?? true) {
      services.places.warm().catch((error: unknown) => app.log.warn({ err: error }, 'The gazetteer could not be read'));
    }
  });
  app.addHook('onClose', async () => {
    await app.backgroundTasks.idle();
    await app.offerExpiry.stop();
    await app.autoApproval.stop();
    await app.cascades.stop();
    await app.captureReminders.stop();
    await app.retention.stop();
    await abandonedUploads.stop();
    await webhooks.stop();
    await app.messageDigests.stop();
    await thumbnails.stop();
    await closeServices();
    await outbox.stop();
    transport.close();
    redis?.disconnect();
    bucketProbe?.close();
    await uploadLocker?.close();
  });
  return app;
}
