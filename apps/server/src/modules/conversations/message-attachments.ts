import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ATTACHMENT_TYPES, CONVERSATION_MESSAGES } from '@spacecapture/shared/contracts/conversations';
import { AppError } from '@spacecapture/shared/errors';
import type { TFileStore } from '../storage/file-store.ts';

type TAttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The type a file's first bytes show, whatever its name or declared type says. */
export function sniffAttachmentType(head: Buffer): TAttachmentType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

const EXTENSIONS: Record<TAttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A message attachment received into the store's temporary folder, not yet adopted. */
export type TReceivedAttachment = {
  tempPath: string;
  storageKey: string;
  originalName: string;
  contentType: TAttachmentType;
  size: number;
};

const fieldError = (code: 'validation_failed' | 'payload_too_large', message: string) =>
  new AppError(code, message, { attachments: message });

/**
 * Streams one attachment to a temporary file, checking its type by its first bytes and its size by
 * the multipart limit (the parser cuts the stream at 10 MB and marks it truncated).
 */
export async function receiveAttachment(
  store: TFileStore,
  upload: { filename: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
): Promise<TReceivedAttachment> {
  const originalName = path.basename(upload.filename).slice(-200) || 'attachment';
  const tempPath = path.join(await store.tempDir(), `${randomUUID()}.part`);
  let size = 0;
  let head = Buffer.alloc(0);
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(upload.stream, inspect, createWriteStream(tempPath));
    if (upload.stream.truncated) throw fieldError('payload_too_large', CONVERSATION_MESSAGES.attachmentSize);
    const contentType = sniffAttachmentType(head);
    if (!contentType) throw fieldError('validation_failed', CONVERSATION_MESSAGES.attachmentType);
    return {
      tempPath,
      storageKey: `messages/${randomUUID()}.${EXTENSIONS[contentType]}`,
      originalName,
      contentType,
      size,
    };
  } catch (error) {
    await rm(tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('payload_too_large', CONVERSATION_MESSAGES.attachmentSize);
    }
    throw error;
  }
}
