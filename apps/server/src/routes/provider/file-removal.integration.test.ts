import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TSignedInUser } from '../../../test/accounts.ts';
import { type TTusArgs, tusMetadata, tusRequest } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, createOrganization, jobEventsOf } from '../../../test/workflow.ts';

/**
 * Removing and replacing a file before delivery (decision 218): the row goes with a job event and
 * an audit entry, the stored bytes are freed, an earlier version is current again; once the order
 * is delivered both are refused with 409 and nothing changes.
 */

const UPLOADS = '/api/provider/uploads';

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let provider: TSignedInUser;
let rival: TSignedInUser;
let customer: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  let newUser: Awaited<ReturnType<typeof createTestAppWithAdmin>>['newUser'];
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Tidy Scans ${randomUUID().slice(0, 6)}` });
  rival = await newUser('provider_admin', { name: `Rival Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const tus = (...args: TTusArgs) => tusRequest(t.app, ...args);

async function scheduledOrder() {
  return (await acceptedJob(t.app, { admin, customerOrgId, provider }, { scheduled: true, clock })).orderId;
}

async function create(orderId: string, fileName: string, length: number, replaces?: string) {
  return tus(provider.client, 'POST', UPLOADS, {
    headers: {
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ orderId, filename: fileName, ...(replaces ? { replaces } : {}) }),
    },
  });
}

async function uploaded(orderId: string, fileName: string, bytes: Buffer, replaces?: string) {
  const created = await create(orderId, fileName, bytes.length, replaces);
  expect(created.statusCode, created.body).toBe(201);
  const done = await tus(provider.client, 'PATCH', String(created.headers.location), {
    headers: { 'upload-offset': '0' },
    body: bytes,
  });
  expect(done.statusCode, done.body).toBe(204);
  const id = String(done.headers['upload-deliverable-id']);
  const [row] = await t.db.select().from(schema.deliverables).where(eq(schema.deliverables.id, id));
  return row as typeof schema.deliverables.$inferSelect;
}

const filesOf = async (orderId: string) =>
  (await provider.client.get(`/api/provider/files?order=${orderId}`)).json().items as {
    id: string;
    fileName: string;
    version: number;
    superseded: boolean;
    removable: boolean;
  }[];

async function isStored(key: string) {
  try {
    const { stream } = await t.app.files.open(key);
    stream.destroy();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

describe('removing a file before delivery', () => {
  it('removes the row, audits it, notes it on the job and frees its storage', async () => {
    const orderId = await scheduledOrder();
    const file = await uploaded(orderId, 'wrong site.e57', randomBytes(5000));
    const key = file.fileLinks.paths[0] as string;
    expect(await isStored(key)).toBe(true);
    expect((await filesOf(orderId)).map((row) => row.removable)).toEqual([true]);

    const removed = await provider.client.delete(`/api/provider/files/${file.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: file.id, orderId });
    expect(await filesOf(orderId)).toEqual([]);
    expect(await isStored(key)).toBe(false);
    const audit = await auditOf(t.db, file.id);
    expect(audit.map((entry) => entry.action)).toEqual(['upload', 'remove']);
    expect(audit[1]?.before).toMatchObject({ fileName: 'wrong site.e57', size: 5000, storageKey: key });
    expect(audit[1]?.actorUserId).toBe(provider.userId);
    const events = await jobEventsOf(t.db, orderId);
    expect(events.at(-1)).toMatchObject({ type: 'file_removed', metadata: { fileName: 'wrong site.e57' } });

    // Gone: a second removal finds nothing.
    expect((await provider.client.delete(`/api/provider/files/${file.id}`)).statusCode).toBe(404);
  });

  it('makes the earlier version current again when the latest is removed', async () => {
    const orderId = await scheduledOrder();
    await uploaded(orderId, 'plan.pdf', randomBytes(100));
    const second = await uploaded(orderId, 'plan.pdf', randomBytes(200));
    expect((await filesOf(orderId)).map((row) => [row.version, row.superseded])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect((await provider.client.delete(`/api/provider/files/${second.id}`)).statusCode).toBe(200);
    expect((await filesOf(orderId)).map((row) => [row.version, row.superseded])).toEqual([[1, false]]);
  });

  it('refuses another provider’s file as not found, and a malformed id, changing nothing', async () => {
    const orderId = await scheduledOrder();
    const file = await uploaded(orderId, 'mine.obj', randomBytes(100));
    expect((await rival.client.delete(`/api/provider/files/${file.id}`)).statusCode).toBe(404);
    expect((await provider.client.delete('/api/provider/files/not-an-id')).statusCode).toBe(400);
    expect(await filesOf(orderId)).toHaveLength(1);
  });

  it('is refused with 409 once the order is delivered: the file and its bytes stay', async () => {
    const orderId = await scheduledOrder();
    const file = await uploaded(orderId, 'final.e57', randomBytes(100));
    const delivered = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await filesOf(orderId)).map((row) => row.removable)).toEqual([false]);

    const refused = await provider.client.delete(`/api/provider/files/${file.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('has been delivered');
    expect(await filesOf(orderId)).toHaveLength(1);
    expect(await isStored(file.fileLinks.paths[0] as string)).toBe(true);
    expect((await auditOf(t.db, file.id)).map((entry) => entry.action)).toEqual(['upload']);
  });
});

describe('while the customer asks for changes', () => {
  it('keeps the delivered round’s files and lets the next round’s go', async () => {
    const orderId = await scheduledOrder();
    const delivered = await uploaded(orderId, 'round one.e57', randomBytes(100));
    expect((await provider.client.post(`/api/provider/orders/${orderId}/delivered`)).statusCode).toBe(200);
    const requested = await customer.client.post(`/api/customer/orders/${orderId}/request-changes`, {
      comments: [{ body: 'Please add the basement.' }],
    });
    expect(requested.statusCode, requested.body).toBe(200);

    const revised = await uploaded(orderId, 'round two.e57', randomBytes(200));
    const listed = await filesOf(orderId);
    expect(Object.fromEntries(listed.map((row) => [row.fileName, row.removable]))).toEqual({
      'round one.e57': false,
      'round two.e57': true,
    });
    expect((await provider.client.delete(`/api/provider/files/${delivered.id}`)).statusCode).toBe(409);
    expect((await provider.client.delete(`/api/provider/files/${revised.id}`)).statusCode).toBe(200);
    expect((await filesOf(orderId)).map((row) => row.fileName)).toEqual(['round one.e57']);
  });
});

describe('replacing a file before delivery', () => {
  it('records the new file and removes the old one in one step, freeing its storage', async () => {
    const orderId = await scheduledOrder();
    const old = await uploaded(orderId, 'Level 1.e57', randomBytes(3000));
    const bytes = randomBytes(4000);
    const replacement = await uploaded(orderId, 'Level 1 fixed.e57', bytes, old.id);
    expect(replacement.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await filesOf(orderId)).map((row) => row.fileName)).toEqual(['Level 1 fixed.e57']);
    expect(await isStored(old.fileLinks.paths[0] as string)).toBe(false);
    const audit = await auditOf(t.db, old.id);
    expect(audit.map((entry) => entry.action)).toEqual(['upload', 'replace']);
    expect(audit[1]?.after).toMatchObject({ replacedBy: replacement.id, fileName: 'Level 1 fixed.e57' });
  });

  it('is refused before any byte is sent once the order is delivered, and for a file of another order', async () => {
    const orderId = await scheduledOrder();
    const file = await uploaded(orderId, 'kept.pdf', randomBytes(100));
    const otherOrder = await scheduledOrder();
    const elsewhere = await create(otherOrder, 'new.pdf', 100, file.id);
    expect(elsewhere.statusCode).toBe(404);

    expect((await provider.client.post(`/api/provider/orders/${orderId}/delivered`)).statusCode).toBe(200);
    const refused = await create(orderId, 'new.pdf', 100, file.id);
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).error.message).toContain('has been delivered');
    expect((await filesOf(orderId)).map((row) => row.fileName)).toEqual(['kept.pdf']);
  });
});
