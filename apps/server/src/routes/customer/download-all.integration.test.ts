import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { schema } from '@spacecapture/db/client';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import {
  createClient,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { storeDeliverable, uploadWhole } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';

/**
 * "Download all" (decision 221) and the views of a share link (decision 222): the zip of an order's
 * current files, for the customer and through a share link, read by an independent unzipper and
 * by Range; and the views, visitors and file opens the customer sees on the link.
 */

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let customer: TSignedInUser;
let member: TSignedInUser;
let outsider: TSignedInUser;
let orderId: string;
/** The order's current files, as the zip must hold them. */
const files: Record<string, Buffer> = {
  'walkthrough.mp4': randomBytes(300_000),
  'floor_plan.pdf': Buffer.from('%PDF-1.7 the floor plan'),
  'facade.jpg': randomBytes(40_000),
};
let uploadedId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Archive Scans ${randomUUID().slice(0, 6)}` });
  const customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
  member = await newUser('customer_user', { id: customerOrgId });
  outsider = await newUser('customer_admin', { id: (await createOrganization(admin, 'customer')).id });
  ({ orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock }));
  // One file through a real upload (its CRC-32 computed as it streams), two stored as older rows
  // were, without one; and an earlier version of the plan, which the zip leaves out.
  uploadedId = await uploadWhole(
    t.app,
    provider.client,
    orderId,
    'walkthrough.mp4',
    files['walkthrough.mp4'] as Buffer,
  );
  const older = await storeDeliverable(t.app, orderId, 'floor_plan_v1.pdf', Buffer.from('an older plan'));
  await t.db
    .update(schema.deliverables)
    .set({ fileName: 'floor_plan.pdf', supersededAt: clock.now() })
    .where(eq(schema.deliverables.id, older.id));
  await storeDeliverable(t.app, orderId, 'floor_plan.pdf', files['floor_plan.pdf'] as Buffer);
  await storeDeliverable(t.app, orderId, 'facade.jpg', files['facade.jpg'] as Buffer);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every file of a zip, read by yauzl (an unzipper of its own, not our code). */
function unzip(zip: Buffer) {
  return new Promise<Record<string, Buffer>>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const out: Record<string, Buffer> = {};
      archive.on('error', reject);
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          buffer(stream).then((body) => {
            if (crc32(body) !== entry.crc32) return reject(new Error(`CRC-32 of ${entry.fileName} is wrong`));
            out[entry.fileName] = body;
            archive.readEntry();
          }, reject);
        });
      });
      archive.on('end', () => resolve(out));
      archive.readEntry();
    });
  });
}

async function createShare() {
  const created = await customer.client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays: 7 });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json() as { link: { id: string }; url: string };
  return { id: body.link.id, token: body.url.split('/share/')[1] as string };
}

const archiveOf = (id: string) => `/api/customer/orders/${id}/archive`;

describe('download all', () => {
  it("gives the customer the order's current files as one zip, byte-exact, with its length up front", async () => {
    const answer = await member.client.get(archiveOf(orderId));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"/);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(await unzip(answer.rawPayload)).toEqual(files);

    // The uploaded file's CRC-32 was kept at upload; the older rows' on this first download.
    const rows = await t.db.select().from(schema.deliverables).where(eq(schema.deliverables.orderId, orderId));
    for (const row of rows.filter((r) => r.supersededAt === null)) {
      expect(row.crc32, row.fileName).toBe(crc32(files[row.fileName] as Buffer));
    }
    expect(rows.find((row) => row.id === uploadedId)?.crc32).toBe(crc32(files['walkthrough.mp4'] as Buffer));
  });

  it('serves a range from the middle of the zip, and the whole new zip when the files changed since', async () => {
    const whole = await customer.client.get(archiveOf(orderId));
    const etag = String(whole.headers.etag);
    const start = 150_000;
    const end = whole.rawPayload.length - 50;
    const part = await customer.client.get(archiveOf(orderId), {
      headers: { range: `bytes=${start}-${end}`, 'if-range': etag },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(start, end + 1))).toBe(true);

    const beyond = await customer.client.get(archiveOf(orderId), {
      headers: { range: `bytes=${whole.rawPayload.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.rawPayload.length}`);

    const stale = await customer.client.get(archiveOf(orderId), {
      headers: { range: `bytes=${start}-`, 'if-range': '"another-archive"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole.rawPayload)).toBe(true);
  });

  it("refuses another organisation's order, an unknown one and the signed out", async () => {
    const other = await outsider.client.get(archiveOf(orderId));
    expect(other.statusCode).toBe(404);
    const unknown = await customer.client.get(archiveOf(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    const anonymous = await createClient(t.app).get(archiveOf(orderId));
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the same zip through a live share link, and 410 once it is revoked', async () => {
    const { id, token } = await createShare();
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    const page = await visitor.get(`/api/public/shares/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    const { archiveUrl } = page.json() as { archiveUrl: string };
    expect(archiveUrl).toBe(`/api/public/shares/${token}/archive`);
    const zip = await visitor.get(archiveUrl);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(await unzip(zip.rawPayload)).toEqual(files);
    // The zip is named by the shared title, which leaves the customer's address off.
    expect(String(zip.headers['content-disposition'])).not.toMatch(/Dock Road/);
    expect(String(zip.headers['content-disposition'])).toMatch(/\.zip/);

    await customer.client.post(`/api/customer/share-links/${id}/revoke`);
    const gone = await visitor.get(archiveUrl);
    expect(gone.statusCode).toBe(410);
  });
});

describe('views of a share link', () => {
  type TListed = {
    id: string;
    viewCount: number;
    visitorCount: number;
    lastViewedAt: string | null;
    fileOpens: { fileId: string; fileName: string; opens: number }[];
  };
  async function listed(id: string) {
    const list = await customer.client.get(`/api/customer/orders/${orderId}/share-links`);
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().items as TListed[]).find((item) => item.id === id) as TListed;
  }

  it('counts views, visitors once a day, and opens per file, keeping no address', async () => {
    const { id, token } = await createShare();
    const address = uniqueAddress();
    const first = createClient(t.app, { remoteAddress: address, userAgent: 'Browser A' });
    const second = createClient(t.app, { remoteAddress: uniqueAddress(), userAgent: 'Browser B' });
    for (const client of [first, first, second]) {
      expect((await client.get(`/api/public/shares/${token}`)).statusCode).toBe(200);
    }
    const page = (await first.get(`/api/public/shares/${token}`)).json() as { files: { id: string; name: string }[] };
    const plan = page.files.find((file) => file.name === 'floor_plan.pdf' && file.id !== uploadedId);
    const video = page.files.find((file) => file.id === uploadedId);
    for (const file of [plan, plan, video]) {
      const link = await second.post(`/api/public/shares/${token}/deliverables/${file?.id}/link`);
      expect(link.statusCode, link.body).toBe(200);
    }

    const seen = await listed(id);
    expect(seen).toMatchObject({ viewCount: 4, visitorCount: 2 });
    expect(seen.lastViewedAt).not.toBeNull();
    expect(seen.fileOpens.map((open) => [open.fileName, open.opens])).toEqual([
      ['floor_plan.pdf', 2],
      ['walkthrough.mp4', 1],
    ]);

    // What is kept of a visitor is a salted hash: not the address, nor its plain hash.
    const kept = await t.db.select().from(schema.shareLinkVisitors).where(eq(schema.shareLinkVisitors.shareLinkId, id));
    expect(kept).toHaveLength(2);
    expect(JSON.stringify(kept)).not.toContain(address);

    // The next day the same visitor counts again; yesterday's hashes and salt are gone.
    const yesterday = clock.now().toISOString().slice(0, 10);
    clock.advance(86_400_000);
    expect((await first.get(`/api/public/shares/${token}`)).statusCode).toBe(200);
    expect(await listed(id)).toMatchObject({ viewCount: 5, visitorCount: 3 });
    const salts = await t.db.select().from(schema.shareVisitSalts);
    expect(salts.map((salt) => salt.day)).not.toContain(yesterday);
    const old = await t.db
      .select()
      .from(schema.shareLinkVisitors)
      .where(inArray(schema.shareLinkVisitors.day, [yesterday]));
    expect(old).toEqual([]);
  });

  it('leaves a link the visitor cannot reach uncounted', async () => {
    const { id, token } = await createShare();
    await customer.client.post(`/api/customer/share-links/${id}/revoke`);
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await visitor.get(`/api/public/shares/${token}`)).statusCode).toBe(410);
    expect(await listed(id)).toMatchObject({ viewCount: 0, visitorCount: 0, fileOpens: [] });
  });
});
