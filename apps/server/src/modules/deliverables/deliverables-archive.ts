import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { TExecutor } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import type { TFileStore } from '../storage/file-store.ts';
import { archiveNames, planArchive, type TArchivePlan, type TOpenSpan } from '../storage/zip-archive.ts';
import { deliverablesOfOrders, recordDeliverableCrc32, type TDeliverableRow } from './deliverables-repository.ts';

/**
 * "Download all" of one order (decision 221), or of a property's orders (decision 234): the current
 * files (superseded versions left out) as a stored zip laid out in advance, read from the store
 * span by span; nothing is copied first.
 */
export type TDeliverablesArchive = {
  plan: TArchivePlan;
  /** Changes whenever a file is added, replaced or renamed: a resumed download checks it (If-Range). */
  etag: string;
  open: TOpenSpan;
  fileCount: number;
};

export function createDeliverablesArchives(deps: { db: TExecutor; files: TFileStore }) {
  const { db, files } = deps;

  /** The CRC-32 of a file recorded without one: the stored file is read once, and the result kept. */
  async function crc32Of(row: TDeliverableRow, key: string) {
    if (row.crc32 !== null) return row.crc32;
    const { stream } = await files.open(key);
    let crc = 0;
    for await (const chunk of stream) crc = crc32(chunk as Buffer, crc);
    await recordDeliverableCrc32(db, row.id, crc);
    return crc;
  }

  /** The current files that have stored bytes (a tour link has none), first delivered first. */
  async function storedFilesOf(orderIds: readonly string[]) {
    const rows = (await deliverablesOfOrders(db, orderIds)).filter((row) => row.supersededAt === null);
    return rows.flatMap((row) => {
      const key = row.fileLinks.paths[0];
      return key ? [{ row, key }] : [];
    });
  }

  /** The archive of the files, each under the name (a path inside the zip) given beside it. */
  async function archiveOf(stored: readonly { row: TDeliverableRow; key: string; name: string }[]) {
    const entries = [];
    for (const { row, key, name } of stored) {
      entries.push({ name, size: Number(row.size), crc32: await crc32Of(row, key), modifiedAt: row.deliveredAt, key });
    }
    const etag = createHash('sha256')
      .update(
        JSON.stringify(entries.map((entry, index) => [stored[index]?.row.id, entry.name, entry.size, entry.crc32])),
      )
      .digest('base64url')
      .slice(0, 32);
    return {
      plan: planArchive(entries),
      etag: `"${etag}"`,
      fileCount: entries.length,
      open: async (key: string, start: number, end: number) => (await files.open(key, { start, end })).stream,
    } satisfies TDeliverablesArchive;
  }

  return {
    async ofOrder(orderId: string): Promise<TDeliverablesArchive> {
      const stored = await storedFilesOf([orderId]);
      if (stored.length === 0) throw new AppError('not_found', 'This order has no files to download yet.');
      const names = archiveNames(stored.map(({ row }) => row.fileName));
      return archiveOf(stored.map((file, index) => ({ ...file, name: names[index] as string })));
    },

    /**
     * The archive of several orders (a property's, decision 234): a folder per order, named as
     * given (made safe and unique like file names), holding that order's current files.
     */
    async ofOrders(orders: readonly { id: string; folder: string }[]): Promise<TDeliverablesArchive> {
      const stored = await storedFilesOf(orders.map((order) => order.id));
      const withFiles = orders.filter((order) => stored.some(({ row }) => row.orderId === order.id));
      if (withFiles.length === 0) throw new AppError('not_found', 'There are no files to download yet.');
      const folders = archiveNames(withFiles.map((order) => order.folder));
      const named = withFiles.flatMap((order, index) => {
        const ofOrder = stored.filter(({ row }) => row.orderId === order.id);
        const names = archiveNames(ofOrder.map(({ row }) => row.fileName));
        return ofOrder.map((file, position) => ({ ...file, name: `${folders[index]}/${names[position]}` }));
      });
      return archiveOf(named);
    },
  };
}

export type TDeliverablesArchives = ReturnType<typeof createDeliverablesArchives>;
