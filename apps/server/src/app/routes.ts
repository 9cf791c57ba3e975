import type { TDatabaseHandle } from '@spacecapture/db/client';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config.ts';
import { findProfile, findUserIdByEmail } from '../modules/accounts/accounts-repository.ts';
import type { TAuthLibrary } from '../modules/auth/auth-library.ts';
import { createPasswordResetRequests } from '../modules/auth/password-reset-requests.ts';
import { createSignInGuard } from '../modules/auth/sign-in-guard.ts';
import { createBucketProbe } from '../modules/storage/s3-file-store.ts';
import { createPostgresUploadLocker } from '../modules/uploads/postgres-upload-locker.ts';
import webApp from '../plugins/web-app.ts';
import adminApiKeyRoutes from '../routes/admin/api-keys.ts';
import adminAuditRoutes from '../routes/admin/audit.ts';
import adminConsoleRoutes from '../routes/admin/console.ts';
import adminConversationRoutes from '../routes/admin/conversations.ts';
import adminDispatchRoutes from '../routes/admin/dispatch.ts';
import adminInvitationRoutes from '../routes/admin/invitations.ts';
import adminInvoicesRoutes from '../routes/admin/invoices.ts';
import adminOutboxRoutes from '../routes/admin/outbox.ts';
import adminPayoutRoutes from '../routes/admin/payouts.ts';
import adminReportingRoutes from '../routes/admin/reporting.ts';
import adminSchedulingRoutes from '../routes/admin/scheduling.ts';
import adminSettingsRoutes from '../routes/admin/settings.ts';
import adminSupportRequestRoutes from '../routes/admin/support-requests.ts';
import adminWebhookRoutes from '../routes/admin/webhooks.ts';
import adminWorkflowRoutes from '../routes/admin/workflow.ts';
import annotationRoutes from '../routes/annotations.ts';
import authRoutes, { meRoutes } from '../routes/auth/auth-routes.ts';
import calendarRoutes from '../routes/calendar.ts';
import customerApiKeyRoutes from '../routes/customer/api-keys.ts';
import customerBrandingRoutes from '../routes/customer/branding.ts';
import customerConversationRoutes from '../routes/customer/conversations.ts';
import customerInvoicesRoutes from '../routes/customer/invoices.ts';
import customerOrderRequestRoutes from '../routes/customer/order-requests.ts';
import customerPortalRoutes from '../routes/customer/portal.ts';
import customerSchedulingRoutes from '../routes/customer/scheduling.ts';
import customerShareLinkRoutes from '../routes/customer/share-links.ts';
import customerWebhookRoutes from '../routes/customer/webhooks.ts';
import healthRoutes from '../routes/health.ts';
import notificationRoutes from '../routes/notifications/notifications.ts';
import teamRoutes from '../routes/org/team.ts';
import providerAvailabilityRoutes from '../routes/provider/availability.ts';
import providerConversationRoutes from '../routes/provider/conversations.ts';
import providerEarningsRoutes from '../routes/provider/earnings.ts';
import providerPortalRoutes from '../routes/provider/portal.ts';
import providerSchedulingRoutes from '../routes/provider/scheduling.ts';
import providerUploadRoutes from '../routes/provider/uploads.ts';
import formPostRoutes from '../routes/public/form-posts.ts';
import messageFileRoutes from '../routes/public/message-files.ts';
import placesRoutes from '../routes/public/places.ts';
import pointTreeRoutes from '../routes/public/point-trees.ts';
import publicFormRoutes from '../routes/public/public-forms.ts';
import publicShareRoutes from '../routes/public/shares.ts';
import stripeWebhookRoutes from '../routes/public/stripe-webhook.ts';
import thumbnailRoutes from '../routes/public/thumbnails.ts';
import reviewRoutes from '../routes/review.ts';
import type { openRateLimitRedis } from './infrastructure.ts';

/**
 * Every route area under /api, and the web app last (it answers what no route does). Returns what
 * must be closed with the app: the bucket probe and the PostgreSQL upload locker.
 */
export async function registerRoutes(
  app: FastifyInstance,
  deps: {
    config: TConfig;
    database: TDatabaseHandle;
    authLibrary: TAuthLibrary;
    redis: ReturnType<typeof openRateLimitRedis>;
    webDistDir: string;
  },
) {
  const { config, database, authLibrary, redis, webDistDir } = deps;
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
    webDistDir: webDistDir,
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
  await app.register(stripeWebhookRoutes, { prefix: '/api' });
  await app.register(adminInvitationRoutes, { prefix: '/api/admin' });
  await app.register(adminConsoleRoutes, { prefix: '/api/admin' });
  await app.register(adminSupportRequestRoutes, { prefix: '/api/admin' });
  await app.register(adminAuditRoutes, { prefix: '/api/admin' });
  await app.register(adminSettingsRoutes, { prefix: '/api/admin' });
  await app.register(adminInvoicesRoutes, { prefix: '/api/admin' });
  await app.register(adminReportingRoutes, { prefix: '/api/admin' });
  await app.register(adminPayoutRoutes, { prefix: '/api/admin' });
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
  await app.register(customerInvoicesRoutes, { prefix: '/api' });
  await app.register(customerOrderRequestRoutes, { prefix: '/api' });
  await app.register(customerApiKeyRoutes, { prefix: '/api' });
  await app.register(providerPortalRoutes, { prefix: '/api' });
  await app.register(providerEarningsRoutes, { prefix: '/api' });
  await app.register(providerAvailabilityRoutes, { prefix: '/api' });
  await app.register(providerSchedulingRoutes, { prefix: '/api' });
  await app.register(customerSchedulingRoutes, { prefix: '/api' });
  await app.register(calendarRoutes, { prefix: '/api' });
  await app.register(customerWebhookRoutes, { prefix: '/api', testSendsPerMinute: config.webhookTestRateLimit });
  await app.register(customerShareLinkRoutes, { prefix: '/api' });
  await app.register(customerBrandingRoutes, { prefix: '/api' });
  await app.register(publicShareRoutes, { prefix: '/api/public', rateLimitPerMinute: config.shareRateLimit });
  await app.register(thumbnailRoutes, { prefix: '/api' });
  await app.register(pointTreeRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api' });
  await app.register(annotationRoutes, { prefix: '/api' });
  // Instances sharing a PostgreSQL server share upload locks; PGlite is one process (memory locker).
  const uploadLocker =
    database.kind === 'postgres' && config.databaseUrl
      ? createPostgresUploadLocker(config.databaseUrl, { log: app.log.child({ module: 'upload-locker' }) })
      : undefined;
  await app.register(providerUploadRoutes, {
    prefix: '/api',
    ...(uploadLocker ? { locker: uploadLocker } : {}),
  });
  await app.register(webApp, { distDir: webDistDir });

  return {
    async close() {
      bucketProbe?.close();
      await uploadLocker?.close();
    },
  };
}
