import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  deliverableTypeOf,
  isFileRemovable,
  ORDER_FILES_LIMIT,
  RECENT_UPLOADS_LIMIT,
  type TMarkDeliveredAnswer,
  type TRemovedFile,
  type TUploadedFileList,
  type TUploadMetadata,
  type TUploadTargetList,
  UPLOADABLE_ORDER_STATUSES,
  uploadsOpeningOf,
  ZUploadMetadata,
} from '@spacecapture/shared/contracts/provider-uploads';
import { failedChecksMessage } from '@spacecapture/shared/contracts/quality-checks';
import { checkTourUrl, type TDeliverTourLinkRequest } from '@spacecapture/shared/contracts/tour-links';
import { AppError, fieldMessages } from '@spacecapture/shared/errors';
import { formatDateTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { TOrderStatus } from '@spacecapture/shared/state-machines';
import { CHECKSUM_MISMATCH_STATUS } from '@spacecapture/shared/upload-pieces';
import type { FastifyBaseLogger } from 'fastify';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  deleteDeliverable,
  findDeliverable,
  insertDeliverable,
  lockDeliverable,
  supersedeEarlierVersions,
  type TDeliverableRow,
} from '../deliverables/deliverables-repository.ts';
import type { TInvoicesService } from '../invoices/invoices-service.ts';
import { moveOrder } from '../orders/order-moves.ts';
import { insertJobEvent, lockOrder, memberEmailsOf, uploadsOpenedEarlyOf } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import type { TPointTreeLinks } from '../point-trees/point-tree-links.ts';
import { checksOfDeliverables, failingFilesOfOrder } from '../quality-checks/quality-checks-repository.ts';
import { checkViewOf } from '../quality-checks/quality-checks-service.ts';
import { findAcceptedQuoteOfOrder } from '../quotes/quotes-repository.ts';
import { quoteChargeOf } from '../quotes/quotes-service.ts';
import { redeliver } from '../review/review-service.ts';
import type { TTourHostsService } from '../settings/tour-hosts.ts';
import type { TFileStore } from '../storage/file-store.ts';
import type { TThumbnailLinks } from '../thumbnails/thumbnail-links.ts';
import type { TChecksumTracker, TUploadDigests } from './streaming-checksum.ts';
import { deliverablesArrivedEmails, orderDeliveredEmails, tourArrivedEmails } from './upload-emails.ts';
import { deliverableKey, orderOfKey } from './upload-keys.ts';
import {
  countDeliverables,
  deleteUploadReservation,
  findAcceptedAssignment,
  findDeliverableOfUpload,
  hasFileUploadedSince,
  insertUploadReservation,
  listAcceptedAssignments,
  listProviderFiles,
  lockReservationsOf,
  reservedBytesOf,
  type TUploadTargetRow,
} from './uploads-repository.ts';

/** One "deliverables arrived" e-mail per order per this many minutes (decision 043). */
export const ARRIVAL_EMAIL_QUIET_MINUTES = 15;

const NOT_FOUND = 'Order not found.';

/**
 * Control characters other than tab: PostgreSQL cannot store NUL, and none of them belongs in a
 * file name shown to a customer.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them
const CONTROL_CHARACTER = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/;

/** A refusal of Upload-Metadata whose message names every field at fault (the client sent no form). */
function metadataError(fields: Record<string, string>) {
  const problems = Object.entries(fields).map(([field, problem]) =>
    problem.startsWith(`${field}:`) ? problem : `${field}: ${problem}`,
  );
  return new AppError('validation_failed', `Upload-Metadata: ${problems.join('; ')}`, fields);
}

function isUploadable(status: string) {
  return (UPLOADABLE_ORDER_STATUSES as readonly string[]).includes(status);
}

function hasStarted(windowStart: Date | null, now: Date) {
  return windowStart === null || windowStart.getTime() <= now.getTime();
}

function orgOf(actor: TActor) {
  if (!actor.orgId) throw new AppError('forbidden', 'Your account has no organisation.');
  return actor.orgId;
}

/**
 * Deliverable uploads (decision 040): who may upload to which order, recording a finished
 * upload as a deliverable, the provider's file lists, and marking an order delivered.
 */
export function createUploadsService(deps: {
  db: TDatabase;
  files: TFileStore;
  checksums: TChecksumTracker;
  clock: () => Date;
  publicUrl: string;
  /** Most bytes an organisation's unfinished uploads may announce in total (UPLOAD_RESERVED_BYTES_PER_ORG). */
  reservedBytesPerOrg: number;
  thumbnails: TThumbnailLinks;
  log: Pick<FastifyBaseLogger, 'error'>;
  pointTrees: TPointTreeLinks;
  /** Issues the invoice the customer's billing setting asks for at delivery (decision 209). */
  invoices: Pick<TInvoicesService, 'issueForStage'>;
  /** The hosts a tour link may point at (decision 233). */
  tourHosts: Pick<TTourHostsService, 'get'>;
}) {
  const { db, files, clock } = deps;

  /**
   * A file the caller may remove or replace (decision 218): of an order they hold the accepted
   * assignment of (404 otherwise, as for any file not theirs), not yet delivered (409).
   */
  async function removableFile(executor: TExecutor, actor: TActor, fileId: string, lock: boolean) {
    const file = lock ? await lockDeliverable(executor, fileId) : await findDeliverable(executor, fileId);
    const target = file && (await findAcceptedAssignment(executor, orgOf(actor), file.orderId));
    if (!file || !target) throw new AppError('not_found', 'File not found.');
    const order = lock ? await lockOrder(executor, file.orderId) : undefined;
    const state = order ?? { status: target.status, deliveryRound: target.deliveryRound };
    if (!isFileRemovable(state, file)) {
      throw new AppError(
        'conflict',
        `${file.fileName} has been delivered to the customer, so it can no longer be removed or replaced. ` +
          'Upload a revised file instead.',
      );
    }
    return file;
  }

  /** After the commit: the removed file's bytes and thumbnail go; a failure leaves them for the logs. */
  async function freeStorageOf(file: TDeliverableRow) {
    for (const key of [...file.fileLinks.paths, ...(file.thumbnailKey ? [file.thumbnailKey] : [])]) {
      await files.remove(key).catch((error: unknown) => {
        deps.log.error({ err: error, key, deliverableId: file.id }, 'freeing a removed file’s storage failed');
      });
    }
  }

  /** The row's removal with its job event and audit entry, in the caller's transaction. */
  async function recordRemoval(
    tx: TExecutor,
    actor: TActor,
    file: TDeliverableRow,
    replacement?: { deliverableId: string; fileName: string },
  ) {
    await deleteDeliverable(tx, file);
    await insertJobEvent(tx, {
      orderId: file.orderId,
      type: 'file_removed',
      metadata: {
        deliverableId: file.id,
        fileName: file.fileName,
        version: file.version,
        ...(replacement ? { replacedBy: replacement } : {}),
      },
      actorUserId: actor.userId,
    });
    await recordAudit(tx, {
      entity: 'deliverable',
      entityId: file.id,
      action: replacement ? 'replace' : 'remove',
      before: {
        orderId: file.orderId,
        fileName: file.fileName,
        size: Number(file.size),
        sha256: file.checksum,
        storageKey: file.fileLinks.paths[0],
        version: file.version,
        round: file.round,
      },
      ...(replacement ? { after: { replacedBy: replacement.deliverableId, fileName: replacement.fileName } } : {}),
      actorUserId: actor.userId,
    });
  }

  /** The caller's accepted assignment of the order, refused as 404 when there is none. */
  async function targetOf(actor: TActor, orderId: string): Promise<TUploadTargetRow> {
    const target = await findAcceptedAssignment(db, orgOf(actor), orderId);
    if (!target) throw new AppError('not_found', NOT_FOUND);
    return target;
  }

  function assertUploadable(target: Pick<TUploadTargetRow, 'status'>) {
    if (!isUploadable(target.status)) {
      throw new AppError(
        'conflict',
        `Files can be uploaded to scheduled, captured, delivered or changes requested orders; this order is ${target.status}.`,
      );
    }
  }

  /**
   * Files and Mark delivered wait for the confirmed capture window to start, unless an admin opened
   * uploads early (decision 109): a delivery before the capture would tell the customer something
   * that has not happened. Refused with a 409 naming the window's start; nothing changes.
   */
  async function assertWindowStarted(executor: TExecutor, target: TUploadTargetRow, action: 'upload' | 'deliver') {
    if (hasStarted(target.windowStart, clock())) return;
    if ((await uploadsOpenedEarlyOf(executor, [target.orderId])).has(target.orderId)) return;
    const start = target.windowStart ? formatDateTime(target.windowStart, SERVER_TIME_ZONE) : undefined;
    throw new AppError(
      'conflict',
      action === 'upload'
        ? `Uploads open when the capture window starts (${start}). Ask the SpaceCapture team to open them earlier.`
        : `The order can be marked delivered once the capture window starts (${start}).`,
    );
  }

  /** An upload refused or abandoned: its bytes, its upload state and its share of the reserved space go. */
  async function discard(key: string) {
    deps.checksums.forget(key);
    await files.remove(key);
    await deleteUploadReservation(db, key);
  }

  /** Both digests by reading the stored file once, when the running ones were lost (decision 042). */
  async function digestsOf(key: string): Promise<TUploadDigests> {
    const { stream } = await files.open(key);
    const hash = createHash('sha256');
    let crc = 0;
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      crc = crc32(chunk as Buffer, crc);
    }
    return { sha256: hash.digest('hex'), crc32: crc };
  }

  return {
    /** Checks a new upload's metadata and the caller's right to the order; returns the metadata parsed. */
    async authorizeNewUpload(actor: TActor, rawMetadata: Record<string, string | null | undefined>) {
      const { filename } = rawMetadata;
      if (typeof filename === 'string' && CONTROL_CHARACTER.test(filename)) {
        throw metadataError({ filename: 'must not contain control characters' });
      }
      const parsed = ZUploadMetadata.safeParse(rawMetadata);
      if (!parsed.success) throw metadataError(fieldMessages(parsed.error.issues));
      const target = await targetOf(actor, parsed.data.orderId);
      assertUploadable(target);
      await assertWindowStarted(db, target, 'upload');
      if (parsed.data.replaces) {
        // Refused before any byte is sent; checked again when the new file is recorded.
        const replaced = await removableFile(db, actor, parsed.data.replaces, false);
        if (replaced.orderId !== parsed.data.orderId) throw new AppError('not_found', 'File not found.');
      }
      return parsed.data;
    },

    /**
     * A key of our own for the file, never one in use: the timestamp moves on by a millisecond
     * while the key is taken (another upload of the same name in the same millisecond).
     */
    async reserveKey(metadata: TUploadMetadata) {
      const start = clock().getTime();
      for (let step = 0; step < 50; step++) {
        const key = deliverableKey(metadata.orderId, new Date(start + step), metadata.filename);
        if (await files.reserve(key)) return key;
      }
      throw new AppError('conflict', 'Too many uploads of this file at once. Please try again.');
    },

    /**
     * Reserves the new upload's `bytes` of its organisation's share of space (decision 061):
     * refused with 413 when the organisation's unfinished uploads would announce more than
     * `reservedBytesPerOrg` together. Reservations of one organisation are serialised by a lock on
     * its row, so two creations at once cannot both pass the bound.
     */
    async reserveSpace(actor: TActor, key: string, bytes: number) {
      const providerOrgId = orgOf(actor);
      const limit = deps.reservedBytesPerOrg;
      const held = await db.transaction(async (tx) => {
        await lockReservationsOf(tx, providerOrgId);
        const held = await reservedBytesOf(tx, providerOrgId);
        if (held + bytes <= limit) {
          await insertUploadReservation(tx, { key, providerOrgId, bytes, createdAt: clock() });
        }
        return held;
      });
      if (held + bytes > limit) {
        throw new AppError(
          'payload_too_large',
          `Your organisation's unfinished uploads may hold at most ${limit} bytes together; ${held} are ` +
            `held now and this file needs ${bytes}. Finish or cancel an upload first.`,
        );
      }
    },

    /** A piece refused by its checksum is taken off the stored upload, and out of its running hash. */
    async rewindUpload(key: string, offset: number) {
      if (!files.rewindUpload) throw new Error('This store cannot take a piece back.');
      await files.rewindUpload(key, offset);
      deps.checksums.rewind(key, offset);
    },

    /** An upload's share of the reserved space is free again (the upload was terminated or swept). */
    async releaseReservation(key: string) {
      await deleteUploadReservation(db, key);
    },

    /** Every request on an existing upload: the caller must still hold the order's accepted assignment. */
    async authorizeUpload(actor: TActor, key: string, options: { writing: boolean }) {
      const orderId = orderOfKey(key);
      if (!orderId) throw new AppError('not_found', 'Upload not found.');
      const target = await targetOf(actor, orderId);
      if (options.writing) assertUploadable(target);
      return target;
    },

    /**
     * Records a finished upload exactly once (decision 040): checksum, then in one transaction the
     * deliverable, its job event, the audit entry, the first file's move to captured and the
     * customer's e-mail. A repeated final request answers with the deliverable already recorded.
     */
    async completeUpload(
      actor: TActor,
      upload: {
        key: string;
        size: number;
        metadata: Record<string, string | null | undefined>;
        /** The whole file's SHA-256 the client computed while reading it, sent with the last piece. */
        fileSha256?: string;
      },
    ): Promise<{ deliverableId: string; sha256: string }> {
      const orderId = orderOfKey(upload.key);
      if (!orderId) throw new AppError('not_found', 'Upload not found.');
      const metadata = ZUploadMetadata.parse(upload.metadata);
      const earlier = await findDeliverableOfUpload(db, orderId, upload.key);
      if (earlier) return { deliverableId: earlier, sha256: metadata.sha256 ?? '' };

      const digests = (await deps.checksums.take(upload.key, upload.size)) ?? (await digestsOf(upload.key));
      const { sha256 } = digests;
      // A refusal: nothing is recorded, and the caller discards the bytes (as for every AppError here).
      for (const [field, expected] of [
        ['sha256', metadata.sha256],
        ['Upload-File-Sha256', upload.fileSha256],
      ] as const) {
        if (expected && expected !== sha256) {
          throw new AppError(
            'validation_failed',
            `The file arrived damaged (SHA-256 ${sha256}, expected ${expected}). Upload it again.`,
            { [field]: 'does not match the uploaded bytes' },
            { status: CHECKSUM_MISMATCH_STATUS },
          );
        }
      }

      const type = deliverableTypeOf(metadata.filename);
      const now = clock();
      const result = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const target = await findAcceptedAssignment(tx, orgOf(actor), orderId);
        if (!order || !target) throw new AppError('not_found', NOT_FOUND);
        assertUploadable(order);
        await assertWindowStarted(tx, target, 'upload');
        const again = await findDeliverableOfUpload(tx, orderId, upload.key);
        if (again) return { deliverableId: again, emails: false, replaced: undefined };

        const quietSince = new Date(now.getTime() - ARRIVAL_EMAIL_QUIET_MINUTES * 60_000);
        const tellCustomer = !(await hasFileUploadedSince(tx, orderId, quietSince));
        // A revised upload of a file name supersedes the earlier versions (decision 134); files
        // uploaded while changes are requested belong to the next delivery round.
        const version = await supersedeEarlierVersions(tx, orderId, metadata.filename, now);
        const round = order.deliveryRound + (order.status === 'changes_requested' ? 1 : 0);
        const deliverable = await insertDeliverable(tx, {
          orderId,
          type,
          version,
          round,
          fileLinks: { paths: [upload.key] },
          fileName: metadata.filename,
          size: String(upload.size),
          checksum: sha256,
          crc32: digests.crc32,
          uploadedBy: actor.userId,
          deliveredAt: now,
          createdAt: now,
        });
        // Recorded: the upload is finished and no longer holds reserved space.
        await deleteUploadReservation(tx, upload.key);
        let replaced: TDeliverableRow | undefined;
        if (metadata.replaces) {
          replaced = await removableFile(tx, actor, metadata.replaces, true);
          if (replaced.orderId !== orderId) throw new AppError('not_found', 'File not found.');
          await recordRemoval(tx, actor, replaced, { deliverableId: deliverable.id, fileName: metadata.filename });
        }
        await insertJobEvent(tx, {
          orderId,
          type: 'file_uploaded',
          metadata: {
            deliverableId: deliverable.id,
            fileName: metadata.filename,
            storageKey: upload.key,
            size: upload.size,
            sha256,
            version,
            round,
          },
          actorUserId: actor.userId,
        });
        await recordAudit(tx, {
          entity: 'deliverable',
          entityId: deliverable.id,
          action: 'upload',
          after: {
            orderId,
            fileName: metadata.filename,
            type,
            size: upload.size,
            sha256,
            storageKey: upload.key,
            version,
            round,
          },
          actorUserId: actor.userId,
        });
        if (order.status === 'scheduled') {
          await moveOrder(tx, order, 'captured', {
            actorUserId: actor.userId,
            at: clock(),
            metadata: { reason: 'first_file' },
          });
        }
        if (tellCustomer) {
          await enqueueEmails(
            tx,
            deliverablesArrivedEmails({
              orderTitle: order.title,
              file: { fileName: metadata.filename, type, size: upload.size },
              recipients: await memberEmailsOf(tx, order.customerOrgId),
              link: `${deps.publicUrl}${PORTAL_PATHS.customer.deliverables}`,
            }),
          );
        }
        return { deliverableId: deliverable.id, emails: tellCustomer, replaced };
      });
      if (result.replaced) await freeStorageOf(result.replaced);
      return { deliverableId: result.deliverableId, sha256 };
    },

    /**
     * Delivers an external tour's address instead of a file (decision 233): under the same rules as
     * an upload (the caller's accepted assignment, an uploadable order, the window started), checked
     * against the admins' hosts, recorded as a deliverable of type `tour` with its job event, audit
     * entry and the customer's e-mail in one transaction. A refusal stores nothing.
     */
    async deliverTourLink(actor: TActor, orderId: string, request: TDeliverTourLinkRequest) {
      const checked = checkTourUrl(request.url, (await deps.tourHosts.get()).hosts);
      if (!checked.ok) throw new AppError('validation_failed', checked.message, { url: checked.message });
      const now = clock();
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const target = await findAcceptedAssignment(tx, orgOf(actor), orderId);
        if (!order || !target) throw new AppError('not_found', NOT_FOUND);
        assertUploadable(order);
        await assertWindowStarted(tx, target, 'upload');
        const quietSince = new Date(now.getTime() - ARRIVAL_EMAIL_QUIET_MINUTES * 60_000);
        const tellCustomer = !(await hasFileUploadedSince(tx, orderId, quietSince));
        // A tour of the same title replaces the earlier one, as a revised file does (decision 134).
        const version = await supersedeEarlierVersions(tx, orderId, request.title, now);
        const round = order.deliveryRound + (order.status === 'changes_requested' ? 1 : 0);
        const deliverable = await insertDeliverable(tx, {
          orderId,
          type: 'tour',
          version,
          round,
          fileLinks: { paths: [] },
          tourUrl: checked.url,
          fileName: request.title,
          size: '0',
          uploadedBy: actor.userId,
          deliveredAt: now,
          createdAt: now,
          // Nothing to draw or convert: the workers never pick it up.
          thumbnailState: 'none',
          treeState: 'none',
        });
        const facts = { deliverableId: deliverable.id, fileName: request.title, tourUrl: checked.url, version, round };
        await insertJobEvent(tx, { orderId, type: 'file_uploaded', metadata: facts, actorUserId: actor.userId });
        await recordAudit(tx, {
          entity: 'deliverable',
          entityId: deliverable.id,
          action: 'deliver_tour_link',
          after: { orderId, type: 'tour', ...facts },
          actorUserId: actor.userId,
        });
        if (order.status === 'scheduled') {
          await moveOrder(tx, order, 'captured', {
            actorUserId: actor.userId,
            at: now,
            metadata: { reason: 'first_file' },
          });
        }
        if (tellCustomer) {
          await enqueueEmails(
            tx,
            tourArrivedEmails({
              orderTitle: order.title,
              title: request.title,
              url: checked.url,
              recipients: await memberEmailsOf(tx, order.customerOrgId),
              link: `${deps.publicUrl}${PORTAL_PATHS.customer.deliverables}`,
            }),
          );
        }
        return { deliverableId: deliverable.id, url: checked.url };
      });
    },

    /** An upload refused or abandoned before completion: its bytes, state and reserved space go. */
    discardUpload: discard,

    /**
     * Removes a file before its delivery (decision 218): the row, with a job event and an audit
     * entry in one transaction, then its stored bytes. 409 once delivered.
     */
    async removeFile(actor: TActor, fileId: string): Promise<TRemovedFile> {
      const file = await db.transaction(async (tx) => {
        const file = await removableFile(tx, actor, fileId, true);
        await recordRemoval(tx, actor, file);
        return file;
      });
      await freeStorageOf(file);
      return { id: file.id, orderId: file.orderId };
    },

    async listTargets(actor: TActor): Promise<TUploadTargetList> {
      const rows = await listAcceptedAssignments(db, orgOf(actor), 200);
      const openedEarly = await uploadsOpenedEarlyOf(
        db,
        rows.map((row) => row.orderId),
      );
      const now = clock();
      return {
        items: rows.map((row) => {
          const opening = openedEarly.get(row.orderId);
          return {
            assignmentId: row.assignmentId,
            orderId: row.orderId,
            title: row.title,
            location: row.location,
            status: row.status as TOrderStatus,
            uploadable: uploadsOpeningOf({ status: row.status, windowStart: row.windowStart }, Boolean(opening), now)
              .open,
            windowStart: row.windowStart ? row.windowStart.toISOString() : null,
            openedEarly: opening ? { reason: opening.reason, at: opening.at.toISOString() } : null,
            fileCount: Number(row.fileCount),
          };
        }),
      };
    },

    /** The latest 20 files of one order (404 when not the caller's), or the 10 most recent of all. */
    async listFiles(actor: TActor, orderId: string | undefined): Promise<TUploadedFileList> {
      if (orderId) await targetOf(actor, orderId);
      const now = clock();
      const rows = await listProviderFiles(db, {
        providerOrgId: orgOf(actor),
        orderId,
        limit: orderId ? ORDER_FILES_LIMIT : RECENT_UPLOADS_LIMIT,
      });
      const checks = await checksOfDeliverables(
        db,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map(
          ({
            thumbnailState,
            thumbnailKey,
            supersededAt,
            round,
            orderStatus,
            orderDeliveryRound,
            treeState,
            treePercent,
            treeKey,
            treeError,
            ...row
          }) => ({
            ...row,
            superseded: supersededAt !== null,
            removable: isFileRemovable({ status: orderStatus, deliveryRound: orderDeliveryRound }, { round }),
            size: Number(row.size),
            createdAt: row.createdAt.toISOString(),
            thumbnailUrl: deps.thumbnails.urlOf({ id: row.id, thumbnailState, thumbnailKey }, now),
            pointTree: deps.pointTrees.viewOf({ id: row.id, treeState, treePercent, treeKey, treeError }, now),
            check: checkViewOf(checks.get(row.id)),
          }),
        ),
      };
    },

    /**
     * Captured (or scheduled, with files) → delivered: needs at least one file; the customer is
     * told. An order whose changes were requested is re-delivered instead (decision 133).
     */
    async markDelivered(actor: TActor, orderId: string): Promise<TMarkDeliveredAnswer> {
      const providerOrgId = orgOf(actor);
      const answer = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const target = await findAcceptedAssignment(tx, providerOrgId, orderId);
        if (!order || !target) throw new AppError('not_found', NOT_FOUND);
        // The quality gate (decision 236), for a first delivery and a re-delivery alike: a current file
        // that failed its check, not let through by an admin, keeps the order from the customer.
        const failing = await failingFilesOfOrder(tx, orderId);
        if (failing.length > 0) {
          throw new AppError('conflict', failedChecksMessage(failing.map((file) => file.fileName)));
        }
        if (order.status === 'changes_requested') {
          const updated = await redeliver(tx, order, {
            actorUserId: actor.userId,
            at: clock(),
            publicUrl: deps.publicUrl,
          });
          return { orderId, status: updated.status as TOrderStatus };
        }
        await assertWindowStarted(tx, target, 'deliver');
        const fileCount = await countDeliverables(tx, orderId);
        if (fileCount === 0)
          throw new AppError('conflict', 'Upload at least one file before marking the order delivered.');
        const updated = await moveOrder(tx, order, 'delivered', { actorUserId: actor.userId, at: clock() });
        const quote = await findAcceptedQuoteOfOrder(tx, orderId);
        if (quote) await deps.invoices.issueForStage(tx, 'delivery', quoteChargeOf(quote, order), actor);
        await recordAudit(tx, {
          entity: 'order',
          entityId: orderId,
          action: 'mark_delivered',
          before: { status: order.status },
          after: { status: updated.status, fileCount },
          actorUserId: actor.userId,
        });
        await enqueueEmails(
          tx,
          orderDeliveredEmails({
            orderTitle: order.title,
            fileCount,
            recipients: await memberEmailsOf(tx, order.customerOrgId),
            link: `${deps.publicUrl}${PORTAL_PATHS.customer.deliverables}`,
          }),
        );
        return { orderId, status: updated.status as TOrderStatus };
      });
      return answer;
    },
  };
}

export type TUploadsService = ReturnType<typeof createUploadsService>;
