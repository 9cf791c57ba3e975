import type { TDatabase } from '@spacecapture/db/client';
import type { TSupportReplyRequest } from '@spacecapture/shared/contracts/admin-console/support-requests';
import type {
  TCustomerDeliverable,
  TCustomerOrder,
  TCustomerOrderDetail,
  TCustomerOrderList,
  TCustomerQuote,
  TCustomerQuoteList,
  TDeliverablesByOrder,
  TDownloadLink,
  TListCustomerOrdersQuery,
  TPaymentLock,
  TRatingRequest,
  TSupportRequest,
  TUpdateOrganizationRequest,
} from '@spacecapture/shared/contracts/customer-portal';
import { DOWNLOAD_LINK_TTL_SECONDS } from '@spacecapture/shared/contracts/customer-portal';
import { INVOICE_MESSAGES, type TInvoiceView, type TMonthlyBilling } from '@spacecapture/shared/contracts/invoices';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import type { TCustomerProperty } from '@spacecapture/shared/contracts/properties';
import type { TTourView } from '@spacecapture/shared/contracts/tour-links';
import { AppError } from '@spacecapture/shared/errors';
import {
  customerDisplayStatus,
  ORDER_STATUSES_OF_DISPLAY,
  type TOrderStatus,
} from '@spacecapture/shared/state-machines';
import type { TUnitSystem } from '@spacecapture/shared/units';
import type { TActor } from '../../lib/actor.ts';
import { iso } from '../../lib/iso.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { lockOrganization, renameOrganization, updateOrganizationSettings } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TDeliverablesArchives } from '../deliverables/deliverables-archive.ts';
import {
  deliverablesOfOrders,
  findDeliverable,
  type TDeliverableRow,
} from '../deliverables/deliverables-repository.ts';
import { downloadLockOf, type TInvoicesService } from '../invoices/invoices-service.ts';
import { findOrgProperty, propertyIdOf } from '../orders/orders-at-property.ts';
import { findOrgOrder, type TOrderRow } from '../orders/orders-repository.ts';
import type { TPointTreeLinks } from '../point-trees/point-tree-links.ts';
import type { TQuoteRow } from '../quotes/quotes-repository.ts';
import type { TQuotesService } from '../quotes/quotes-service.ts';
import { effectiveQuoteStatus } from '../quotes/quotes-view.ts';
import { findRatingOf } from '../ratings/ratings-repository.ts';
import type { TRatingsService } from '../ratings/ratings-service.ts';
import { toRatingView } from '../ratings/ratings-view.ts';
import type { TTourHostsService } from '../settings/tour-hosts.ts';
import { tourViewOf } from '../settings/tour-hosts.ts';
import type { TLinkSigner } from '../storage/download-links.ts';
import type { TFileStore } from '../storage/file-store.ts';
import type { TSupportRequestsService } from '../support-requests/support-requests-service.ts';
import type { TThumbnailLinks } from '../thumbnails/thumbnail-links.ts';
import {
  findOrgDeliverable,
  findOrgQuote,
  findProviderDeliverable,
  jobEventsOfOrders,
  listOrgDeliverables,
  listOrgOrders,
  listOrgQuotes,
  windowsToPickOf,
} from './customer-repository.ts';
import { orderProgress } from './order-progress.ts';

/** The organisation a customer acts for; a customer without one sees nothing. */
function orgOf(actor: TActor) {
  if (!actor.orgId) throw new AppError('not_found', 'Organisation not found.');
  return actor.orgId;
}

function toDeliverableView(
  row: TDeliverableRow,
  thumbnailUrl: string | null,
  pointTree: TPointTree,
  tour: TTourView | null,
): TCustomerDeliverable {
  return {
    id: row.id,
    orderId: row.orderId,
    type: row.type,
    fileName: row.fileName,
    size: Number(row.size),
    deliveredAt: row.deliveredAt.toISOString(),
    thumbnailUrl,
    version: row.version,
    superseded: row.supersededAt !== null,
    pointTree,
    tour,
  };
}

function storageKeyOf(row: TDeliverableRow) {
  return row.fileLinks.paths[0] ?? null;
}

/**
 * The customer portal (spec 001 §2, §3, §7): the organisation's orders with progress, its quotes
 * and their answers, deliverables behind signed links, the organisation's name; support requests
 * and ratings through their modules. Every read is scoped to the caller's organisation in the
 * repository.
 */
export function createCustomerService(deps: {
  db: TDatabase;
  clock: () => Date;
  files: TFileStore;
  quotes: TQuotesService;
  ratings: TRatingsService;
  supportRequests: TSupportRequestsService;
  signer: TLinkSigner;
  thumbnails: TThumbnailLinks;
  pointTrees: TPointTreeLinks;
  archives: TDeliverablesArchives;
  invoices: Pick<TInvoicesService, 'ofQuote' | 'monthlyBilling'>;
  tourHosts: Pick<TTourHostsService, 'current'>;
}) {
  const { db, clock, signer } = deps;

  function deliverableViewOf(file: TDeliverableRow, now: Date) {
    return toDeliverableView(
      file,
      deps.thumbnails.urlOf(file, now),
      deps.pointTrees.viewOf(file, now),
      tourViewOf(file.tourUrl, deps.tourHosts.current()),
    );
  }

  /** A link valid 300 seconds to the file of a row the caller may see (404 when none). */
  function linkTo(row: TDeliverableRow | undefined, urlPrefix: string): TDownloadLink {
    const key = row ? storageKeyOf(row) : null;
    if (!row || !key) throw new AppError('not_found', 'File not found.');
    const expiresAt = Math.floor(clock().getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
    return {
      url: `${urlPrefix}/${signer.sign(row.id, key, expiresAt)}`,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /** Pay before download (decision 211): what the page says while the order's downloads wait. */
  async function paymentLockOf(orderId: string, orgId: string): Promise<TPaymentLock | null> {
    const lock = await downloadLockOf(db, orderId, orgId);
    return lock
      ? {
          invoiceId: lock.id,
          // An order's own invoice always names its quote; a monthly invoice never locks (decision 242).
          quoteId: lock.quoteId!,
          number: lock.number,
          message: INVOICE_MESSAGES.paymentLocked(lock.number),
        }
      : null;
  }

  async function orderViews(rows: TOrderRow[]): Promise<TCustomerOrder[]> {
    const ids = rows.map((row) => row.id);
    const [events, windowsToPick] = await Promise.all([jobEventsOfOrders(db, ids), windowsToPickOf(db, ids)]);
    const now = clock();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      location: row.location,
      captureType: row.captureType,
      status: row.status as TOrderStatus,
      displayStatus: customerDisplayStatus(row.status as TOrderStatus),
      progress: orderProgress(
        row,
        events.filter((event) => event.orderId === row.id),
        now,
      ),
      currency: row.currency,
      area: row.requestDetails?.estimate
        ? {
            squareMeters: row.requestDetails.estimate.squareMeters,
            squareFeet: row.requestDetails.estimate.squareFeet ?? null,
          }
        : null,
      scheduledStart: iso(row.scheduledStart),
      scheduledEnd: iso(row.scheduledEnd),
      timeZone: row.place?.timeZone ?? null,
      windowsToPick: windowsToPick.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Where the accepted quotes of these rows are billed monthly (decision 242), by quote. */
  function monthlyOf(rows: readonly { quote: TQuoteRow; order: TOrderRow }[]) {
    const accepted = rows.filter((row) => row.quote.status === 'accepted');
    return deps.invoices.monthlyBilling(
      accepted.map((row) => row.order.id),
      accepted[0]?.order.customerOrgId ?? '',
    );
  }

  function quoteView(
    quote: TQuoteRow,
    order: TOrderRow,
    now: Date,
    monthly: ReadonlyMap<string, TMonthlyBilling> = new Map(),
  ): TCustomerQuote {
    const status = effectiveQuoteStatus(quote, now);
    return {
      monthlyInvoice: monthly.get(quote.id) ?? null,
      id: quote.id,
      order: { id: order.id, title: order.title, status: order.status as TOrderStatus },
      priceBreakdown: quote.priceBreakdown,
      total: Number(quote.total),
      currency: quote.currency,
      sla: quote.sla,
      validityUntil: iso(quote.validityUntil),
      status,
      canRespond: status === 'sent',
      sentAt: iso(quote.sentAt),
      respondedAt: iso(quote.respondedAt),
    };
  }

  async function quoteById(orgId: string, id: string) {
    const found = await findOrgQuote(db, orgId, id);
    if (!found) throw new AppError('not_found', 'Quote not found.');
    return found;
  }

  return {
    async listOrders(actor: TActor, query: TListCustomerOrdersQuery): Promise<TCustomerOrderList> {
      const rows = await listOrgOrders(db, {
        orgId: orgOf(actor),
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        q: query.q || undefined,
        ...(query.status ? { statuses: [...ORDER_STATUSES_OF_DISPLAY[query.status]] } : {}),
        awaitingWindowPick: query.awaiting === 'window',
      });
      const page = toPage(
        rows,
        query.limit,
        (row) => row.order.id,
        (row) => row.order,
      );
      return { items: await orderViews(page.items), nextCursor: page.nextCursor };
    },

    async orderDetail(actor: TActor, id: string): Promise<TCustomerOrderDetail> {
      const orgId = orgOf(actor);
      const order = await findOrgOrder(db, orgId, id);
      if (!order) throw new AppError('not_found', 'Order not found.');
      const [[view], quotes, files, rating] = await Promise.all([
        orderViews([order]),
        listOrgQuotes(db, { orgId, orderId: id, limit: 100 }),
        deliverablesOfOrders(db, [id]),
        findRatingOf(db, id),
      ]);
      const now = clock();
      const monthly = await monthlyOf(quotes);
      return {
        ...(view as TCustomerOrder),
        quotes: quotes.map((row) => quoteView(row.quote, row.order, now, monthly)),
        deliverables: files.map((file) => deliverableViewOf(file, now)),
        rating: rating ? toRatingView(rating) : null,
        paymentLock: await paymentLockOf(id, orgId),
        propertyId: propertyIdOf(order),
      };
    },

    /**
     * A property (decisions 234, 237): the site address and the current files and tour links of
     * every order of the organisation at that address, newest order first, each with its payment
     * lock. 404 when the organisation has no order there, so another organisation's is not found.
     */
    async property(actor: TActor, propertyId: string): Promise<TCustomerProperty> {
      const orgId = orgOf(actor);
      const property = await findOrgProperty(db, orgId, propertyId);
      if (!property) throw new AppError('not_found', 'Property not found.');
      const files = await deliverablesOfOrders(
        db,
        property.orders.map((order) => order.id),
      );
      const now = clock();
      const orders = [];
      for (const order of property.orders) {
        orders.push({
          id: order.id,
          title: order.title,
          status: order.status as TOrderStatus,
          displayStatus: customerDisplayStatus(order.status as TOrderStatus),
          createdAt: order.createdAt.toISOString(),
          deliverables: files
            .filter((file) => file.orderId === order.id && file.supersededAt === null)
            .map((file) => deliverableViewOf(file, now)),
          paymentLock: await paymentLockOf(order.id, orgId),
        });
      }
      return { propertyId: property.propertyId, label: property.label, placeLabel: property.placeLabel, orders };
    },

    async listQuotes(
      actor: TActor,
      query: { limit: number; cursor?: string | undefined; status?: string | undefined },
    ): Promise<TCustomerQuoteList> {
      const now = clock();
      const rows = await listOrgQuotes(db, {
        orgId: orgOf(actor),
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        ...(query.status ? { status: { is: query.status, now } } : {}),
      });
      const monthly = await monthlyOf(rows);
      return toPage(
        rows,
        query.limit,
        (row) => row.quote.id,
        (row) => quoteView(row.quote, row.order, now, monthly),
      );
    },

    /** Accept or decline through the quotes service (409 unless sent and within its validity). */
    async answerQuote(actor: TActor, id: string, answer: 'accept' | 'decline'): Promise<TCustomerQuote> {
      const orgId = orgOf(actor);
      await quoteById(orgId, id);
      await deps.quotes[answer](id, actor, { customerOrgId: orgId });
      const after = await quoteById(orgId, id);
      return quoteView(after.quote, after.order, clock(), await monthlyOf([after]));
    },

    /** The invoice of one of the organisation's quotes (decision 209): 409 until one is issued. */
    async invoice(actor: TActor, id: string): Promise<TInvoiceView> {
      const orgId = orgOf(actor);
      await quoteById(orgId, id);
      return deps.invoices.ofQuote(id, { customerOrgId: orgId });
    },

    async deliverables(actor: TActor): Promise<TDeliverablesByOrder> {
      const orgId = orgOf(actor);
      const rows = await listOrgDeliverables(db, orgId);
      const now = clock();
      const byOrder = new Map<string, TDeliverablesByOrder['items'][number]>();
      for (const { order, deliverable } of rows) {
        let entry = byOrder.get(order.id);
        if (!entry) {
          entry = {
            order: {
              id: order.id,
              title: order.title,
              displayStatus: customerDisplayStatus(order.status as TOrderStatus),
            },
            files: [],
          };
          byOrder.set(order.id, entry);
        }
        entry.files.push(deliverableViewOf(deliverable, now));
      }
      for (const entry of byOrder.values()) entry.paymentLock = await paymentLockOf(entry.order.id, orgId);
      return { items: [...byOrder.values()] };
    },

    /**
     * "Download all" of one order of the caller's organisation (decision 221): 404 for another's;
     * it waits for an unpaid invoice like every download (decision 211).
     */
    async archive(actor: TActor, orderId: string) {
      const orgId = orgOf(actor);
      const order = await findOrgOrder(db, orgId, orderId);
      if (!order) throw new AppError('not_found', 'Order not found.');
      const lock = await downloadLockOf(db, order.id, orgId);
      if (lock) throw new AppError('conflict', INVOICE_MESSAGES.paymentLocked(lock.number));
      return { ...(await deps.archives.ofOrder(order.id)), title: order.title };
    },

    /**
     * "Download all" of a property (decision 234): a folder per order; an order whose downloads wait
     * for its invoice (decision 211) is left out. 404 when no file is left to download.
     */
    async propertyArchive(actor: TActor, propertyId: string) {
      const orgId = orgOf(actor);
      const property = await findOrgProperty(db, orgId, propertyId);
      if (!property) throw new AppError('not_found', 'Property not found.');
      const open = [];
      for (const order of property.orders) {
        if (!(await downloadLockOf(db, order.id, orgId))) open.push({ id: order.id, folder: order.title });
      }
      return { ...(await deps.archives.ofOrders(open)), title: property.label };
    },

    /** A link to one file, valid DOWNLOAD_LINK_TTL_SECONDS by the app clock. */
    async createLink(actor: TActor, id: string, urlPrefix: string): Promise<TDownloadLink> {
      const orgId = orgOf(actor);
      const row = await findOrgDeliverable(db, orgId, id);
      // Pay before download (decision 211): the file stays visible, its download waits for the invoice.
      const lock = row ? await downloadLockOf(db, row.orderId, orgId) : null;
      if (lock) throw new AppError('conflict', INVOICE_MESSAGES.paymentLocked(lock.number));
      return linkTo(row, urlPrefix);
    },

    /**
     * A link for the in-browser viewer (decision 239): pay before download keeps the files visible
     * while the invoice waits (decision 211), so the viewer's link is not refused; the page marks
     * the file as a preview and offers no Download.
     */
    async createViewLink(actor: TActor, id: string, urlPrefix: string): Promise<TDownloadLink> {
      return linkTo(await findOrgDeliverable(db, orgOf(actor), id), urlPrefix);
    },

    /** The same signed link for the provider organisation that holds the order's accepted assignment. */
    async createProviderLink(actor: TActor, id: string, urlPrefix: string): Promise<TDownloadLink> {
      return linkTo(await findProviderDeliverable(db, orgOf(actor), id), urlPrefix);
    },

    /** The same signed link for an admin, who sees every order's files. */
    async createAdminLink(id: string, urlPrefix: string): Promise<TDownloadLink> {
      return linkTo(await findDeliverable(db, id), urlPrefix);
    },

    /**
     * The file a token names, when the token is ours, unchanged and unexpired: 403 for a link that
     * is expired or tampered with, 404 for a path that is not shaped like a link at all.
     */
    async resolveLink(token: string) {
      const refused = new AppError('forbidden', 'This download link is not valid or has expired.');
      const claims = signer.read(token);
      if (!claims) throw new AppError('not_found', 'Download link not found.');
      const row = await findDeliverable(db, claims.deliverableId);
      const key = row ? storageKeyOf(row) : null;
      if (!row || !key || !signer.verify(claims, key)) throw refused;
      if (claims.expiresAt * 1000 <= clock().getTime()) throw refused;
      return { key, fileName: row.fileName };
    },

    async createSupportRequest(actor: TActor, input: TSupportRequest) {
      return deps.supportRequests.create(actor, orgOf(actor), input);
    },

    listSupportRequests(actor: TActor) {
      return deps.supportRequests.listOfOrg(orgOf(actor));
    },

    replyToSupportRequest(actor: TActor, id: string, input: TSupportReplyRequest) {
      return deps.supportRequests.replyAsCustomer(actor, orgOf(actor), id, input);
    },

    /**
     * The owner's changes to the organisation: a rename, and the unit system its areas are shown
     * in (decision 203); each audited as its own action, in the one transaction.
     */
    async updateOrganization(actor: TActor, input: TUpdateOrganizationRequest) {
      const orgId = orgOf(actor);
      return db.transaction(async (tx) => {
        const before = await lockOrganization(tx, orgId);
        if (!before) throw new AppError('not_found', 'Organisation not found.');
        let after = before;
        if (input.name !== undefined) {
          after = await renameOrganization(tx, orgId, input.name, clock());
          await recordAudit(tx, {
            entity: 'organization',
            entityId: orgId,
            action: 'rename',
            before: { name: before.name },
            after: { name: after.name },
            actorUserId: actor.userId,
          });
        }
        if (input.unitSystem !== undefined && input.unitSystem !== before.unitSystem) {
          after = await updateOrganizationSettings(tx, orgId, { unitSystem: input.unitSystem }, clock());
          await recordAudit(tx, {
            entity: 'organization',
            entityId: orgId,
            action: 'update_settings',
            before: { unitSystem: before.unitSystem },
            after: { unitSystem: after.unitSystem },
            actorUserId: actor.userId,
          });
        }
        return {
          id: after.id,
          name: after.name,
          currency: after.currency,
          unitSystem: after.unitSystem as TUnitSystem,
        };
      });
    },

    async rateOrder(actor: TActor, orderId: string, input: TRatingRequest) {
      return deps.ratings.rateOrder(actor, orgOf(actor), orderId, input);
    },
  };
}

export type TCustomerService = ReturnType<typeof createCustomerService>;
