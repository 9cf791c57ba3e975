import { createWriteSets, type TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from './config.ts';
import { createAdminConsoleService } from './modules/admin-console/admin-console-service.ts';
import { createOrderActionsService } from './modules/admin-console/order-actions-service.ts';
import { createAnnotationsService } from './modules/annotations/annotations-service.ts';
import { createApiKeysService } from './modules/api-keys/api-keys-service.ts';
import { createApplicationsService } from './modules/applications/applications-service.ts';
import { createAssignmentsService } from './modules/assignments/assignments-service.ts';
import { createAuditLogService } from './modules/audit/audit-log-service.ts';
import { loadInstanceSecret } from './modules/auth/instance-secret.ts';
import type { TPasswordHashing } from './modules/auth/password-hashing.ts';
import { createSignUpService } from './modules/auth/sign-up-service.ts';
import { createCalendarService } from './modules/calendar/calendar-service.ts';
import { createCascadeService } from './modules/cascade/cascade-service.ts';
import { createConversationsService } from './modules/conversations/conversations-service.ts';
import { noticeOfMessage } from './modules/conversations/message-notices.ts';
import { createCustomerService } from './modules/customer/customer-service.ts';
import { createDeliverablesArchives } from './modules/deliverables/deliverables-archive.ts';
import { createDispatchService } from './modules/dispatch/dispatch-service.ts';
import { createInvitationsService } from './modules/invitations/invitations-service.ts';
import { createBillingSettingsService } from './modules/invoices/billing-settings-service.ts';
import { createInvoicesService } from './modules/invoices/invoices-service.ts';
import { createLeadsService } from './modules/leads/leads-service.ts';
import { createNotificationsService } from './modules/notifications/notifications-service.ts';
import { createOrderRequestsService } from './modules/orders/order-requests-service.ts';
import { createBrandingService } from './modules/organizations/branding-service.ts';
import { createTeamService } from './modules/organizations/team-service.ts';
import { createOutboxViewService } from './modules/outbox/outbox-view-service.ts';
import { createCardAdapter } from './modules/payments/card.ts';
import { createConnectService } from './modules/payouts/connect-service.ts';
import { payoutMethodAdapters } from './modules/payouts/payout-methods.ts';
import { createPayoutsService } from './modules/payouts/payouts-service.ts';
import { createShareReversals } from './modules/payouts/share-reversals.ts';
import { createStripeConnect } from './modules/payouts/stripe-connect.ts';
import { createPlacesService } from './modules/places/places-service.ts';
import { createPointTreeLinks, createPointTreesService } from './modules/point-trees/point-tree-links.ts';
import { createProviderService } from './modules/provider/provider-service.ts';
import { createProvidersService } from './modules/providers/providers-service.ts';
import { createPublicFormsService } from './modules/public-forms/public-forms-service.ts';
import { createQualityChecksService } from './modules/quality-checks/quality-checks-service.ts';
import { createQuotesService } from './modules/quotes/quotes-service.ts';
import { createRatingsService } from './modules/ratings/ratings-service.ts';
import { createReportingService } from './modules/reporting/reporting-service.ts';
import { createReviewService } from './modules/review/review-service.ts';
import { createRemindersService } from './modules/scheduling/reminders-service.ts';
import { createSchedulingService } from './modules/scheduling/scheduling-service.ts';
import { createSettingsService } from './modules/settings/settings-service.ts';
import { createTourHosts } from './modules/settings/tour-hosts.ts';
import { createShareLinksService } from './modules/share-links/share-links-service.ts';
import { createLinkSigner } from './modules/storage/download-links.ts';
import type { TFileStore } from './modules/storage/file-store.ts';
import { createSupportRequestsService } from './modules/support-requests/support-requests-service.ts';
import { createThumbnailLinks } from './modules/thumbnails/thumbnail-links.ts';
import { createThumbnailsService } from './modules/thumbnails/thumbnails-service.ts';
import { trackChecksums } from './modules/uploads/streaming-checksum.ts';
import { createUploadsService } from './modules/uploads/uploads-service.ts';
import type { TUrlPolicy } from './modules/webhooks/url-policy.ts';
import { createWebhooksService } from './modules/webhooks/webhooks-service.ts';

/**
 * Public form submissions written together at most. Each commit answers its whole group at once,
 * a burst on the server's thread that health probes wait behind: at 100 connections on PGlite,
 * groups of 8 kept liveness p99 near 40 ms where groups of 32 let it reach 90-100 ms, at the
 * same throughput (decision 166).
 */
const PUBLIC_FORM_SETS_PER_STATEMENT = 8;

/**
 * Every domain service, built once here from what app.ts made (database, clock, file store,
 * configuration) and decorated as `app.services`. Routes and workers take a service from there and
 * never build one, so a service has one set of dependencies and services that use each other
 * (quotes in the customer portal, assignments in the provider portal) share one instance.
 */
export async function createServices(deps: {
  config: TConfig;
  db: TDatabase;
  /** Statements the database runs at once (PGlite: one); sizes the public forms' group commit. */
  databaseConcurrency: number;
  clock: () => Date;
  files: TFileStore;
  log: FastifyBaseLogger;
  authSecret: string;
  passwordHashing: TPasswordHashing;
  webhooks: { policy: TUrlPolicy };
}) {
  const { config, db, clock, files } = deps;
  const invitations = createInvitationsService({
    db,
    publicUrl: config.publicUrl,
    linkSecret: deps.authSecret,
    clock,
  });
  const workflowDeps = {
    db,
    clock,
    companyEmail: config.companyEmail,
    publicUrl: config.publicUrl,
    maxScheduleWindowMs: config.scheduleWindowMaxHours * 3_600_000,
  };
  // Stripe Connect for providers (decisions 227, 228): none without Stripe's keys.
  const stripeConnect = createStripeConnect(config.stripe);
  // A refund may reverse the provider's share, owed or paid by Stripe transfer (decisions 215, 243).
  const shareReversals = createShareReversals({ db, clock, connect: stripeConnect });
  const invoices = createInvoicesService({
    ...workflowDeps,
    card: createCardAdapter(config.stripe),
    providerShares: shareReversals,
  });
  const quotes = createQuotesService({ ...workflowDeps, invoices });
  const assignments = createAssignmentsService(workflowDeps);
  const dispatch = createDispatchService({ db, clock });
  // The provider records the provider portal changes, and the admins' certification verdicts.
  const providers = createProvidersService({ db, clock });

  // One signer for every download link of a deliverable: the portal's and a share link's.
  const fileLinks = createLinkSigner(await loadInstanceSecret(db, 'files_signing'));
  const thumbnails = createThumbnailLinks(createLinkSigner(await loadInstanceSecret(db, 'thumbnail_signing')));
  const pointTreeLinks = createPointTreeLinks(createLinkSigner(await loadInstanceSecret(db, 'point_tree_signing')));

  // Hashes uploads as their bytes reach the store (decision 042): it wraps the tus data store's
  // write, so it is set up once, before any route uses the store.
  const checksums = trackChecksums(files.uploads);
  // The hosts tour links may point at (decision 233): uploads checks against them, the headers
  // widen frame-src by the embeddable ones.
  const tourHosts = createTourHosts({ db, clock });
  await tourHosts.refresh();
  const uploads = createUploadsService({
    db,
    tourHosts,
    files,
    checksums,
    clock,
    publicUrl: config.publicUrl,
    reservedBytesPerOrg: config.uploadReservedBytesPerOrg,
    thumbnails,
    log: deps.log.child({ module: 'uploads' }),
    pointTrees: pointTreeLinks,
    invoices,
  });
  // The store removes an upload when tus terminates it (DELETE) or the sweep gives it up: its share
  // of the reserved space goes with it before tus answers, so the next creation sees it free.
  const removeUpload = files.uploads.remove.bind(files.uploads);
  files.uploads.remove = async (key) => {
    await removeUpload(key);
    await uploads.releaseReservation(key);
  };

  // "Download all" (decision 221): the customer's and a share link's zip of an order's files.
  const archives = createDeliverablesArchives({ db, files });
  const shareLinks = createShareLinksService({
    db,
    tourHosts,
    clock,
    publicUrl: config.publicUrl,
    signer: fileLinks,
    thumbnails,
    pointTrees: pointTreeLinks,
    archives,
    maxLiveLinksPerOrder: config.shareLinksPerOrder,
  });

  const places = createPlacesService();
  const supportRequests = createSupportRequestsService({
    db,
    clock,
    companyEmail: config.companyEmail,
    publicUrl: config.publicUrl,
  });
  const services = {
    publicForms: createPublicFormsService({
      db,
      writeSets: createWriteSets(db, {
        // PGlite runs one statement at a time: one in flight, the rest gather behind it. On
        // PostgreSQL a few run side by side and the rest of the pool stays free for other work.
        maxInFlight: Math.max(1, Math.floor(deps.databaseConcurrency / 4)),
        maxSetsPerStatement: PUBLIC_FORM_SETS_PER_STATEMENT,
      }),
      clock,
      files,
      places,
      companyEmail: config.companyEmail,
      log: deps.log.child({ module: 'public-forms' }),
    }),
    signUp: createSignUpService({ db, clock, passwordHashing: deps.passwordHashing }),
    invitations,
    leads: createLeadsService({ db, clock, invitations }),
    applications: createApplicationsService({ db, clock, files, invitations }),
    quotes,
    invoices,
    billingSettings: createBillingSettingsService({ db, clock }),
    assignments,
    supportRequests,
    customer: createCustomerService({
      db,
      clock,
      files,
      quotes,
      ratings: createRatingsService({ db }),
      supportRequests,
      signer: fileLinks,
      thumbnails,
      pointTrees: pointTreeLinks,
      archives,
      invoices,
      tourHosts,
    }),
    orderRequests: createOrderRequestsService({ ...workflowDeps, places }),
    team: createTeamService({ db, invitations }),
    branding: createBrandingService({ db, clock, files }),
    provider: createProviderService({
      db,
      assignments,
      providers,
      labelKey: await loadInstanceSecret(db, 'customer_labels'),
      clock,
    }),
    providers,
    uploads,
    adminConsole: createAdminConsoleService({ db, clock, thumbnails, pointTrees: pointTreeLinks }),
    orderActions: createOrderActionsService({ db, clock }),
    review: createReviewService({ db, clock, publicUrl: config.publicUrl }),
    auditLog: createAuditLogService({ db }),
    settings: createSettingsService({ db }),
    tourHosts,
    reporting: createReportingService({ db, clock }),
    payouts: createPayoutsService({
      db,
      clock,
      publicUrl: config.publicUrl,
      methods: payoutMethodAdapters(stripeConnect),
    }),
    connect: createConnectService({
      db,
      clock,
      publicUrl: config.publicUrl,
      connect: stripeConnect,
      onTransfer: shareReversals.fromStripeTransfer,
    }),
    outboxView: createOutboxViewService({ db }),
    dispatch,
    scheduling: createSchedulingService(workflowDeps),
    cascades: createCascadeService({
      db,
      clock,
      companyEmail: config.companyEmail,
      assignments,
      dispatch,
      log: deps.log.child({ module: 'cascades' }),
    }),
    calendar: createCalendarService({ db, clock, publicUrl: config.publicUrl }),
    reminders: createRemindersService({ db, clock }),
    places,
    webhooks: createWebhooksService({ db, clock, ...deps.webhooks }),
    conversations: createConversationsService({
      db,
      clock,
      files,
      publicUrl: config.publicUrl,
      signer: createLinkSigner(await loadInstanceSecret(db, 'message_files_signing')),
    }),
    apiKeys: createApiKeysService({ db, clock, maxLiveKeys: config.apiKeysPerOrg }),
    notifications: createNotificationsService({ db, clock }),
    shareLinks,
    // A share page's thumbnail and tree links end with its share: thumbnails and point-trees ask
    // share-links, which they may not import.
    thumbnails: createThumbnailsService({ db, links: thumbnails, sharesFile: shareLinks.sharesFile }),
    pointTrees: createPointTreesService({ db, links: pointTreeLinks, sharesFile: shareLinks.sharesFile }),
    qualityChecks: createQualityChecksService({ db, clock }),
    annotations: createAnnotationsService({ db, clock }),
  };
  // close() is called by app.ts when the app closes (the checksums keep nothing to stop today).
  // A new message is also an in-app notice (issue 15): conversations tell, notifications write.
  services.conversations.onMessagePosted(noticeOfMessage);
  return { services, close: () => checksums.close() };
}

export type TServices = Awaited<ReturnType<typeof createServices>>['services'];
