import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { ORDER_STATUSES } from './admin-workflow.ts';
import { ZPointTree } from './point-trees.ts';
import { ZFileCheck } from './quality-checks.ts';

/**
 * Deliverable uploads (spec 001 /provider/uploads, §8 'Uploaded' / 'Upload failed', §9 "20 files
 * for a selected order and 10 recent"). The bytes travel over the tus resumable-upload protocol at
 * UPLOADS_PATH; these contracts cover what surrounds it: the orders a provider may upload to, the
 * file lists, and marking an order delivered.
 */

const isoDateTime = z.iso.datetime({ offset: true });

export const UPLOADS_PATH = '/api/provider/uploads';

/** Order states in which the provider holding the accepted assignment may add files. */
export const UPLOADABLE_ORDER_STATUSES = ['scheduled', 'captured', 'delivered', 'changes_requested'] as const;

/**
 * When a job's uploads open (decision 109, told on the job card by decision 201): an order in an
 * uploadable state takes files from its capture window's start, or at once when an admin opened
 * uploads early. The server refuses an upload by the same rule.
 */
export const ZUploadsOpening = z.object({
  open: z.boolean(),
  /** The capture window's start, while that is what uploads wait for. */
  opensAt: isoDateTime.nullable(),
  openedEarly: z.boolean(),
});
export type TUploadsOpening = z.infer<typeof ZUploadsOpening>;

export function uploadsOpeningOf(
  order: { status: string; windowStart: Date | null },
  openedEarly: boolean,
  now: Date,
): TUploadsOpening {
  const uploadable = (UPLOADABLE_ORDER_STATUSES as readonly string[]).includes(order.status);
  const started = order.windowStart === null || order.windowStart.getTime() <= now.getTime();
  return {
    open: uploadable && (started || openedEarly),
    opensAt: order.windowStart && !started && !openedEarly ? order.windowStart.toISOString() : null,
    openedEarly,
  };
}

export const ORDER_FILES_LIMIT = 20;
export const RECENT_UPLOADS_LIMIT = 10;

/** Longest original file name kept (longer ones are refused at creation, before any byte is sent). */
export const MAX_UPLOAD_FILE_NAME = 200;

export const DELIVERABLE_TYPES = ['point_cloud', 'mesh', 'floor_plan', 'other'] as const;
export type TDeliverableType = (typeof DELIVERABLE_TYPES)[number];

export const DELIVERABLE_TYPE_LABELS: Record<string, string> = {
  point_cloud: 'Point cloud',
  mesh: '3D mesh',
  floor_plan: 'Floor plan',
  other: 'Other file',
  file: 'File',
  tour: 'Virtual tour link',
};

const TYPE_OF_EXTENSION: Record<string, TDeliverableType> = {
  e57: 'point_cloud',
  ply: 'point_cloud',
  las: 'point_cloud',
  laz: 'point_cloud',
  xyz: 'point_cloud',
  pts: 'point_cloud',
  ptx: 'point_cloud',
  rcp: 'point_cloud',
  obj: 'mesh',
  fbx: 'mesh',
  glb: 'mesh',
  gltf: 'mesh',
  stl: 'mesh',
  usdz: 'mesh',
  dxf: 'floor_plan',
  dwg: 'floor_plan',
  pdf: 'floor_plan',
  svg: 'floor_plan',
};

/** The kind of deliverable a file is, by its extension (decision 041). */
export function deliverableTypeOf(fileName: string): TDeliverableType {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (extension && TYPE_OF_EXTENSION[extension]) || 'other';
}

// ---------------------------------------------------------------------------------------------
// Orders open for uploads

export const ZUploadTarget = z.object({
  assignmentId: z.uuid(),
  orderId: z.uuid(),
  title: z.string(),
  location: z.string(),
  status: z.enum(ORDER_STATUSES),
  /**
   * Whether files may be added now: the order is scheduled, captured or delivered, and its capture
   * window has started or an admin opened uploads early (decision 109).
   */
  uploadable: z.boolean(),
  /** The confirmed window's start: uploads and Mark delivered open then (null: no window yet). */
  windowStart: isoDateTime.nullable(),
  /** An admin's early opening of uploads before the window, with its reason (null: none). */
  openedEarly: z.object({ reason: z.string(), at: isoDateTime }).nullable(),
  fileCount: z.number().int(),
});
export type TUploadTarget = z.infer<typeof ZUploadTarget>;

export const ZUploadTargetList = z.object({ items: z.array(ZUploadTarget) });
export type TUploadTargetList = z.infer<typeof ZUploadTargetList>;

// ---------------------------------------------------------------------------------------------
// Files

export const ZUploadedFile = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderTitle: z.string(),
  type: z.string(),
  fileName: z.string(),
  size: z.number(),
  checksum: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: isoDateTime,
  /** 1 for the first upload of a name; a revised upload is the next version (decision 134). */
  version: z.number().int(),
  /** A later version exists: this one stays, labelled "Superseded". */
  superseded: z.boolean(),
  /** Not yet delivered: the provider may still remove or replace it (decision 218). */
  removable: z.boolean(),
  /** A signed link to the file's thumbnail; null while there is none (show the type icon). */
  thumbnailUrl: z.string().nullable(),
  /** A point cloud's streaming tree and its progress, or why none was made (decision 226). */
  pointTree: ZPointTree,
  /** The file's quality check (decision 236). */
  check: ZFileCheck,
  /** A tour link's address (decision 233); null for a file. */
  tourUrl: z.string().nullable(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZUploadedFileList = z.object({ items: z.array(ZUploadedFile) });
export type TUploadedFileList = z.infer<typeof ZUploadedFileList>;

export const ZListUploadedFilesQuery = z.object({ order: z.uuid().optional() });

/**
 * Whether a file may still be removed or replaced (decision 218): until the delivery it belongs to
 * is made. Files of a scheduled or captured order, and the next round's files while changes are
 * requested; a file the customer has had delivered stays.
 */
export function isFileRemovable(order: { status: string; deliveryRound: number }, file: { round: number }) {
  if (order.status === 'scheduled' || order.status === 'captured') return true;
  return order.status === 'changes_requested' && file.round > order.deliveryRound;
}

export const ZRemovedFile = z.object({ id: z.uuid(), orderId: z.uuid() });
export type TRemovedFile = z.infer<typeof ZRemovedFile>;

// ---------------------------------------------------------------------------------------------
// Completing an order

export const ZMarkDeliveredAnswer = z.object({
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
});
export type TMarkDeliveredAnswer = z.infer<typeof ZMarkDeliveredAnswer>;

/** The metadata a client sends with a new upload (tus Upload-Metadata, values base64). */
export const ZUploadMetadata = z.object({
  orderId: z.uuid('orderId: expected the id of an order'),
  filename: boundedText(MAX_UPLOAD_FILE_NAME, {
    min: 1,
    message: 'filename: required',
    maxMessage: `filename: at most ${MAX_UPLOAD_FILE_NAME} characters`,
  }),
  sha256: z
    .string()
    .max(64, 'sha256: expected 64 hexadecimal digits')
    .regex(/^[0-9a-f]{64}$/i, 'sha256: expected 64 hexadecimal digits')
    .transform((value) => value.toLowerCase())
    .optional(),
  /** A file of the order this upload replaces once it is recorded (decision 218). */
  replaces: z.uuid('replaces: expected the id of a file').optional(),
});
export type TUploadMetadata = z.infer<typeof ZUploadMetadata>;

/** The spec's words for uploads (spec 001 §5, §8), letter for letter, and our own where it has none. */
export const UPLOAD_TOASTS = {
  uploaded: { title: 'Uploaded', message: 'File uploaded and deliverable recorded.' },
  selectOrderAndFile: { title: 'Select order and file', message: 'Choose an accepted assignment and a file.' },
  uploadFailed: { title: 'Upload failed' },
  uploadFallback: 'Could not upload file',
  delivered: { title: 'Marked delivered', message: 'The customer has been told their files are ready.' },
  failed: { title: 'Failed' },
} as const;
