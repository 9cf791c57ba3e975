import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInAdmin,
  createSignedInUser,
  type TClient,
  type TNewUser,
  type TSignedInUser,
} from '../../../test/accounts.ts';
import { createCustomerOrder, storeDeliverable } from '../../../test/deliverables.ts';
import { captureLog } from '../../../test/log-capture.ts';
import { makeHugeImagePdf, makeImage, makeManyLinesPdf } from '../../../test/made-files.ts';
import { createTestApp, createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL } from '../../../test/workflow.ts';
import type { TContainedLimits } from '../../lib/contained-process.ts';
import { DEFAULT_THUMBNAIL_OPTIONS } from '../../workers/thumbnail-worker.ts';

/**
 * Hostile files (issue 26, decision 171): a thumbnail is made by a contained child process with
 * limits on time, memory and pixels. A file that trips one keeps its type icon at once, with one
 * log line, and the server answers all the while.
 */

const { entries: logLines, stream: logStream } = captureLog<{ msg?: string; limit?: string; deliverableId?: string }>();

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    logger: { level: 'warn', stream: logStream },
  }));
  customer = await newUser('customer_admin', { name: 'Hostile Files Customer' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function thumbnailRow(id: string) {
  const [row] = await t.db.select().from(schema.deliverables).where(eq(schema.deliverables.id, id));
  return row;
}

/** An app of its own whose thumbnail limits are tighter, with an admin and a customer of its own. */
async function withLimits(
  limits: Partial<TContainedLimits>,
  run: (app: TTestApp & { admin: TClient }, owner: TSignedInUser) => Promise<void>,
) {
  const tight = await createTestApp({
    logger: { level: 'warn', stream: logStream },
    thumbnails: { limits: { ...DEFAULT_THUMBNAIL_OPTIONS.limits, ...limits } },
  });
  try {
    const tightAdmin = (await createSignedInAdmin(tight.app)).client;
    const owner = await createSignedInUser(tight.app, tight.db, tightAdmin, {
      role: 'customer_admin',
      organization: { name: 'Tight Limits Customer' },
    });
    await run({ ...tight, admin: tightAdmin }, owner);
  } finally {
    await tight.close();
  }
}

const limitLinesOf = (deliverableId: string) =>
  logLines.filter((line) => line.deliverableId === deliverableId && line.msg === 'thumbnail not made: over a limit');

describe('thumbnails of hostile files', () => {
  it('stops a PDF that draws for too long, and answers every request meanwhile', async () => {
    // A short time limit, so the many-lines PDF (minutes of drawing) trips it soon.
    await withLimits({ timeoutMs: 4_000 }, async (app, owner) => {
      const order = await createCustomerOrder(app.app, app.admin, owner.orgId);
      const pdf = await storeDeliverable(app.app, order.id, 'lines.pdf', makeManyLinesPdf(1_500_000));

      let passEnded = false;
      const pass = app.app.thumbnails.kick().finally(() => {
        passEnded = true;
      });
      // Requests are answered while the file is being read: on the server's thread, they would
      // wait for pdf.js to finish with the page.
      for (let round = 0; round < 3; round++) {
        const health = await app.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        const orders = await owner.client.get('/api/customer/orders');
        expect(orders.statusCode, orders.body).toBe(200);
      }
      expect(passEnded).toBe(false);

      expect(await pass).toEqual({ ready: 0, none: 0, failed: 1 });
      // Not tried again: the same file would only cost the same again.
      const [row] = await app.db.select().from(schema.deliverables).where(eq(schema.deliverables.id, pdf.id));
      expect(row).toMatchObject({ thumbnailState: 'failed', thumbnailAttempts: 1 });
      expect(limitLinesOf(pdf.id)).toEqual([expect.objectContaining({ limit: 'time' })]);
    });
  });

  it('keeps the type icon for a small PDF holding a 12000 x 12000 image, without decoding it', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const pdf = await storeDeliverable(t.app, order.id, 'scan.pdf', await makeHugeImagePdf(12_000));
    expect(pdf.size).toMatch(/^\d{6}$/); // under a megabyte on disk

    expect(await t.app.thumbnails.kick()).toEqual({ ready: 0, none: 0, failed: 1 });
    expect(await thumbnailRow(pdf.id)).toMatchObject({ thumbnailState: 'failed', thumbnailAttempts: 1 });
    expect(limitLinesOf(pdf.id)).toEqual([expect.objectContaining({ limit: 'pixels' })]);
    const files = await customer.client.get(`/api/customer/orders/${order.id}`);
    expect(files.json().deliverables[0].thumbnailUrl).toBeNull();
  });

  it('draws a PDF whose image is within the limit, and an SVG as a raster image', async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const pdf = await storeDeliverable(t.app, order.id, 'plan.pdf', await makeHugeImagePdf(2_000));
    const svg = await storeDeliverable(
      t.app,
      order.id,
      'logo.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><script>alert(1)</script>' +
          '<rect width="400" height="200" fill="#c82828"/></svg>',
      ),
    );
    expect(await t.app.thumbnails.kick()).toEqual({ ready: 2, none: 0, failed: 0 });
    for (const id of [pdf.id, svg.id]) expect((await thumbnailRow(id))?.thumbnailState).toBe('ready');
  });

  it('stops a child past its memory limit', async () => {
    // Below what Node and the image library need to start: every file trips it.
    await withLimits({ maxRssMb: 24 }, async (app, owner) => {
      const order = await createCustomerOrder(app.app, app.admin, owner.orgId);
      const png = await storeDeliverable(app.app, order.id, 'floor.png', await makeImage('png', 3000, 2000));
      expect(await app.app.thumbnails.kick()).toEqual({ ready: 0, none: 0, failed: 1 });
      expect(limitLinesOf(png.id)).toEqual([expect.objectContaining({ limit: 'memory' })]);
    });
  });
});
