import type { TDatabase } from '@spacecapture/db/client';
import type {
  TCustomerDeliverable,
  TCustomerOrder,
  TCustomerOrderDetail,
  TCustomerOrderList,
  TCustomerQuote,
  TCustomerQuoteList,
  TDeliverablesByOrder,
  TDownloadLink,
  TInvoice,
  TListCustomerOrdersQuery,
  TRatingRequest,
  TSupportRequest,
  TUpdateOrganizationRequest,
} from '@spacecapture/shared/contracts/customer-portal';
import { DOWNLOAD_LINK_TTL_SECONDS } from '@spacecapture/shared/contracts/customer-portal';
import { AppError } from '@spacecapture/shared/errors';
import { customerDisplayStatus, type TOrderStatus } from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { iso } from '../../lib/iso.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { lockOrganization, renameOrganization } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  deliverablesOfOrders,
  findDeliverable,
  type TDeliverableRow,
} from '../deliverables/deliverables-repository.ts';
import { findOrgOrder, type TOrderRow } from '../orders/orders-repository.ts';
import type { TQuoteRow } from '../quotes/quotes-repository.ts';
import type { TQuotesService } from '../quotes/quotes-service.ts';
import { effectiveQuoteStatus } from '../quotes/quotes-view.ts';
import { findRatingOf } from '../ratings/ratings-repository.ts';
import type { TRatingsService } from '../ratings/ratings-service.ts';
import { toRatingView } from '../ratings/ratings-view.ts';
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
} from './customer-repository.ts';
import { orderProgress } from './order-progress.ts';

const ORDER_STATUSES_OF_DISPLAY: Record<string, string[]> = {
  completed: ['completed', 'delivered'],
  cancelled: ['cancelled'],
  in_progress: ['assigned', 'scheduled', 'captured', 'changes_requested'],
  pending: ['triage', 'quoted', 'approved'],
};

/** The organisation a customer acts for; a customer without one sees nothing. */
function orgOf(actor: TActor) {
  if (!actor.orgId) throw new AppError('not_found', 'Organisation not found.');
  return actor.orgId;
}

function toDeliverableView(row: TDeliverableRow, thumbnailUrl: string | null): TCustomerDeliverable {
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
}) {
  const { db, clock, signer } = deps;

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

  async function orderViews(rows: TOrderRow[]): Promise<TCustomerOrder[]> {
    const ids = rows.map((row) => row.id);
    const events = await jobEventsOfOrders(db, ids);
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
      scheduledStart: iso(row.scheduledStart),
      scheduledEnd: iso(row.scheduledEnd),
      timeZone: row.place?.timeZone ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  function quoteView(quote: TQuoteRow, order: TOrderRow, now: Date): TCustomerQuote {
    const status = effectiveQuoteStatus(quote, now);
    return {
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
        ...(query.status ? { statuses: ORDER_STATUSES_OF_DISPLAY[query.status] ?? [] } : {}),
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
      return {
        ...(view as TCustomerOrder),
        quotes: quotes.map((row) => quoteView(row.quote, row.order, now)),
        deliverables: files.map((file) => toDeliverableView(file, deps.thumbnails.urlOf(file, now))),
        rating: rating ? toRatingView(rating) : null,
      };
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
      return toPage(
        rows,
        query.limit,
        (row) => row.quote.id,
        (row) => quoteView(row.quote, row.order, now),
      );
    },

    /** Accept or decline through the quotes service (409 unless sent and within its validity). */
    async answerQuote(actor: TActor, id: string, answer: 'accept' | 'decline'): Promise<TCustomerQuote> {
      const orgId = orgOf(actor);
      await quoteById(orgId, id);
      await deps.quotes[answer](id, actor, { customerOrgId: orgId });
      const after = await quoteById(orgId, id);
      return quoteView(after.quote, after.order, clock());
    },

    async invoice(actor: TActor, id: string): Promise<TInvoice> {
      const { quote, order, org } = await quoteById(orgOf(actor), id);
      if (quote.status !== 'accepted') {
        throw new AppError('conflict', 'An invoice exists only for an accepted quote.');
      }
      const date = quote.respondedAt ?? quote.updatedAt;
      return {
        number: `INV-${date.getUTCFullYear()}-${quote.id.slice(0, 8).toUpperCase()}`,
        date: date.toISOString(),
        quoteId: quote.id,
        order: { id: order.id, title: order.title, location: order.location },
        customerOrg: { id: org.id, name: org.name },
        lineItems: quote.priceBreakdown.items.map((item) => ({ label: item.label, amount: item.amount })),
        total: Number(quote.total),
        currency: quote.currency,
      };
    },

    async deliverables(actor: TActor): Promise<TDeliverablesByOrder> {
      const rows = await listOrgDeliverables(db, orgOf(actor));
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
        entry.files.push(toDeliverableView(deliverable, deps.thumbnails.urlOf(deliverable, now)));
      }
      return { items: [...byOrder.values()] };
    },

    /** A link to one file, valid DOWNLOAD_LINK_TTL_SECONDS by the app clock. */
    async createLink(actor: TActor, id: string, urlPrefix: string): Promise<TDownloadLink> {
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

    async renameOrganization(actor: TActor, input: TUpdateOrganizationRequest) {
      const orgId = orgOf(actor);
      return db.transaction(async (tx) => {
        const before = await lockOrganization(tx, orgId);
        if (!before) throw new AppError('not_found', 'Organisation not found.');
        const after = await renameOrganization(tx, orgId, input.name, clock());
        await recordAudit(tx, {
          entity: 'organization',
          entityId: orgId,
          action: 'rename',
          before: { name: before.name },
          after: { name: after.name },
          actorUserId: actor.userId,
        });
        return { id: after.id, name: after.name };
      });
    },

    async rateOrder(actor: TActor, orderId: string, input: TRatingRequest) {
      return deps.ratings.rateOrder(actor, orgOf(actor), orderId, input);
    },
  };
}

export type TCustomerService = ReturnType<typeof createCustomerService>;
