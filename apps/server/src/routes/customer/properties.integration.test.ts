import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { schema } from '@spacecapture/db/client';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import {
  createClient,
  errorOf,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { storeDeliverable } from '../../../test/deliverables.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder } from '../../../test/workflow.ts';
import { fillMissingPropertyKeys } from '../../modules/orders/orders-at-property.ts';

/**
 * The property page (decisions 234, 237): the current files of an organisation's orders at one
 * site address, in the portal and through a share link of the property, with pay before download
 * (decision 211) holding back an order whose invoice waits.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let member: TSignedInUser;
let outsider: TSignedInUser;

type TOrder = { id: string; title: string; location: string };
/**
 * One site, 1 Park Row in Leeds, typed three ways: two delivered orders and one whose invoice waits
 * for payment. Another street of Leeds, and York, are other properties.
 */
let siteFirst: TOrder;
let siteSecond: TOrder;
let otherStreet: TOrder;
let york: TOrder;
let siteLocked: TOrder;
let siteId: string;
let otherStreetId: string;
let yorkId: string;
let bristolId: string;
const bytes = {
  plan: Buffer.from('%PDF-1.7 the floor plan of the first order'),
  photo: Buffer.from('the photo of the second order'),
  york: Buffer.from('%PDF-1.7 the York order plan'),
  otherStreet: Buffer.from('%PDF-1.7 the plan of another street of Leeds'),
  locked: Buffer.from('%PDF-1.7 the plan waiting for payment'),
};
const fileIds: Record<string, string> = {};

/** At most this many live links per order, and per property. */
const LINK_CAP = 3;

async function propertyIdOf(client: TClient, orderId: string) {
  const detail = await client.get(`/api/customer/orders/${orderId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().propertyId as string;
}

/** The invoice of an accepted quote of 100 GBP on the order, issued at acceptance (pay in advance). */
async function acceptQuote(orderId: string) {
  const created = await admin.post('/api/admin/quotes', {
    orderId,
    priceBreakdown: { items: [{ label: 'Capture', amount: 100 }], currency: 'GBP' },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${created.json().id}/send`)).statusCode).toBe(200);
  const accepted = await customer.client.post(`/api/customer/quotes/${created.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const invoices = await admin.get(`/api/admin/invoices?orderId=${orderId}`);
  const [invoice] = invoices.json().items as { id: string; number: string; totalMinor: number }[];
  if (!invoice) throw new Error('no invoice was issued');
  return invoice;
}

let invoice: { id: string; number: string; totalMinor: number };

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, SHARE_LINKS_PER_ORDER: String(LINK_CAP) },
  }));
  customer = await newUser('customer_admin', { name: `Property Customer ${randomUUID().slice(0, 6)}` });
  member = await newUser('customer_user', { id: customer.orgId });
  outsider = await newUser('customer_admin', { name: `Other Customer ${randomUUID().slice(0, 6)}` });
  const company = await admin.request('PUT', '/api/admin/billing/company', {
    legalName: 'Space Capture Ltd',
    address: '1 Dock Road\nLondon E1 1AA',
    country: 'GB',
    taxId: 'GB111222333',
    bankDetails: {
      accountHolder: 'Space Capture Ltd',
      bankName: 'Harbour Bank',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
    },
    paymentTermsDays: 14,
  });
  expect(company.statusCode, company.body).toBe(200);
  const currency = await admin.request('PATCH', `/api/admin/customers/${customer.orgId}`, { currency: 'GBP' });
  expect(currency.statusCode, currency.body).toBe(200);

  // One address in other case, punctuation and spacing is one site; the gazetteer places the
  // addresses in their towns (decision 200), which a property does not go by.
  siteFirst = await convertedOrder(t.app, admin, customer.orgId, { location: '1 park row  leeds gb' });
  siteSecond = await convertedOrder(t.app, admin, customer.orgId, { location: '1, PARK-ROW, Leeds (GB)' });
  otherStreet = await convertedOrder(t.app, admin, customer.orgId, { location: '9 Briggate, Leeds, GB' });
  york = await convertedOrder(t.app, admin, customer.orgId, { location: '3 Stonegate, York, GB' });
  siteLocked = await convertedOrder(t.app, admin, customer.orgId, { location: '1 Park Row, Leeds, GB' });
  const bristol = await convertedOrder(t.app, admin, outsider.orgId, { location: '5 Corn Street, Bristol, GB' });

  // The first order's plan was revised: the earlier version is not "current".
  const earlier = await storeDeliverable(t.app, siteFirst.id, 'plan.pdf', Buffer.from('%PDF-1.7 an earlier plan'));
  await t.db
    .update(schema.deliverables)
    .set({ supersededAt: new Date() })
    .where(eq(schema.deliverables.id, earlier.id));
  fileIds.earlier = earlier.id;
  fileIds.plan = (await storeDeliverable(t.app, siteFirst.id, 'plan.pdf', bytes.plan)).id;
  fileIds.photo = (await storeDeliverable(t.app, siteSecond.id, 'photo.jpg', bytes.photo)).id;
  const [tour] = await t.db
    .insert(schema.deliverables)
    .values({
      orderId: siteSecond.id,
      type: 'tour',
      fileName: 'Walkthrough',
      tourUrl: 'https://my.matterport.com/show/?m=property',
      fileLinks: { paths: [] },
      size: '0',
      thumbnailState: 'none',
    })
    .returning();
  fileIds.tour = tour!.id;
  fileIds.york = (await storeDeliverable(t.app, york.id, 'plan.pdf', bytes.york)).id;
  fileIds.otherStreet = (await storeDeliverable(t.app, otherStreet.id, 'plan.pdf', bytes.otherStreet)).id;
  fileIds.locked = (await storeDeliverable(t.app, siteLocked.id, 'plan.pdf', bytes.locked)).id;
  invoice = await acceptQuote(siteLocked.id);
  const billing = await admin.request('PUT', `/api/admin/customers/${customer.orgId}/billing`, {
    mode: 'in_advance',
    depositPercent: null,
    payBeforeDownload: true,
    legalName: null,
    address: null,
    country: null,
    taxId: null,
  });
  expect(billing.statusCode, billing.body).toBe(200);

  siteId = await propertyIdOf(customer.client, siteFirst.id);
  otherStreetId = await propertyIdOf(customer.client, otherStreet.id);
  yorkId = await propertyIdOf(customer.client, york.id);
  bristolId = await propertyIdOf(outsider.client, bristol.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every file of a zip by its path, read by yauzl (an unzipper of its own), each CRC-32 checked. */
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

/** A title as share pages show it: without the address the order's title ends with. */
const sharedTitle = (order: TOrder) => order.title.slice(0, -`, ${order.location}`.length);

type TProperty = {
  propertyId: string;
  label: string;
  placeLabel: string | null;
  orders: { id: string; title: string; paymentLock: { number: string } | null; deliverables: { id: string }[] }[];
};

describe('the property in the portal', () => {
  it("names every order's property by its address: typed otherwise the same site, another street another", async () => {
    expect(siteId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await propertyIdOf(customer.client, siteSecond.id)).toBe(siteId);
    expect(await propertyIdOf(customer.client, siteLocked.id)).toBe(siteId);
    // The same town, another street: another property.
    expect(otherStreetId).not.toBe(siteId);
    expect(yorkId).not.toBe(siteId);
    // An order the gazetteer could not place has its property all the same, without a town.
    const location = `Harbour Yard ${randomUUID()}`;
    const unplaced = await convertedOrder(t.app, admin, customer.orgId, { location });
    const property = (
      await customer.client.get(`/api/customer/properties/${await propertyIdOf(customer.client, unplaced.id)}`)
    ).json() as TProperty;
    expect(property).toMatchObject({ label: location, placeLabel: null });
    expect(property.orders.map((order) => order.id)).toEqual([unplaced.id]);
  });

  it("lists the site's orders, newest first, with their current files and tours and each order's lock", async () => {
    for (const who of [customer, member]) {
      const answer = await who.client.get(`/api/customer/properties/${siteId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const property = answer.json() as TProperty;
      // The address as the newest order gives it, and the town it was placed in.
      expect(property).toMatchObject({
        propertyId: siteId,
        label: '1 Park Row, Leeds, GB',
        placeLabel: 'Leeds, England, GB',
      });
      expect(property.orders.map((order) => order.id)).toEqual([siteLocked.id, siteSecond.id, siteFirst.id]);
      const filesOf = (id: string) =>
        property.orders.find((order) => order.id === id)?.deliverables.map((file) => file.id);
      expect(filesOf(siteFirst.id)).toEqual([fileIds.plan]);
      expect(filesOf(siteSecond.id)).toEqual([fileIds.photo, fileIds.tour]);
      expect(filesOf(siteLocked.id)).toEqual([fileIds.locked]);
      expect(property.orders.map((order) => order.paymentLock?.number ?? null)).toEqual([invoice.number, null, null]);
    }
    const york = (await customer.client.get(`/api/customer/properties/${yorkId}`)).json() as TProperty;
    expect(york.orders.flatMap((order) => order.deliverables.map((file) => file.id))).toEqual([fileIds.york]);
    const briggate = (await customer.client.get(`/api/customer/properties/${otherStreetId}`)).json() as TProperty;
    expect(briggate.orders.map((order) => order.id)).toEqual([otherStreet.id]);
  });

  it("is not found for another organisation's property, or an id without the organisation's orders", async () => {
    const other = await outsider.client.get(`/api/customer/properties/${yorkId}`);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).message).toBe('Property not found.');
    expect((await customer.client.get(`/api/customer/properties/${bristolId}`)).statusCode).toBe(404);
    expect((await customer.client.get(`/api/customer/properties/${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect(
      (await outsider.client.post(`/api/customer/properties/${yorkId}/share-links`, { expiresInDays: 7 })).statusCode,
    ).toBe(404);
    expect((await outsider.client.get(`/api/customer/properties/${yorkId}/archive`)).statusCode).toBe(404);
    expect((await createClient(t.app).get(`/api/customer/properties/${siteId}`)).statusCode).toBe(401);
    // Another organisation with an order at the same address sees its own order there, never ours.
    const theirs = await convertedOrder(t.app, admin, outsider.orgId, { location: '1 Park Row, Leeds, GB' });
    expect(await propertyIdOf(outsider.client, theirs.id)).toBe(siteId);
    const seen = (await outsider.client.get(`/api/customer/properties/${siteId}`)).json() as TProperty;
    expect(seen.orders.map((order) => order.id)).toEqual([theirs.id]);
  });

  it('zips the unlocked orders of the site, a folder per order', async () => {
    const zip = await member.client.get(`/api/customer/properties/${siteId}/archive`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(String(zip.headers['content-disposition'])).toContain('1 Park Row, Leeds, GB.zip');
    expect(await unzip(zip.rawPayload)).toEqual({
      [`${siteSecond.title}/photo.jpg`]: bytes.photo,
      [`${siteFirst.title}/plan.pdf`]: bytes.plan,
    });
  });
});

describe('a share link of the property', () => {
  let token: string;
  let linkId: string;

  it('is made by a customer admin only, and listed with the property, not with its orders', async () => {
    const refused = await member.client.post(`/api/customer/properties/${siteId}/share-links`, { expiresInDays: 7 });
    expect(refused.statusCode).toBe(403);
    const created = await customer.client.post(`/api/customer/properties/${siteId}/share-links`, {
      expiresInDays: 7,
      presentation: 'unbranded',
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as { link: { id: string; orderId: string | null; propertyId: string }; url: string };
    expect(body.link).toMatchObject({ orderId: null, propertyId: siteId, status: 'active' });
    linkId = body.link.id;
    token = body.url.split('/share/')[1] as string;

    const listed = await customer.client.get(`/api/customer/properties/${siteId}/share-links`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((link: { id: string }) => link.id)).toEqual([linkId]);
    const ofOrder = await customer.client.get(`/api/customer/orders/${siteFirst.id}/share-links`);
    expect(ofOrder.json().items).toEqual([]);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, linkId));
    expect(audit.map((entry) => entry.action)).toEqual(['create']);
  });

  it("shows the site's files grouped by order, and not another street's nor a locked order's", async () => {
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    const page = await visitor.get(`/api/public/shares/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    const shared = page.json() as {
      title: string;
      files: { id: string; name: string; tour: unknown }[];
      orders: { title: string; deliveredAt: string; fileIds: string[] }[];
      archiveUrl: string;
    };
    expect(shared.title).toBe('Leeds, England, GB');
    expect(shared.orders).toEqual([
      { title: sharedTitle(siteSecond), deliveredAt: expect.any(String), fileIds: [fileIds.photo, fileIds.tour] },
      { title: sharedTitle(siteFirst), deliveredAt: expect.any(String), fileIds: [fileIds.plan] },
    ]);
    expect(shared.files.map((file) => file.id).sort()).toEqual([fileIds.photo, fileIds.tour, fileIds.plan].sort());
    // No address is on the page (decision 137): it is titled by the town.
    expect(page.body).not.toMatch(/park.?row/i);
    expect(page.body).not.toContain('Briggate');

    const link = await visitor.post(`/api/public/shares/${token}/deliverables/${fileIds.plan}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const downloaded = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(downloaded.rawPayload.equals(bytes.plan)).toBe(true);
    for (const withheld of [fileIds.otherStreet, fileIds.york, fileIds.locked, fileIds.earlier]) {
      const refused = await visitor.post(`/api/public/shares/${token}/deliverables/${withheld}/link`);
      expect(refused.statusCode).toBe(404);
    }
    expect((await visitor.post(`/api/public/shares/${token}/deliverables/${fileIds.tour}/opened`)).statusCode).toBe(
      204,
    );

    // Both orders are the same kind of capture, so the same title: the zip's folders are told apart.
    const zip = await visitor.get(shared.archiveUrl);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(sharedTitle(siteFirst)).toBe(sharedTitle(siteSecond));
    expect(await unzip(zip.rawPayload)).toEqual({
      [`${sharedTitle(siteSecond)}/photo.jpg`]: bytes.photo,
      [`${sharedTitle(siteFirst)} (2)/plan.pdf`]: bytes.plan,
    });

    // The link counts its views and opens per file, as an order's does.
    const listed = (await customer.client.get(`/api/customer/properties/${siteId}/share-links`)).json().items[0];
    expect(listed).toMatchObject({ viewCount: 1, visitorCount: 1 });
    expect(
      listed.fileOpens.map((open: { fileName: string; opens: number }) => [open.fileName, open.opens]).sort(),
    ).toEqual([
      ['Walkthrough', 1],
      ['plan.pdf', 1],
    ]);
  });

  it("adds the locked order's files the moment its invoice is paid", async () => {
    const paid = await admin.post(`/api/admin/invoices/${invoice.id}/payments`, {
      amount: (invoice.totalMinor / 100).toFixed(2),
      currency: 'GBP',
      receivedOn: '2026-12-01',
      reference: 'Transfer',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    const shared = (await visitor.get(`/api/public/shares/${token}`)).json() as { orders: { fileIds: string[] }[] };
    expect(shared.orders.map((order) => order.fileIds)).toEqual([
      [fileIds.locked],
      [fileIds.photo, fileIds.tour],
      [fileIds.plan],
    ]);
    expect((await visitor.post(`/api/public/shares/${token}/deliverables/${fileIds.locked}/link`)).statusCode).toBe(
      200,
    );
  });

  it('stops at once when revoked', async () => {
    expect((await customer.client.post(`/api/customer/share-links/${linkId}/revoke`)).statusCode).toBe(200);
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await visitor.get(`/api/public/shares/${token}`)).statusCode).toBe(410);
    expect((await visitor.get(`/api/public/shares/${token}/archive`)).statusCode).toBe(410);
  });
});

describe('bad input and the cap', () => {
  const linkCount = async () => (await t.db.select({ n: count() }).from(schema.shareLinks))[0]?.n ?? 0;

  it('refuses a malformed property id, a bad expiry or an unknown field with a 400 that stores nothing', async () => {
    const before = await linkCount();
    for (const [url, body] of [
      ['/api/customer/properties/not-a-property/share-links', { expiresInDays: 7 }],
      [`/api/customer/properties/${yorkId}/share-links`, { expiresInDays: 3 }],
      [`/api/customer/properties/${yorkId}/share-links`, { expiresInDays: 7, presentation: 'loud' }],
      [`/api/customer/properties/${yorkId}/share-links`, { expiresInDays: 7, orderId: siteFirst.id }],
    ] as const) {
      const refused = await customer.client.post(url, body);
      expect(refused.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await customer.client.get('/api/customer/properties/x%20y')).statusCode).toBe(400);
    expect((await customer.client.get(`/api/customer/properties/${'A'.repeat(23)}`)).statusCode).toBe(400);
    // A gazetteer place's id (twelve characters) is not a property's.
    expect((await customer.client.get('/api/customer/properties/AAAAAAAAAAAA')).statusCode).toBe(400);
    expect(await linkCount()).toBe(before);
  });

  it("caps a property's live links on their own, beside each order's", async () => {
    for (let made = 0; made < LINK_CAP; made++) {
      const created = await customer.client.post(`/api/customer/properties/${yorkId}/share-links`, {
        expiresInDays: 1,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const over = await customer.client.post(`/api/customer/properties/${yorkId}/share-links`, { expiresInDays: 1 });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(
      `This property already has ${LINK_CAP} active share links, the most allowed. Revoke one to create another.`,
    );
    // The order at that site keeps its own allowance.
    const ofOrder = await customer.client.post(`/api/customer/orders/${york.id}/share-links`, { expiresInDays: 1 });
    expect(ofOrder.statusCode, ofOrder.body).toBe(201);
  });

  it('keeps exactly one of order and property on every link, in the database itself', async () => {
    const base = {
      organizationId: customer.orgId,
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    };
    await expect(t.db.insert(schema.shareLinks).values(base)).rejects.toThrow();
    await expect(
      t.db.insert(schema.shareLinks).values({ ...base, orderId: york.id, propertyId: yorkId }),
    ).rejects.toThrow();
  });
});

describe('orders from before property keys', () => {
  it('are keyed at start as new orders are, and are back on their property', async () => {
    const ordersOf = async (id: string) =>
      ((await customer.client.get(`/api/customer/properties/${id}`)).json() as TProperty).orders.map((o) => o.id);
    await t.db.update(schema.orders).set({ propertyKey: null }).where(eq(schema.orders.id, siteSecond.id));
    expect(await ordersOf(siteId)).not.toContain(siteSecond.id);
    expect(await fillMissingPropertyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(siteId)).toEqual([siteLocked.id, siteSecond.id, siteFirst.id]);
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, siteSecond.id));
    expect(row?.propertyKey).toBe(siteId);
  });
});
