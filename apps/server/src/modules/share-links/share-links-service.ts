import { createHash, randomBytes } from 'node:crypto';
import type { TDatabase } from '@spacecapture/db/client';
import { DOWNLOAD_LINK_TTL_SECONDS, type TDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import {
  SHARE_LINK_MESSAGES,
  SHARE_TOKEN_PATTERN,
  type TCreatedShareLink,
  type TCreateShareLinkRequest,
  type TSharedOrder,
  type TShareLink,
  type TShareLinkList,
} from '@spacecapture/shared/contracts/share-links';
import { AppError } from '@spacecapture/shared/errors';
import { contentTypeOf } from '@spacecapture/shared/file-kinds';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { deliverablesOfOrders, findDeliverable } from '../deliverables/deliverables-repository.ts';
import { findOrder, findOrgOrder } from '../orders/orders-repository.ts';
import type { TLinkSigner } from '../storage/download-links.ts';
import type { TThumbnailLinks } from '../thumbnails/thumbnail-links.ts';
import {
  countLiveShareLinksLocked,
  countShareLinkView,
  findShareLinkByHash,
  insertShareLink,
  listShareLinksOfOrder,
  lockOrgShareLink,
  markShareLinkRevoked,
  type TShareLinkRow,
} from './share-links-repository.ts';

/**
 * Share links (issue 14, decision 137). The token is 32 random bytes (256 bits) in base64url,
 * shown once in the link; the row keeps its SHA-256, which finds it. A high-entropy token needs no
 * slow hash (as API keys, decision 115). Creating and revoking are audited with the change; every
 * opening of the public page counts one view.
 */

const DAY_MS = 86_400_000;
const ORDER_NOT_FOUND = 'Order not found.';
const LINK_NOT_FOUND = 'Share link not found.';

function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

function statusOf(row: TShareLinkRow, now: Date): TShareLink['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

function shareLinkView(row: TShareLinkRow, now: Date): TShareLink {
  return {
    id: row.id,
    orderId: row.orderId,
    status: statusOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The order's title as a share shows it: titles end with the capture's location (", <location>",
 * see orderTitleOf in orders/order-title.ts), which is the customer's address, so that part is left off.
 */
export function sharedTitleOf(order: { title: string; location: string }) {
  const suffix = `, ${order.location}`;
  return order.location && order.title.endsWith(suffix) ? order.title.slice(0, -suffix.length) : order.title;
}

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
  /** Live links one order may have (SHARE_LINKS_PER_ORDER). */
  maxLiveLinksPerOrder: number;
}) {
  const { db, clock, signer, maxLiveLinksPerOrder } = deps;

  /** The live link a token names: 404 when no link has it, 410 when it expired or was revoked. */
  async function liveLinkOf(token: string) {
    const row = SHARE_TOKEN_PATTERN.test(token) ? await findShareLinkByHash(db, hashToken(token)) : undefined;
    if (!row) throw new AppError('not_found', LINK_NOT_FOUND);
    if (statusOf(row, clock()) !== 'active') throw new AppError('gone', SHARE_LINK_MESSAGES.gone);
    return row;
  }

  return {
    async list(actor: TActor, orderId: string): Promise<TShareLinkList> {
      const orgId = adminOrgOf(actor);
      if (!(await findOrgOrder(db, orgId, orderId))) throw new AppError('not_found', ORDER_NOT_FOUND);
      const now = clock();
      return { items: (await listShareLinksOfOrder(db, orgId, orderId)).map((row) => shareLinkView(row, now)) };
    },

    async create(actor: TActor, orderId: string, request: TCreateShareLinkRequest): Promise<TCreatedShareLink> {
      const orgId = adminOrgOf(actor);
      const now = clock();
      const token = randomBytes(32).toString('base64url');
      const row = await db.transaction(async (tx) => {
        if (!(await findOrgOrder(tx, orgId, orderId))) throw new AppError('not_found', ORDER_NOT_FOUND);
        if ((await countLiveShareLinksLocked(tx, orderId, now)) >= maxLiveLinksPerOrder) {
          throw new AppError(
            'conflict',
            `This order already has ${maxLiveLinksPerOrder} active share links, the most allowed. Revoke one to create another.`,
          );
        }
        const inserted = await insertShareLink(tx, {
          organizationId: orgId,
          orderId,
          tokenHash: hashToken(token),
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
          after: { revokedAt: now.toISOString(), orderId: found.orderId },
          actorUserId: actor.userId,
        });
        return revoked;
      });
      return shareLinkView(row, now);
    },

    /** The public page: counts the view, then the order's title and files (nothing else of the customer). */
    async open(token: string): Promise<TSharedOrder> {
      const link = await liveLinkOf(token);
      const now = clock();
      // The count and the check are one statement: a link revoked in between is not counted.
      if (!(await countShareLinkView(db, link.id, now))) throw new AppError('gone', SHARE_LINK_MESSAGES.gone);
      const [found, files] = await Promise.all([findOrder(db, link.orderId), deliverablesOfOrders(db, [link.orderId])]);
      if (!found) throw new AppError('not_found', LINK_NOT_FOUND);
      return {
        title: sharedTitleOf(found.order),
        expiresAt: link.expiresAt.toISOString(),
        files: files.map((file) => {
          const contentType = contentTypeOf(file.fileName);
          return {
            id: file.id,
            name: file.fileName,
            sizeBytes: Number(file.size),
            ...(contentType ? { contentType } : {}),
            thumbnailUrl: deps.thumbnails.urlOf(file, now),
          };
        }),
      };
    },

    /**
     * A short-lived signed download link for one file of the shared order. The file must belong to
     * the link's order: any other id is not found, so a token never reaches another order's files.
     */
    async createDownloadLink(token: string, fileId: string, urlPrefix: string): Promise<TDownloadLink> {
      const link = await liveLinkOf(token);
      const file = await findDeliverable(db, fileId);
      const key = file?.fileLinks.paths[0];
      if (!file || file.orderId !== link.orderId || !key) throw new AppError('not_found', 'File not found.');
      const expiresAt = Math.floor(clock().getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
      return {
        url: `${urlPrefix}/${signer.sign(file.id, key, expiresAt)}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  };
}

export type TShareLinksService = ReturnType<typeof createShareLinksService>;
