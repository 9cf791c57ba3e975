import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { deliverableTypeOf } from '@spacecapture/shared/contracts/provider-uploads';
import type { FastifyInstance } from 'fastify';
import type { TClient } from './accounts.ts';
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
