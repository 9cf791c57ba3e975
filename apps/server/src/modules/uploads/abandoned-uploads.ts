import type { TDatabase } from '@spacecapture/db/client';
import type { TFileStore } from '../storage/file-store.ts';
import { orderOfKey } from './upload-keys.ts';
import {
  deleteUploadReservation,
  deleteUploadReservationsBefore,
  findDeliverableOfUpload,
} from './uploads-repository.ts';

/** An unfinished upload untouched for this long is given up and its bytes freed (decision 040). */
export const ABANDONED_UPLOAD_MS = 7 * 24 * 3_600_000;

/**
 * Removes unfinished uploads created more than ABANDONED_UPLOAD_MS before `now`. Only uploads with
 * fewer bytes than announced and no deliverable are touched: a finished file is never removed
 * here, even if recording it failed. Their share of the reserved space goes with them, and so does
 * any reservation as old (decision 061: one whose creation failed half-way, or a finished upload
 * whose recording failed). Returns the keys removed.
 */
export async function sweepAbandonedUploads(deps: { db: TDatabase; files: TFileStore; now: Date }) {
  const removed: string[] = [];
  const cutoff = deps.now.getTime() - ABANDONED_UPLOAD_MS;
  for (const key of await deps.files.listUploads()) {
    const orderId = orderOfKey(key);
    if (!orderId) continue;
    const upload = await deps.files.uploads.getUpload(key).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset >= upload.size) continue;
    const created = upload.creation_date ? Date.parse(upload.creation_date) : Number.NaN;
    if (!(created < cutoff)) continue;
    if (await findDeliverableOfUpload(deps.db, orderId, key)) continue;
    await deps.files.uploads.remove(key);
    await deleteUploadReservation(deps.db, key);
    removed.push(key);
  }
  await deleteUploadReservationsBefore(deps.db, new Date(cutoff));
  return removed;
}
