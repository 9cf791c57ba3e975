import { schema } from '@spacecapture/db/client';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createCustomerOrder, storeDeliverable } from '../../../test/deliverables.ts';
import { makeImage, makePdf } from '../../../test/made-files.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL } from '../../../test/workflow.ts';
import { claimDueThumbnails } from '../deliverables/deliverables-repository.ts';

/**
 * Thumbnails (issue 14, decision 138): made by the worker after upload for PNG, JPEG, WebP and a
 * PDF's first page, stored beside the file and served by signed link with caching headers; every
 * other kind, and a file no library can read, keeps the type icon (no thumbnail URL).
 */

const MINUTE = 60_000;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let offsetMs = 0;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(Date.now() + offsetMs),
    thumbnails: { maxAttempts: 2 },
  }));
  customer = await newUser('customer_admin', { name: 'Thumbnail Customer' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function thumbnailRow(id: string) {
  const [row] = await t.db.select().from(schema.deliverables).where(eq(schema.deliverables.id, id));
  return row;
}

async function orderFiles(orderId: string) {
  const detail = await customer.client.get(`/api/customer/orders/${orderId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().deliverables as { id: string; fileName: string; thumbnailUrl: string | null }[];
}

describe('thumbnails', () => {
  // Four contained children, one per image and PDF: on a loaded two-core machine each takes seconds.
  it('makes WebP thumbnails of a PNG, a JPEG and a PDF page, and a type icon for the rest', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const png = await storeDeliverable(t.app, order.id, 'floor.png', await makeImage('png', 1200, 600));
    const jpeg = await storeDeliverable(t.app, order.id, 'room.jpg', await makeImage('jpeg', 400, 800));
    const small = await storeDeliverable(t.app, order.id, 'tiny.webp', await makeImage('webp', 40, 30));
    const pdf = await storeDeliverable(t.app, order.id, 'report.pdf', makePdf());
    const cloud = await storeDeliverable(t.app, order.id, 'scan.e57', Buffer.from('not an image'));

    // Before the worker ran: no thumbnails yet, every list shows the icon.
    expect((await orderFiles(order.id)).every((file) => file.thumbnailUrl === null)).toBe(true);

    const counts = await t.app.thumbnails.kick();
    expect(counts).toMatchObject({ ready: 4, none: 1, failed: 0 });
    expect((await thumbnailRow(cloud.id))?.thumbnailState).toBe('none');
    const stored = await thumbnailRow(png.id);
    expect(stored?.thumbnailKey).toBe(`${order.id}/thumbnails/${png.id}.webp`);

    const files = await orderFiles(order.id);
    const urlOf = (id: string) => files.find((file) => file.id === id)?.thumbnailUrl ?? null;
    expect(urlOf(cloud.id)).toBeNull();
    const expected = new Map([
      [png.id, { width: 320, height: 160 }],
      [jpeg.id, { width: 160, height: 320 }],
      // Never enlarged.
      [small.id, { width: 40, height: 30 }],
      [pdf.id, { width: 320, height: 160 }],
    ]);
    for (const [id, size] of expected) {
      const url = urlOf(id);
      expect(url, id).toMatch(/^\/api\/thumbnails\//);
      // The link is the authority: no session needed, as on a share page.
      const image = await t.app.inject({ method: 'GET', url: url as string });
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
      const maxAge = Number(/max-age=(\d+)/.exec(String(image.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(3600);
      expect(maxAge).toBeLessThanOrEqual(7200);
      const metadata = await sharp(image.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }, id).toEqual({
        format: 'webp',
        ...size,
      });
    }

    // The PDF's page was drawn: its lower left holds the red rectangle, its upper right is white paper.
    const pdfImage = await t.app.inject({ method: 'GET', url: urlOf(pdf.id) as string });
    const { data, info } = await sharp(pdfImage.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [red, green] = pixel(60, 120);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(60);
    expect(pixel(300, 10).every((channel) => channel > 240)).toBe(true);

    // Another pass has nothing left to do.
    expect(await t.app.thumbnails.kick()).toEqual({ ready: 0, none: 0, failed: 0 });
  }, 120_000);

  it('retries a file no library can read, then leaves the type icon', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const broken = await storeDeliverable(t.app, order.id, 'broken.png', Buffer.from('these bytes are no PNG'));
    expect(await t.app.thumbnails.kick()).toMatchObject({ failed: 1 });
    expect(await thumbnailRow(broken.id)).toMatchObject({ thumbnailState: 'pending', thumbnailAttempts: 1 });
    // Not retried before its back-off...
    expect(await t.app.thumbnails.kick()).toMatchObject({ failed: 0 });
    offsetMs += 2 * MINUTE;
    // ...then once more, the last attempt.
    expect(await t.app.thumbnails.kick()).toMatchObject({ failed: 1 });
    expect(await thumbnailRow(broken.id)).toMatchObject({ thumbnailState: 'failed', thumbnailAttempts: 2 });
    expect((await orderFiles(order.id))[0]?.thumbnailUrl).toBeNull();
  });

  it('refuses a tampered or expired thumbnail link', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const png = await storeDeliverable(t.app, order.id, 'plan.png', await makeImage('png', 64, 64));
    await t.app.thumbnails.kick();
    const url = (await orderFiles(order.id))[0]?.thumbnailUrl as string;
    // One character inside the signature changed (the last one carries padding bits only).
    const at = url.length - 10;
    const tampered = `${url.slice(0, at)}${url[at] === 'A' ? 'B' : 'A'}${url.slice(at + 1)}`;
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // A thumbnail token never opens the file itself.
    const token = url.split('/').at(-1) as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${token}` })).statusCode).toBe(403);
    offsetMs += 3 * 3_600_000;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect(png.id).toBeTruthy();
  });

  it('takes a file recorded in the very millisecond its pass reads the clock', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const file = await storeDeliverable(t.app, order.id, 'hall.png', await makeImage('png', 32, 32));
    // The database records its time in microseconds; the app's clock reads whole milliseconds.
    await t.db.execute(
      sql`update deliverables set thumbnail_next_at = '2026-03-01T09:00:00.000500Z' where id = ${file.id}`,
    );
    const claimedAt = async (now: string) =>
      (await claimDueThumbnails(t.db, new Date(now), 10, MINUTE)).map((row) => row.id);
    expect(await claimedAt('2026-03-01T08:59:59.999Z')).not.toContain(file.id);
    expect(await claimedAt('2026-03-01T09:00:00.000Z')).toContain(file.id);
  });
});
