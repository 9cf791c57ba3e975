import { createHash, randomBytes } from 'node:crypto';
import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import { DOWNLOAD_LINK_TTL_SECONDS, type TDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { INVOICE_MESSAGES } from '@spacecapture/shared/contracts/invoices';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import {
  SHARE_LINK_MESSAGES,
  SHARE_TOKEN_PATTERN,
  type TCreatedShareLink,
  type TCreateShareLinkRequest,
  type TSharedOrder,
  type TShareLink,
  type TShareLinkList,
  type TShareLinkPresentation,
} from '@spacecapture/shared/contracts/share-links';
import { AppError } from '@spacecapture/shared/errors';
import { contentTypeOf } from '@spacecapture/shared/file-kinds';
import type { TActor } from '../../lib/actor.ts';
import { findOrganization } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TDeliverablesArchives } from '../deliverables/deliverables-archive.ts';
import {
  deliverablesOfOrders,
  findDeliverable,
  type TDeliverableRow,
} from '../deliverables/deliverables-repository.ts';
import { downloadLockOf } from '../invoices/invoices-service.ts';
import { findOrgProperty } from '../orders/orders-at-property.ts';
import { findOrder, findOrgOrder, type TOrderRow } from '../orders/orders-repository.ts';
import type { TPointTreeLinks } from '../point-trees/point-tree-links.ts';
import { type TTourHostsService, tourViewOf } from '../settings/tour-hosts.ts';
import type { TLinkSigner } from '../storage/download-links.ts';
import type { TThumbnailLinks } from '../thumbnails/thumbnail-links.ts';
import {
  countLiveShareLinksLocked,
  countShareFileOpen,
  countShareLinkView,
  fileOpensOfLinks,
  findShareLink,
  findShareLinkByHash,
  insertShareLink,
  listShareLinksOf,
  lockOrgShareLink,
  markShareLinkRevoked,
  saltOfDay,
  type TShareLinkRow,
  type TShareSubject,
  updateShareLink,
} from './share-links-repository.ts';

/**
 * Share links (issue 14, decision 137). The token is 32 random bytes (256 bits) in base64url,
 * shown once in the link; the row keeps its SHA-256, which finds it. A high-entropy token needs no
 * slow hash (as API keys, decision 115). Creating and revoking are audited with the change; every
 * opening of the public page counts one view.
 */

const DAY_MS = 86_400_000;
const ORDER_NOT_FOUND = 'Order not found.';
const PROPERTY_NOT_FOUND = 'Property not found.';
const LINK_NOT_FOUND = 'Share link not found.';
const FILE_NOT_FOUND = 'File not found.';

function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

function statusOf(row: TShareLinkRow, now: Date): TShareLink['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

function shareLinkView(row: TShareLinkRow, now: Date, fileOpens: TShareLink['fileOpens'] = []): TShareLink {
  return {
    id: row.id,
    orderId: row.orderId,
    propertyId: row.propertyId,
    status: statusOf(row, now),
    presentation: row.presentation as TShareLinkPresentation,
    embedOrigins: row.embedOrigins,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    visitorCount: row.visitorCount,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    fileOpens,
  };
}

/** Who opened a share page, as far as counting visitors goes: never stored as such (decision 222). */
export type TShareVisitor = { address: string; userAgent: string };

/**
 * The order's title as a share shows it: titles end with the capture's location (", <location>",
 * see orderTitleOf in orders/order-title.ts), which is the customer's address, so that part is left off.
 */
export function sharedTitleOf(order: { title: string; location: string }) {
  const suffix = `, ${order.location}`;
  return order.location && order.title.endsWith(suffix) ? order.title.slice(0, -suffix.length) : order.title;
}

/** A property's share page title when none of its orders is placed in a town (decision 237). */
const PROPERTY_SHARE_TITLE = 'Property files';

/** Only a customer admin of the order's organisation manages its links (decision 137). */
function adminOrgOf(actor: TActor) {
  if (actor.role !== 'customer_admin' || !actor.orgId) {
    throw new AppError('forbidden', 'Only a customer admin can manage share links.');
  }
  return actor.orgId;
}

export function createShareLinksService(deps: {
  db: TDatabase;
  clock: () => Date;
  publicUrl: string;
  signer: TLinkSigner;
  thumbnails: TThumbnailLinks;
  /** A shared point cloud's streaming tree (decision 245): its link is handed out with the page's files. */
  pointTrees: Pick<TPointTreeLinks, 'viewOf'>;
  archives: TDeliverablesArchives;
  /** Live links one order, or one property, may have (SHARE_LINKS_PER_ORDER). */
  maxLiveLinksPerOrder: number;
  /** Whether a tour link is framed or opened in a new tab (decision 233). */
  tourHosts: Pick<TTourHostsService, 'current'>;
}) {
  const { db, clock, signer, maxLiveLinksPerOrder } = deps;

  /** The live link a token names: 404 when no link has it, 410 when it expired or was revoked. */
  async function liveLinkOf(token: string) {
    const row = SHARE_TOKEN_PATTERN.test(token) ? await findShareLinkByHash(db, hashToken(token)) : undefined;
    if (!row) throw new AppError('not_found', LINK_NOT_FOUND);
    if (statusOf(row, clock()) !== 'active') throw new AppError('gone', SHARE_LINK_MESSAGES.gone);
    return row;
  }

  /** Today's salt, kept in memory for the day once read (every instance reads the same row). */
  let salt: { day: string; value: string } | undefined;

  /**
   * The visitor's hash for today (decision 222): SHA-256 of the day's random salt, the address and
   * the user agent. The salt is deleted when the day is over, so yesterday's hashes cannot be
   * matched to anyone, and the same visitor on another day is another hash.
   */
  async function visitorHashOf(visitor: TShareVisitor, now: Date) {
    const day = now.toISOString().slice(0, 10);
    if (salt?.day !== day) salt = { day, value: await saltOfDay(db, day, randomBytes(32).toString('base64url')) };
    const hash = createHash('sha256')
      .update(`${salt.value}\n${visitor.address}\n${visitor.userAgent}`)
      .digest('base64url');
    return { hash, day };
  }

  /**
   * The order or property a customer admin names, checked to be the organisation's (404 otherwise),
   * with the ids of its orders. A property is a site address where the organisation has orders.
   */
  async function subjectOf(tx: TExecutor, orgId: string, subject: TShareSubject) {
    if ('orderId' in subject) {
      if (!(await findOrgOrder(tx, orgId, subject.orderId))) throw new AppError('not_found', ORDER_NOT_FOUND);
      return { subject, orderIds: [subject.orderId], what: 'order' };
    }
    const property = await findOrgProperty(tx, orgId, subject.propertyId);
    if (!property) throw new AppError('not_found', PROPERTY_NOT_FOUND);
    return {
      subject: { propertyId: property.propertyId },
      orderIds: property.orders.map((order) => order.id),
      what: 'property',
    };
  }

  /**
   * What a live link shares, as its page lists it: an order's files (every version), or a
   * property's orders, newest first, each with its current files. Pay before download (decision
   * 211) holds a property's order back whole while its invoice waits; an order's own link is
   * refused at each download instead. A property whose address has none of the organisation's orders
   * left is not found.
   */
  async function sharedOf(link: TShareLinkRow) {
    if (link.orderId !== null) {
      const [found, files] = await Promise.all([findOrder(db, link.orderId), deliverablesOfOrders(db, [link.orderId])]);
      if (!found) throw new AppError('not_found', LINK_NOT_FOUND);
      const title = sharedTitleOf(found.order);
      return { title, property: false, orders: [{ order: found.order, title, files }] };
    }
    const property = link.propertyId ? await findOrgProperty(db, link.organizationId, link.propertyId) : undefined;
    if (!property) throw new AppError('not_found', LINK_NOT_FOUND);
    const open: TOrderRow[] = [];
    for (const order of property.orders) {
      if (!(await downloadLockOf(db, order.id, link.organizationId))) open.push(order);
    }
    const files = (
      await deliverablesOfOrders(
        db,
        open.map((order) => order.id),
      )
    ).filter((file) => file.supersededAt === null);
    const orders = open
      .map((order) => ({
        order,
        title: sharedTitleOf(order),
        files: files.filter((file) => file.orderId === order.id),
      }))
      .filter((entry) => entry.files.length > 0);
    // No address on a share page (decision 137): a property's link is titled by its town, when placed.
    return { title: property.placeLabel ?? PROPERTY_SHARE_TITLE, property: true, orders };
  }

  /** A file the link shares (404 for any other id, so a token never reaches another order's files). */
  async function sharedFileOf(link: TShareLinkRow, fileId: string): Promise<TDeliverableRow> {
    if (link.orderId !== null) {
      const file = await findDeliverable(db, fileId);
      if (!file || file.orderId !== link.orderId) throw new AppError('not_found', FILE_NOT_FOUND);
      return file;
    }
    const file = (await sharedOf(link)).orders.flatMap((entry) => entry.files).find((row) => row.id === fileId);
    if (!file) throw new AppError('not_found', FILE_NOT_FOUND);
    return file;
  }

  return {
    /** The links of an order or of a property, newest first, with their counts and opens per file. */
    async list(actor: TActor, named: TShareSubject): Promise<TShareLinkList> {
      const orgId = adminOrgOf(actor);
      const { subject, orderIds } = await subjectOf(db, orgId, named);
      const now = clock();
      const rows = await listShareLinksOf(db, orgId, subject);
      const [opens, files] = await Promise.all([
        fileOpensOfLinks(
          db,
          rows.map((row) => row.id),
        ),
        deliverablesOfOrders(db, orderIds),
      ]);
      const nameOf = new Map(files.map((file) => [file.id, file.fileName]));
      return {
        items: rows.map((row) =>
          shareLinkView(
            row,
            now,
            opens
              .filter((open) => open.shareLinkId === row.id)
              .sort((a, b) => b.opens - a.opens || b.lastOpenedAt.getTime() - a.lastOpenedAt.getTime())
              .map((open) => ({
                fileId: open.deliverableId,
                fileName: nameOf.get(open.deliverableId) ?? '',
                opens: open.opens,
                lastOpenedAt: open.lastOpenedAt.toISOString(),
              })),
          ),
        ),
      };
    },

    /**
     * A new link to an order or a property. An order's link waits for its unpaid invoice (decision
     * 211); a property's link is made at once and holds back each order whose invoice waits.
     */
    async create(actor: TActor, named: TShareSubject, request: TCreateShareLinkRequest): Promise<TCreatedShareLink> {
      const orgId = adminOrgOf(actor);
      const now = clock();
      const token = randomBytes(32).toString('base64url');
      const row = await db.transaction(async (tx) => {
        const { subject, what } = await subjectOf(tx, orgId, named);
        if ('orderId' in subject) {
          // Pay before download (decision 211): no share link while the order's invoice is unpaid.
          const lock = await downloadLockOf(tx, subject.orderId, orgId);
          if (lock) throw new AppError('conflict', INVOICE_MESSAGES.paymentLocked(lock.number));
        }
        if ((await countLiveShareLinksLocked(tx, orgId, subject, now)) >= maxLiveLinksPerOrder) {
          throw new AppError(
            'conflict',
            `This ${what} already has ${maxLiveLinksPerOrder} active share links, the most allowed. Revoke one to create another.`,
          );
        }
        const inserted = await insertShareLink(tx, {
          organizationId: orgId,
          ...subject,
          tokenHash: hashToken(token),
          presentation: request.presentation,
          expiresAt: new Date(now.getTime() + request.expiresInDays * DAY_MS),
          createdBy: actor.userId,
          createdAt: now,
        });
        const { tokenHash: _hash, ...safe } = inserted;
        await recordAudit(tx, {
          entity: 'share_link',
          entityId: inserted.id,
          action: 'create',
          after: safe,
          actorUserId: actor.userId,
        });
        return inserted;
      });
      return { link: shareLinkView(row, now), url: `${deps.publicUrl}/share/${token}` };
    },

    async revoke(actor: TActor, id: string): Promise<TShareLink> {
      const orgId = adminOrgOf(actor);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const found = await lockOrgShareLink(tx, orgId, id);
        if (!found) throw new AppError('not_found', LINK_NOT_FOUND);
        const revoked = await markShareLinkRevoked(tx, id, now);
        if (!revoked) throw new AppError('conflict', 'This share link is already revoked.');
        await recordAudit(tx, {
          entity: 'share_link',
          entityId: id,
          action: 'revoke',
          before: { revokedAt: null },
          after: { revokedAt: now.toISOString(), orderId: found.orderId, propertyId: found.propertyId },
          actorUserId: actor.userId,
        });
        return revoked;
      });
      return shareLinkView(row, now);
    },

    /**
     * The public page: counts the view, then the title and files (nothing else of the customer); a
     * property's link also groups its files by order.
     */
    async open(token: string, visitor: TShareVisitor): Promise<TSharedOrder> {
      const link = await liveLinkOf(token);
      const now = clock();
      // The count and the check are one statement: a link revoked in between is not counted.
      const counted = await countShareLinkView(db, link.id, now, await visitorHashOf(visitor, now));
      if (!counted) throw new AppError('gone', SHARE_LINK_MESSAGES.gone);
      const shared = await sharedOf(link);
      const files = shared.orders.flatMap((entry) => entry.files);
      const org = link.presentation === 'branded' ? await findOrganization(db, link.organizationId) : undefined;
      return {
        title: shared.title,
        expiresAt: link.expiresAt.toISOString(),
        // Unbranded: nothing of the organisation, its contact or the platform (decision 223).
        branding: org
          ? {
              organizationName: org.name,
              color: org.brandColor,
              contactName: org.brandContactName,
              contactEmail: org.brandContactEmail,
              contactPhone: org.brandContactPhone,
              logoUrl: org.brandLogoKey ? `/api/public/shares/${token}/logo` : null,
            }
          : null,
        // A tour link has nothing to download (decision 233): Download all needs a stored file.
        archiveUrl: files.some((file) => file.supersededAt === null && file.fileLinks.paths.length > 0)
          ? `/api/public/shares/${token}/archive`
          : null,
        files: files.map((file) => {
          const contentType = contentTypeOf(file.fileName);
          return {
            id: file.id,
            name: file.fileName,
            sizeBytes: Number(file.size),
            ...(contentType ? { contentType } : {}),
            thumbnailUrl: deps.thumbnails.urlOf(file, now, link.id),
            tour: tourViewOf(file.tourUrl, deps.tourHosts.current()),
            pointTree: deps.pointTrees.viewOf(file, now, link.id),
          };
        }),
        orders: shared.property
          ? shared.orders.map((entry) => ({
              title: entry.title,
              deliveredAt: new Date(Math.max(...entry.files.map((file) => file.deliveredAt.getTime()))).toISOString(),
              fileIds: entry.files.map((file) => file.id),
            }))
          : null,
      };
    },

    /**
     * A short-lived signed download link for one file the link shares: any other id is not found,
     * so a token never reaches another order's files. An order whose invoice waits refuses it (409).
     */
    async createDownloadLink(token: string, fileId: string, urlPrefix: string): Promise<TDownloadLink> {
      const link = await liveLinkOf(token);
      const file = await sharedFileOf(link, fileId);
      const key = file.fileLinks.paths[0];
      if (!key) throw new AppError('not_found', FILE_NOT_FOUND);
      const lock = await downloadLockOf(db, file.orderId, link.organizationId);
      if (lock) throw new AppError('conflict', INVOICE_MESSAGES.paymentLocked(lock.number));
      await countShareFileOpen(db, link.id, file.id, clock());
      const expiresAt = Math.floor(clock().getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
      return {
        url: `${urlPrefix}/${signer.sign(file.id, key, expiresAt)}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },

    /**
     * The streaming tree of one file the link shares, as the page reads it again while the tree is
     * built (decision 245); no view or open is counted. Any other id is not found, so a share
     * token never yields another file's tree.
     */
    async treeOf(token: string, fileId: string): Promise<TPointTree> {
      const link = await liveLinkOf(token);
      const file = await sharedFileOf(link, fileId);
      return deps.pointTrees.viewOf(file, clock(), link.id);
    },

    /**
     * Whether a share link still shows a file to its guest, asked by every request of a tree or
     * thumbnail link the share page handed out (decision 245, amended), so that link ends with the
     * share. One lookup by primary key: the link must be live, and the file its order's (any
     * version, as the page lists them) or, for a property's link, a current version. A property's
     * order moved elsewhere or held back by an unpaid invoice is not checked here (three more
     * lookups a request); the page and its downloads refuse it at once, those links within two
     * hours.
     */
    async sharesFile(
      shareLinkId: string,
      file: { id: string; orderId: string; supersededAt: Date | null },
      now: Date,
    ): Promise<boolean> {
      const link = await findShareLink(db, shareLinkId);
      if (!link || statusOf(link, now) !== 'active') return false;
      return link.orderId !== null ? link.orderId === file.orderId : file.supersededAt === null;
    },

    /**
     * A visitor opened a tour link the link shares (decision 233): counted as an open of it, as a
     * file's view or download is. Any id not a tour the link shares is not found.
     */
    async openTour(token: string, fileId: string): Promise<void> {
      const link = await liveLinkOf(token);
      const file = await sharedFileOf(link, fileId);
      if (file.tourUrl === null) throw new AppError('not_found', FILE_NOT_FOUND);
      await countShareFileOpen(db, link.id, file.id, clock());
    },

    /** The logo a branded link shows: 404 on an unbranded link or without a logo. */
    async logoKey(token: string) {
      const link = await liveLinkOf(token);
      const org = link.presentation === 'branded' ? await findOrganization(db, link.organizationId) : undefined;
      if (!org?.brandLogoKey) throw new AppError('not_found', 'No logo.');
      return org.brandLogoKey;
    },

    /**
     * Switches a link between branded and unbranded (decision 223) and sets the sites its embed may
     * be framed on (decision 224), audited with the change.
     */
    async update(
      actor: TActor,
      id: string,
      change: { presentation?: TShareLinkPresentation | undefined; embedOrigins?: string[] | undefined },
    ): Promise<TShareLink> {
      const orgId = adminOrgOf(actor);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const found = await lockOrgShareLink(tx, orgId, id);
        if (!found) throw new AppError('not_found', LINK_NOT_FOUND);
        const changed = await updateShareLink(tx, id, change);
        await recordAudit(tx, {
          entity: 'share_link',
          entityId: id,
          action: 'update',
          before: { presentation: found.presentation, embedOrigins: found.embedOrigins },
          after: { presentation: changed.presentation, embedOrigins: changed.embedOrigins },
          actorUserId: actor.userId,
        });
        return changed;
      });
      return shareLinkView(row, now);
    },

    /**
     * The sites that may frame the embed page of a token (decision 224): none for a token of no
     * live link, so such a page stays unframeable like every other.
     */
    async embedOriginsOf(token: string): Promise<string[]> {
      const row = SHARE_TOKEN_PATTERN.test(token) ? await findShareLinkByHash(db, hashToken(token)) : undefined;
      return row && statusOf(row, clock()) === 'active' ? row.embedOrigins : [];
    },

    /**
     * "Download all" through the link (decision 221), while it is live: an order's current files
     * unless an unpaid invoice holds them (decision 211); a property's, a folder per order, without
     * the orders held back.
     */
    async archive(token: string) {
      const link = await liveLinkOf(token);
      if (link.orderId === null) {
        const shared = await sharedOf(link);
        const folders = shared.orders.map((entry) => ({ id: entry.order.id, folder: entry.title }));
        return { ...(await deps.archives.ofOrders(folders)), title: shared.title };
      }
      const found = await findOrder(db, link.orderId);
      if (!found) throw new AppError('not_found', LINK_NOT_FOUND);
      const lock = await downloadLockOf(db, link.orderId, link.organizationId);
      if (lock) throw new AppError('conflict', INVOICE_MESSAGES.paymentLocked(lock.number));
      return { ...(await deps.archives.ofOrder(link.orderId)), title: sharedTitleOf(found.order) };
    },
  };
}

export type TShareLinksService = ReturnType<typeof createShareLinksService>;
