import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TStoredFile } from '@spacecapture/db/schema';
import { PORTFOLIO_EXTENSIONS, PORTFOLIO_MESSAGES } from '@spacecapture/shared/contracts/public-forms';
import { AppError } from '@spacecapture/shared/errors';
import type { TFileStore } from '../storage/file-store.ts';

/** What each allowed extension's content must start with: the name alone proves nothing. */
const SIGNATURES: Record<(typeof PORTFOLIO_EXTENSIONS)[number], { type: string; magic: readonly number[][] }> = {
  '.pdf': { type: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  '.zip': {
    type: 'application/zip',
    magic: [
      [0x50, 0x4b, 0x03, 0x04],
      [0x50, 0x4b, 0x05, 0x06],
    ],
  },
  '.jpg': { type: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  '.jpeg': { type: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  '.png': { type: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
};

function allowedExtension(fileName: string) {
  const extension = path.extname(fileName).toLowerCase();
  return (PORTFOLIO_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as (typeof PORTFOLIO_EXTENSIONS)[number])
    : undefined;
}

function startsWithAny(head: Buffer, magic: readonly number[][]) {
  return magic.some((bytes) => bytes.every((byte, index) => head[index] === byte));
}

/** A file written to the store's temporary folder, not yet part of any record. */
export type TReceivedFile = { tempPath: string; file: TStoredFile };

/**
 * Streams an uploaded portfolio to a temporary file while hashing it and checking that its first
 * bytes match its extension. Never holds the file in memory. The caller adopts or discards it.
 */
export async function receivePortfolio(
  store: TFileStore,
  upload: { filename: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
): Promise<TReceivedFile> {
  const originalName = path.basename(upload.filename).slice(-200) || 'portfolio';
  const extension = allowedExtension(originalName);
  if (!extension)
    throw new AppError('validation_failed', PORTFOLIO_MESSAGES.type, { portfolio: PORTFOLIO_MESSAGES.type });
  const signature = SIGNATURES[extension];
  const tempPath = path.join(await store.tempDir(), `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(upload.stream, inspect, createWriteStream(tempPath));
    if (upload.stream.truncated) {
      throw new AppError('payload_too_large', PORTFOLIO_MESSAGES.size, { portfolio: PORTFOLIO_MESSAGES.size });
    }
    if (!startsWithAny(head, signature.magic)) {
      throw new AppError('validation_failed', PORTFOLIO_MESSAGES.type, { portfolio: PORTFOLIO_MESSAGES.type });
    }
  } catch (error) {
    await rm(tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', PORTFOLIO_MESSAGES.size, { portfolio: PORTFOLIO_MESSAGES.size });
    }
    throw error;
  }
  return {
    tempPath,
    file: {
      storageKey: `applications/${randomUUID()}${extension === '.jpeg' ? '.jpg' : extension}`,
      originalName,
      contentType: signature.type,
      size,
      sha256: hash.digest('hex'),
    },
  };
}
