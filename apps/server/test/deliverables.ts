import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { deliverableTypeOf } from '@spacecapture/shared/contracts/provider-uploads';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { APP_ORIGIN, type TClient } from './accounts.ts';
import { convertedOrder } from './workflow.ts';

/** An order of the customer organisation, converted from a lead by the admin. */
export function createCustomerOrder(app: FastifyInstance, admin: TClient, customerOrgId: string) {
  return convertedOrder(app, admin, customerOrgId, { location: `Leeds ${randomUUID().slice(0, 6)}` });
}

/** A deliverable of the order with these bytes in the file store, as a finished upload leaves it. */
export async function storeDeliverable(app: FastifyInstance, orderId: string, fileName: string, bytes: Buffer) {
  const key = `${orderId}/${Date.now()}_${fileName}`;
  const temp = path.join(await app.files.tempDir(), randomUUID());
  await writeFile(temp, bytes);
  await app.files.adopt(temp, key);
  const [row] = await app.db
    .insert(schema.deliverables)
    .values({
      orderId,
      type: deliverableTypeOf(fileName),
      fileLinks: { paths: [key] },
      fileName,
      size: String(bytes.length),
    })
    .returning();
  if (!row) throw new Error('deliverable insert returned nothing');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Uploads over tus

const UPLOADS_URL = '/api/provider/uploads';

/** The Upload-Metadata header of tus: each value in base64. */
export function tusMetadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * A tus request as tus-js-client sends it: our Origin and Tus-Resumable 1.0.0 unless `headers`
 * say otherwise, the cookies of `client` (none without one) and, on a PATCH, its content type.
 */
export function tusRequest(
  app: FastifyInstance,
  client: TClient | null,
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS',
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer } = {},
) {
  const headers: Record<string, string> = { 'tus-resumable': '1.0.0', origin: APP_ORIGIN, ...options.headers };
  const cookie = client?.jar.header();
  if (cookie) headers.cookie = cookie;
  if (method === 'PATCH') headers['content-type'] = 'application/offset+octet-stream';
  return app.inject({ method, url, headers, ...(options.body ? { payload: options.body } : {}) });
}

/** tusRequest's arguments after the app, for a test's own `tus(…)` on its app. */
export type TTusArgs = Parameters<typeof tusRequest> extends [FastifyInstance, ...infer R] ? R : never;

/** One whole-file tus upload by `client` (the creation, then one PATCH): the new deliverable's id. */
export async function uploadWhole(
  app: FastifyInstance,
  client: TClient,
  orderId: string,
  fileName: string,
  bytes: Buffer,
) {
  const created = await tusRequest(app, client, 'POST', UPLOADS_URL, {
    headers: { 'upload-length': String(bytes.length), 'upload-metadata': tusMetadata({ orderId, filename: fileName }) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const done = await tusRequest(app, client, 'PATCH', String(created.headers.location), {
    headers: { 'upload-offset': '0' },
    body: bytes,
  });
  expect(done.statusCode, done.body).toBe(204);
  return String(done.headers['upload-deliverable-id']);
}
