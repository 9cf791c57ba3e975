import { onCommitted } from '@spacecapture/db/after-commit';
import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config.ts';
import { OFFER_ANSWERED } from '../modules/assignments/assignments-service.ts';
import { ORDER_APPROVED } from '../modules/orders/order-moves.ts';
import type { TMailTransport } from '../modules/outbox/mail-transport.ts';
import { SETTINGS_SAVED } from '../modules/settings/settings-repository.ts';
import type { TFileStore } from '../modules/storage/file-store.ts';
import type { TUrlPolicy } from '../modules/webhooks/url-policy.ts';
import type { TServices } from '../services.ts';
import { createAbandonedUploadsWorker } from '../workers/abandoned-uploads-worker.ts';
import {
  createAutoApprovalWorker,
  DEFAULT_AUTO_APPROVAL_OPTIONS,
  type TAutoApprovalWorkerOptions,
} from '../workers/auto-approval-worker.ts';
import { createMessageDigestWorker, DEFAULT_MESSAGE_DIGEST_OPTIONS } from '../workers/message-digest-worker.ts';
import {
  createOfferExpiryWorker,
  DEFAULT_OFFER_EXPIRY_OPTIONS,
  type TOfferExpiryWorkerOptions,
} from '../workers/offer-expiry-worker.ts';
import { createOutboxWorker, DEFAULT_OUTBOX_OPTIONS, type TOutboxWorkerOptions } from '../workers/outbox-worker.ts';
import {
  createPointTreeWorker,
  DEFAULT_POINT_TREE_OPTIONS,
  type TPointTreeWorkerOptions,
} from '../workers/point-tree-worker.ts';
import {
  createQualityCheckWorker,
  DEFAULT_QUALITY_CHECK_OPTIONS,
  type TQualityCheckWorkerOptions,
} from '../workers/quality-check-worker.ts';
import {
  createRetentionWorker,
  DEFAULT_RETENTION_OPTIONS,
  type TRetentionWorkerOptions,
} from '../workers/retention-worker.ts';
import {
  createBatchWorker,
  DEFAULT_SCHEDULING_WORKER_OPTIONS,
  type TSchedulingWorkerOptions,
} from '../workers/scheduling-workers.ts';
import {
  createThumbnailWorker,
  DEFAULT_THUMBNAIL_OPTIONS,
  type TThumbnailWorkerOptions,
} from '../workers/thumbnail-worker.ts';
import { createWebhookWorker, DEFAULT_WEBHOOK_OPTIONS, type TWebhookWorkerOptions } from '../workers/webhook-worker.ts';

/** Each worker's options as a test may narrow them (intervals, batch sizes, limits). */
export type TWorkerOptions = {
  outbox?: Partial<TOutboxWorkerOptions>;
  offerExpiry?: Partial<TOfferExpiryWorkerOptions>;
  autoApproval?: Partial<TAutoApprovalWorkerOptions>;
  scheduling?: Partial<TSchedulingWorkerOptions>;
  retention?: Partial<TRetentionWorkerOptions>;
  webhooks?: Partial<TWebhookWorkerOptions>;
  thumbnails?: Partial<TThumbnailWorkerOptions>;
  overduePayables?: Partial<TSchedulingWorkerOptions>;
  scheduledPayouts?: Partial<TSchedulingWorkerOptions>;
  pendingPayouts?: Partial<TSchedulingWorkerOptions>;
  pointTrees?: Partial<TPointTreeWorkerOptions>;
  qualityChecks?: Partial<TQualityCheckWorkerOptions>;
};

/** Overdue payables are looked for once a day (and at start), a batch of 50 notices at a time. */
const DEFAULT_OVERDUE_PAYABLES_OPTIONS: TSchedulingWorkerOptions = { pollIntervalMs: 86_400_000, batchSize: 50 };

/** The scheduled Stripe payout run is looked for hourly (it runs once a UTC day, decision 243). */
const DEFAULT_SCHEDULED_PAYOUTS_OPTIONS: TSchedulingWorkerOptions = { pollIntervalMs: 3_600_000, batchSize: 50 };

/** Pending Stripe transfers past their grace period are sent again every five minutes (decision 243). */
const DEFAULT_PENDING_PAYOUTS_OPTIONS: TSchedulingWorkerOptions = { pollIntervalMs: 300_000, batchSize: 20 };

const DAY_MS = 86_400_000;

/** The workers that need no service: they read and write their own queues. */
export function createQueueWorkers(deps: {
  app: FastifyInstance;
  db: TDatabase;
  files: TFileStore;
  clock: () => Date;
  transport: TMailTransport;
  webhookPolicy: TUrlPolicy;
  options: TWorkerOptions;
}) {
  const { app, db, files, clock, options } = deps;
  const workers = {
    outbox: createOutboxWorker({
      db,
      transport: deps.transport,
      log: app.log.child({ worker: 'outbox' }),
      clock,
      options: { ...DEFAULT_OUTBOX_OPTIONS, ...options.outbox },
    }),
    webhooks: createWebhookWorker({
      db,
      log: app.log.child({ worker: 'webhooks' }),
      clock,
      policy: deps.webhookPolicy,
      options: { ...DEFAULT_WEBHOOK_OPTIONS, ...options.webhooks },
    }),
    thumbnails: createThumbnailWorker({
      db,
      files,
      clock,
      log: app.log.child({ worker: 'thumbnails' }),
      options: { ...DEFAULT_THUMBNAIL_OPTIONS, ...options.thumbnails },
    }),
    pointTrees: createPointTreeWorker({
      db,
      files,
      clock,
      log: app.log.child({ worker: 'point-trees' }),
      options: { ...DEFAULT_POINT_TREE_OPTIONS, ...options.pointTrees },
    }),
    qualityChecks: createQualityCheckWorker({
      db,
      files,
      clock,
      log: app.log.child({ worker: 'quality-checks' }),
      options: { ...DEFAULT_QUALITY_CHECK_OPTIONS, ...options.qualityChecks },
    }),
  };
  app.decorate('outbox', workers.outbox);
  app.decorate('webhooks', workers.webhooks);
  app.decorate('thumbnails', workers.thumbnails);
  app.decorate('pointTrees', workers.pointTrees);
  app.decorate('qualityChecks', workers.qualityChecks);
  return workers;
}

/**
 * The workers that run the services' timed rules, decorated on the app for the tests that drive
 * them by hand (offer expiry, auto-approval, cascades, reminders, retention, digests), and the
 * abandoned-uploads sweep.
 */
export function createServiceWorkers(deps: {
  app: FastifyInstance;
  config: TConfig;
  db: TDatabase;
  files: TFileStore;
  clock: () => Date;
  services: TServices;
  options: TWorkerOptions;
}) {
  const { app, config, db, files, clock, services, options } = deps;
  const schedulingOptions = { ...DEFAULT_SCHEDULING_WORKER_OPTIONS, ...options.scheduling };
  const retention = config.retention;
  const workers = {
    offerExpiry: createOfferExpiryWorker({
      expireDueOffers: services.assignments.expireDueOffers,
      log: app.log.child({ worker: 'offer-expiry' }),
      options: { ...DEFAULT_OFFER_EXPIRY_OPTIONS, ...options.offerExpiry },
    }),
    autoApproval: createAutoApprovalWorker({
      approveOverdueDeliveries: services.review.approveOverdueDeliveries,
      log: app.log.child({ worker: 'auto-approval' }),
      options: { ...DEFAULT_AUTO_APPROVAL_OPTIONS, ...options.autoApproval },
    }),
    cascades: createBatchWorker({
      name: 'auto-offer',
      runBatch: services.cascades.advance,
      log: app.log.child({ worker: 'cascades' }),
      options: schedulingOptions,
    }),
    captureReminders: createBatchWorker({
      name: 'capture reminders',
      runBatch: services.reminders.sendDueReminders,
      log: app.log.child({ worker: 'capture-reminders' }),
      options: schedulingOptions,
    }),
    invoiceReminders: createBatchWorker({
      name: 'invoice reminders',
      runBatch: services.invoices.sendDueReminders,
      log: app.log.child({ worker: 'invoice-reminders' }),
      options: schedulingOptions,
    }),
    // Monthly invoicing (decision 242), on the scheduling workers' loop: a pass finds nothing once
    // the month's invoices are out, so the first pass after a month ends issues them.
    monthlyInvoices: createBatchWorker({
      name: 'monthly invoices',
      runBatch: services.invoices.issueMonthlyInvoices,
      log: app.log.child({ worker: 'monthly-invoices' }),
      options: schedulingOptions,
    }),
    retention: createRetentionWorker({
      db,
      clock,
      log: app.log.child({ worker: 'retention' }),
      options: {
        ...DEFAULT_RETENTION_OPTIONS,
        intervalMs: retention.intervalMinutes * 60_000,
        idempotencyKeysMs: retention.idempotencyKeysDays * DAY_MS,
        sentEmailsMs: retention.sentEmailsDays * DAY_MS,
        expiredSessionsMs: retention.expiredSessionsDays * DAY_MS,
        readNotificationsMs: retention.readNotificationsDays * DAY_MS,
        webhookDeliveriesMs: retention.webhookDeliveriesDays * DAY_MS,
        apiKeyUsesMs: retention.apiKeyUsesDays * DAY_MS,
        ...options.retention,
      },
    }),
    // The 14-day promise (decision 213): once a day, admins hear of each payable that passed it.
    overduePayables: createBatchWorker({
      name: 'overdue payables',
      runBatch: services.payouts.announceOverduePayables,
      log: app.log.child({ worker: 'overdue-payables' }),
      options: { ...DEFAULT_OVERDUE_PAYABLES_OPTIONS, ...options.overduePayables },
    }),
    // Stripe payouts by themselves (decision 243): the daily run while its setting is on, and the
    // resume of transfers left pending.
    scheduledPayouts: createBatchWorker({
      name: 'scheduled payouts',
      runBatch: services.payouts.payScheduled,
      log: app.log.child({ worker: 'scheduled-payouts' }),
      options: { ...DEFAULT_SCHEDULED_PAYOUTS_OPTIONS, ...options.scheduledPayouts },
    }),
    pendingPayouts: createBatchWorker({
      name: 'pending payouts',
      runBatch: services.payouts.resumePendingPayouts,
      log: app.log.child({ worker: 'pending-payouts' }),
      options: { ...DEFAULT_PENDING_PAYOUTS_OPTIONS, ...options.pendingPayouts },
    }),
    messageDigests: createMessageDigestWorker({
      sendDigests: services.conversations.sendDigests,
      log: app.log.child({ worker: 'message-digests' }),
      options: DEFAULT_MESSAGE_DIGEST_OPTIONS,
    }),
  };
  // An auto-offer step follows the commit that makes it due (heard only while the worker runs): a
  // quote accepted or an offer fallen through (the order approved), an offer answered, or the
  // setting turned on. The poll stays for what no commit announces, such as a deadline passing.
  for (const signal of [ORDER_APPROVED, OFFER_ANSWERED, SETTINGS_SAVED]) {
    onCommitted(db, signal, workers.cascades.soon);
  }
  app.decorate('offerExpiry', workers.offerExpiry);
  app.decorate('autoApproval', workers.autoApproval);
  app.decorate('cascades', workers.cascades);
  app.decorate('captureReminders', workers.captureReminders);
  app.decorate('invoiceReminders', workers.invoiceReminders);
  app.decorate('monthlyInvoices', workers.monthlyInvoices);
  app.decorate('retention', workers.retention);
  app.decorate('messageDigests', workers.messageDigests);
  app.decorate('overduePayables', workers.overduePayables);
  app.decorate('scheduledPayouts', workers.scheduledPayouts);
  app.decorate('pendingPayouts', workers.pendingPayouts);
  const abandonedUploads = createAbandonedUploadsWorker({
    db,
    files,
    clock,
    log: app.log.child({ worker: 'abandoned-uploads' }),
  });
  return { ...workers, abandonedUploads };
}

type TStartable = { start(): void; stop(): Promise<unknown> };

/**
 * Starts every worker once the app is ready (unless `start` is false: tests drive them by hand)
 * and stops them when it closes: background tasks, the others in order, then `beforeOutboxStops`
 * (the services, which may still queue e-mail), the outbox last, then `afterOutboxStops`.
 */
export function runWorkers(
  app: FastifyInstance,
  workers: { outbox: TStartable; others: readonly TStartable[] },
  options: {
    start: boolean;
    whenReady?: () => void;
    beforeOutboxStops: () => Promise<void>;
    afterOutboxStops: () => Promise<void>;
  },
) {
  app.addHook('onReady', async () => {
    if (!options.start) return;
    workers.outbox.start();
    for (const worker of workers.others) worker.start();
    options.whenReady?.();
  });
  app.addHook('onClose', async () => {
    await app.backgroundTasks.idle();
    for (const worker of workers.others) await worker.stop();
    await options.beforeOutboxStops();
    await workers.outbox.stop();
    await options.afterOutboxStops();
  });
}
