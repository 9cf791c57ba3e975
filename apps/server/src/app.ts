import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TDatabase, TDatabaseHandle } from '@spacecapture/db/client';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  answerLivenessFromAThread,
  createFastify,
  openFileStore,
  openMailTransport,
  openRateLimitRedis,
  registerPlatformPlugins,
} from './app/infrastructure.ts';
import { registerRoutes } from './app/routes.ts';
import { createQueueWorkers, createServiceWorkers, runWorkers, type TWorkerOptions } from './app/workers.ts';
import type { TConfig } from './config.ts';
import { createBackgroundTasks, type TBackgroundTasks } from './lib/background-tasks.ts';
import { createSecretUrls, type TSecretUrls } from './lib/secret-urls.ts';
import { passwordResetEmail, verificationEmail } from './modules/accounts/account-emails.ts';
import { createAuthLibrary } from './modules/auth/auth-library.ts';
import { loadInstanceSecret } from './modules/auth/instance-secret.ts';
import { LIBRARY_PASSWORD_HASHING, type TPasswordHashing } from './modules/auth/password-hashing.ts';
import type { TMailTransport } from './modules/outbox/mail-transport.ts';
import { enqueueEmails } from './modules/outbox/outbox-repository.ts';
import type { TFileStore } from './modules/storage/file-store.ts';
import { systemResolver } from './modules/webhooks/url-policy.ts';
import { createServices, type TServices } from './services.ts';
import type { TAutoApprovalWorker } from './workers/auto-approval-worker.ts';
import type { TMessageDigestWorker } from './workers/message-digest-worker.ts';
import type { TOfferExpiryWorker } from './workers/offer-expiry-worker.ts';
import type { TOutboxWorker } from './workers/outbox-worker.ts';
import type { TPointTreeWorker } from './workers/point-tree-worker.ts';
import type { TQualityCheckWorker } from './workers/quality-check-worker.ts';
import type { TRetentionWorker } from './workers/retention-worker.ts';
import type { TBatchWorker } from './workers/scheduling-workers.ts';
import type { TThumbnailWorker } from './workers/thumbnail-worker.ts';
import type { TWebhookWorker } from './workers/webhook-worker.ts';

export { APP_VERSION } from './app/infrastructure.ts';

export type TAppOptions = TWorkerOptions & {
  config: TConfig;
  database: TDatabaseHandle;
  /** The clock of every rule that depends on time; tests pass one they control. */
  clock?: () => Date;
  mailTransport?: TMailTransport;
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
    /** Admins told of payables past the promised 14 days (decision 213). */
    overduePayables: TBatchWorker;
    /** The daily Stripe payout run, while its setting is on (decision 243). */
    scheduledPayouts: TBatchWorker;
    /** Stripe transfers left pending, sent again after a grace period (decision 243). */
    pendingPayouts: TBatchWorker;
    /** Invoices' due dates: reminders before and after, and overdue (decision 209). */
    invoiceReminders: TBatchWorker;
    /** Monthly invoices for approved accounts (decision 242). */
    monthlyInvoices: TBatchWorker;
    messageDigests: TMessageDigestWorker;
    retention: TRetentionWorker;
    webhooks: TWebhookWorker;
    thumbnails: TThumbnailWorker;
    pointTrees: TPointTreeWorker;
    /** The quality check of delivered files (decision 236). */
    qualityChecks: TQualityCheckWorker;
    /** Work done after a response has gone out (awaited before the app closes). */
    backgroundTasks: TBackgroundTasks;
    services: TServices;
    /** The one rule for addresses that carry a secret (decision 179). */
    secretUrls: TSecretUrls;
  }
}

function defaultWebDistDir() {
  // Same relative place from src/app.ts and from the bundled dist/server.mjs.
  return path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
}

/**
 * The whole server as one Fastify instance; server.ts only starts and stops it. Infrastructure
 * first (app/infrastructure.ts), then the services and their workers (app/workers.ts), then the
 * plugins and routes (app/routes.ts).
 */
export async function buildApp(options: TAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const db = database.db;
  const clock = options.clock ?? (() => new Date());
  const app = createFastify(config, createSecretUrls(), options.logger);
  const files = await openFileStore(config);
  const transport = options.mailTransport ?? openMailTransport(config);
  const webhookPolicy = { allowLoopback: config.webhooksAllowLoopback, resolve: systemResolver };
  const queueWorkers = createQueueWorkers({ app, db, files, clock, transport, webhookPolicy, options });

  // Work that cannot start soon is refused (503) rather than left to wait past its client's timeout.
  await database.setQueueDeadline?.(config.databaseQueueDeadlineMs);
  // A lost connection fails its query (answered 503) and is replaced; the log says why.
  database.onConnectionError?.((error) => app.log.warn({ err: error }, 'database connection lost'));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('files', files);
  app.decorate('backgroundTasks', createBackgroundTasks(app.log.child({ module: 'background-tasks' })));

  const authSecret = await loadInstanceSecret(db, 'auth_secret', config.authSecret);
  const passwordHashing = options.passwordHashing ?? LIBRARY_PASSWORD_HASHING;
  const authLibrary = createAuthLibrary({
    db,
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
      verificationEmail: (to, url) => enqueueEmails(db, [verificationEmail(to, url)]),
      passwordResetEmail: (to, url) => enqueueEmails(db, [passwordResetEmail(to, url)]),
    },
  });
  const { services, close: closeServices } = await createServices({
    config,
    db,
    databaseConcurrency: database.maxConcurrency,
    clock,
    files,
    log: app.log,
    authSecret,
    passwordHashing,
    webhooks: { policy: webhookPolicy },
  });
  app.decorate('services', services);
  const serviceWorkers = createServiceWorkers({ app, config, db, files, clock, services, options });

  const redis = openRateLimitRedis(config, app);
  await registerPlatformPlugins(app, { config, database, services, authLibrary, redis });
  answerLivenessFromAThread(app, config);
  const routes = await registerRoutes(app, {
    config,
    database,
    authLibrary,
    redis,
    webDistDir: config.webDistDir ?? defaultWebDistDir(),
  });

  const {
    offerExpiry,
    autoApproval,
    cascades,
    captureReminders,
    invoiceReminders,
    monthlyInvoices,
    retention,
    abandonedUploads,
    messageDigests,
    overduePayables,
    scheduledPayouts,
    pendingPayouts,
  } = serviceWorkers;
  runWorkers(
    app,
    {
      outbox: queueWorkers.outbox,
      others: [
        offerExpiry,
        autoApproval,
        cascades,
        captureReminders,
        invoiceReminders,
        monthlyInvoices,
        retention,
        abandonedUploads,
        queueWorkers.webhooks,
        messageDigests,
        overduePayables,
        scheduledPayouts,
        pendingPayouts,
        queueWorkers.thumbnails,
        queueWorkers.pointTrees,
        queueWorkers.qualityChecks,
      ],
    },
    {
      start: options.startWorkers ?? true,
      // The gazetteer is read in slices in the background, so the first visitor typing a place
      // does not wait for the whole file.
      whenReady: () =>
        void services.places
          .warm()
          .catch((error: unknown) => app.log.warn({ err: error }, 'The gazetteer could not be read')),
      beforeOutboxStops: closeServices,
      afterOutboxStops: async () => {
        transport.close();
        redis?.disconnect();
        await routes.close();
      },
    },
  );
  return app;
}
