import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { TS3Config } from '../../config.ts';
import { StartupError } from '../../lib/startup-error.ts';
import { assertSafeKey, type TFileStore } from './file-store.ts';

/** Part size of resumable uploads: 10,000 parts (S3's limit) of 64 MiB carry 625 GiB. */
const UPLOAD_PART_BYTES = 64 * 1024 * 1024;

export function s3ClientConfigOf(config: TS3Config) {
  return {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
    // aws-chunked uploads with trailing checksums; integrity is our own SHA-256 (decision 042).
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

function isNotFound(error: unknown) {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/**
 * Stops the start with one line when the bucket is missing, refused or unreachable: otherwise the
 * first sign would be a failed upload. Connection and request times are bounded so a silent
 * endpoint cannot hang the start.
 */
export async function assertBucketExists(config: TS3Config) {
  const client = new S3Client({
    ...s3ClientConfigOf(config),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
  });
  const where = `bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) throw new StartupError(`S3_BUCKET: the ${where} does not exist; create it first.`);
    if (status === 401 || status === 403) {
      throw new StartupError(
        `S3_BUCKET: the ${where} refused access (${status}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`,
      );
    }
    const reason = String((error as Error).message ?? error).replaceAll(/\s+/g, ' ');
    throw new StartupError(`S3_BUCKET: the ${where} could not be checked: ${reason}`);
  } finally {
    client.destroy();
  }
}

/**
 * Readiness's check of the bucket: one HeadBucket on a client of its own, kept between checks,
 * answering within a second or failing (an unreachable bucket means uploads fail; the load
 * balancer must see that).
 */
export function createBucketProbe(config: TS3Config) {
  const client = new S3Client({
    ...s3ClientConfigOf(config),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 1_000 },
  });
  return {
    check: async () => {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
    },
    close: () => client.destroy(),
  };
}

/** The local driver's "no such file" shape, so callers handle both drivers alike. */
function missing(key: string) {
  return Object.assign(new Error(`No stored file at ${key}`), { code: 'ENOENT' });
}

/**
 * Files in an S3-compatible bucket. Small uploads (portfolios) are staged on local disk and put
 * whole; resumable uploads go through tus's S3 store as multipart uploads straight to their key,
 * with their state in `<key>.info` objects, so any instance can continue them.
 */
export function createS3FileStore(
  config: TS3Config,
  localRoot: string,
  client = new S3Client(s3ClientConfigOf(config)),
): TFileStore {
  const Bucket = config.bucket;
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  const uploads = new S3Store({
    partSize: UPLOAD_PART_BYTES,
    maxConcurrentPartUploads: 4,
    s3ClientConfig: { bucket: Bucket, ...s3ClientConfigOf(config) },
  });
  // tus's remove (termination, the sweep) aborts the multipart upload and deletes the object and
  // its state, but not the unfinished tail part of an upload stopped mid-part.
  const removeUpload = uploads.remove.bind(uploads);
  uploads.remove = async (key) => {
    await removeUpload(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: `${assertSafeKey(key)}.part` }));
  };
  return {
    kind: 's3',
    async adopt(tempPath, key) {
      const { size } = await stat(tempPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Body: createReadStream(tempPath),
          ContentLength: size,
        }),
      );
      await rm(tempPath, { force: true });
    },
    async open(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertSafeKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
        return { stream: answer.Body as Readable, size: total ? Number(total) : Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) throw missing(key);
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      // A finished upload's object, its tus state and any unfinished tail part.
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }], Quiet: true },
        }),
      );
    },
    async tempDir() {
      const dir = path.join(localRoot, '.incoming');
      await mkdir(dir, { recursive: true });
      return dir;
    },
    async discardTemp(tempPath) {
      await rm(tempPath, { force: true });
    },
    async reserve(key) {
      assertSafeKey(key);
      // Keys carry a millisecond timestamp; a check of both the object and an upload's state
      // object is enough (two creations of one name in one millisecond are refused by the caller's retry).
      return !(await exists(key)) && !(await exists(`${key}.info`));
    },
    uploads,
    async listUploads() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key?.endsWith('.info')) keys.push(object.Key.slice(0, -'.info'.length));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
  };
}
