import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteBucketCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { Upload } from '@tus/utils';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig, type TS3Config } from '../../config.ts';
import { StartupError } from '../../lib/startup-error.ts';
import { assertBucketExists, createS3FileStore, s3ClientConfigOf } from './s3-file-store.ts';

/**
 * The S3 driver against fauxqs, an S3-compatible server we did not write, run in-process. It has
 * no ListParts (and answers ListMultipartUploads with an object listing), which tus's S3 store
 * needs for every PATCH and HEAD, so the resumable path is tested against test/fake-s3.ts instead
 * (decision 082). Here: the start-up bucket check, files stored whole, and an upload's abort.
 */

const BUCKET = 'deliverables-third-party';

let server: FauxqsServer;
let localRoot: string;

function configOf(bucket: string): TS3Config {
  return {
    bucket,
    endpoint: `http://127.0.0.1:${server.port}`,
    region: 'us-east-1',
    accessKeyId: 'test-access',
    secretAccessKey: 'test-secret-key',
    forcePathStyle: true,
  };
}

async function textOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  server.createBucket(BUCKET);
  localRoot = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-s3-'));
});
afterAll(async () => {
  await server?.stop();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

describe('the bucket check at start', () => {
  it('passes for an existing bucket and stops the app with one line naming S3_BUCKET for a missing one', async () => {
    await expect(assertBucketExists(configOf(BUCKET))).resolves.toBeUndefined();

    const database = await createTestDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: localRoot,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(localRoot, 'no-web-build'),
        S3_BUCKET: 'no-such-bucket',
        S3_ENDPOINT: configOf(BUCKET).endpoint as string,
        S3_ACCESS_KEY_ID: 'test-access',
        S3_SECRET_ACCESS_KEY: 'test-secret-key',
      });
      const failure = await buildApp({ config, database, startWorkers: false }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartupError);
      const message = (failure as StartupError).message;
      expect(message).toContain('S3_BUCKET');
      expect(message).toContain('"no-such-bucket"');
      expect(message).toContain('does not exist');
      expect(message).not.toContain('\n');
    } finally {
      await database.close();
    }
  });
});

describe('the S3 driver on a third-party server', () => {
  it('stores a file whole, reads it whole and by range, refuses its key while it exists, and removes it', async () => {
    const files = createS3FileStore(configOf(BUCKET), localRoot);
    const key = `applications/${randomUUID()}.pdf`;
    const bytes = randomBytes(70_000);
    const temp = path.join(await files.tempDir(), `${randomUUID()}.tmp`);
    await writeFile(temp, bytes);

    expect(await files.reserve(key)).toBe(true);
    await files.adopt(temp, key);
    expect(await files.reserve(key)).toBe(false);
    const whole = await files.open(key);
    expect(whole.size).toBe(bytes.length);
    expect((await textOf(whole.stream)).equals(bytes)).toBe(true);
    const part = await files.open(key, { start: 100, end: 199 });
    expect(part.size).toBe(bytes.length);
    expect((await textOf(part.stream)).equals(bytes.subarray(100, 200))).toBe(true);

    await files.remove(key);
    await expect(files.open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await files.reserve(key)).toBe(true);
  });

  it('aborts an unfinished upload: its multipart upload and its state go, and the bucket holds nothing', async () => {
    // A bucket of its own: deleting it succeeds only with no object and no multipart upload left.
    const bucket = `aborted-${randomUUID().slice(0, 8)}`;
    server.createBucket(bucket);
    const files = createS3FileStore(configOf(bucket), localRoot);
    const key = `${randomUUID()}/1700000000000_left.e57`;
    const created = await files.uploads.create(
      new Upload({ id: key, size: 12 * 1024 * 1024, offset: 0, metadata: { filename: 'left.e57' } }),
    );
    expect(created.id).toBe(key);
    expect(await files.listUploads()).toEqual([key]);
    expect(await files.reserve(key)).toBe(false);

    // A part already stored, as a first PATCH would leave it.
    const client = new S3Client(s3ClientConfigOf(configOf(bucket)));
    try {
      const { 'upload-id': uploadId } = await (
        files.uploads as unknown as { getMetadata(id: string): Promise<{ 'upload-id': string }> }
      ).getMetadata(key);
      const part = randomBytes(5 * 1024 * 1024);
      await client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 1, Body: part }),
      );

      await files.uploads.remove(key);

      await expect(
        client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 2, Body: part })),
      ).rejects.toMatchObject({ name: 'NoSuchUpload' });
      expect(await files.listUploads()).toEqual([]);
      await expect(files.uploads.getUpload(key)).rejects.toMatchObject({ status_code: 404 });
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    } finally {
      client.destroy();
    }
  });
});
