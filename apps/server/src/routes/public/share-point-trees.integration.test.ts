import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import type { TSharedOrder } from '@spacecapture/shared/contracts/share-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { createCustomerOrder, storeDeliverable } from '../../../test/deliverables.ts';
import { makeGeneratedLas } from '../../../test/las-files.ts';
import { makeImage } from '../../../test/made-files.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL } from '../../../test/workflow.ts';

/**
 * A shared point cloud streams its tree (decision 245): the share page's files carry each file's
 * tree with its signed link, the page may read one shared file's tree again while it is built,
 * and a share token never yields the tree of a file the link does not share. The tree and
 * thumbnail links a share page hands out end with the share; the portals' links do not.
 */

let t: TTestApp;
let admin: TClient;
let customer: TSignedInUser;
/** How far the app's clock is ahead of the real one: a share's expiry is reached by moving it. */
let ahead = 0;

beforeAll(async () => {
  let newUser: TNewUser;
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(Date.now() + ahead),
  }));
  customer = await newUser('customer_admin', { name: 'Tree Sharing Customer' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const visitor = () => createClient(t.app, { remoteAddress: uniqueAddress() });

async function shareOf(orderId: string, expiresInDays = 7) {
  const created = await customer.client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays });
  expect(created.statusCode, created.body).toBe(201);
  return String(created.json().url).split('/share/')[1] as string;
}

describe('share pages stream point-cloud trees', () => {
  it("lists the shared cloud's tree, serves it by that link, and refuses the tree of a file not on the link", async () => {
    const shared = await createCustomerOrder(t.app, admin, customer.orgId);
    const other = await createCustomerOrder(t.app, admin, customer.orgId);
    const cloud = await storeDeliverable(t.app, shared.id, 'site.las', await makeGeneratedLas(3_000));
    const plan = await storeDeliverable(t.app, shared.id, 'plan.pdf', Buffer.from('%PDF-1.4 plan'));
    const elsewhere = await storeDeliverable(t.app, other.id, 'other.las', await makeGeneratedLas(3_000));
    const token = await shareOf(shared.id);

    // Before conversion the page says the tree is on its way, and has no link to it.
    const page = visitor();
    const waiting = (await page.get(`/api/public/shares/${token}`)).json() as TSharedOrder;
    expect(waiting.files.find((file) => file.id === cloud.id)?.pointTree).toEqual({
      state: 'pending',
      percent: 0,
      url: null,
      error: null,
    });

    await t.app.pointTrees.kick();
    const opened = await page.get(`/api/public/shares/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const files = (opened.json() as TSharedOrder).files;
    const tree = files.find((file) => file.id === cloud.id)?.pointTree;
    expect(tree).toMatchObject({ state: 'ready', percent: 100, error: null });
    expect(files.find((file) => file.id === plan.id)?.pointTree).toMatchObject({ state: 'none', url: null });
    expect(files.map((file) => file.id)).not.toContain(elsewhere.id);

    // The link opens the tree as the viewer reads it: ept.json, then the root node.
    const eptUrl = String(tree?.url);
    const ept = await page.get(eptUrl);
    expect(ept.statusCode, ept.body).toBe(200);
    expect(ept.json()).toMatchObject({ points: 3_000, dataType: 'binary' });
    const root = await page.get(eptUrl.replace(/ept\.json$/, 'ept-data/0-0-0-0.bin'));
    expect(root.statusCode).toBe(200);
    expect(root.rawPayload.length).toBeGreaterThan(0);

    // Read again for one shared file (no view counted), the same tree; any other file is not found.
    const again = await page.get(`/api/public/shares/${token}/deliverables/${cloud.id}/tree`);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as TPointTree).state).toBe('ready');
    expect((again.json() as TPointTree).url).toMatch(/^\/api\/point-trees\/[^/]+\/ept\.json$/);
    const notShared = await page.get(`/api/public/shares/${token}/deliverables/${elsewhere.id}/tree`);
    expect(notShared.statusCode, notShared.body).toBe(404);
    expect(notShared.body).not.toContain('point-trees');
    const views = await customer.client.get(`/api/customer/orders/${shared.id}/share-links`);
    expect(views.json().items[0]).toMatchObject({ viewCount: 2 });

    // Revoked, the link yields no tree any more.
    const linkId = views.json().items[0].id as string;
    expect((await customer.client.post(`/api/customer/share-links/${linkId}/revoke`)).statusCode).toBe(200);
    expect((await page.get(`/api/public/shares/${token}/deliverables/${cloud.id}/tree`)).statusCode).toBe(410);
  }, 120_000);

  it("ends the share page's tree and thumbnail links when the share is revoked, and leaves the portal's working", async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const cloud = await storeDeliverable(t.app, order.id, 'yard.las', await makeGeneratedLas(2_000));
    const photo = await storeDeliverable(t.app, order.id, 'front.png', await makeImage('png', 400, 300));
    await t.app.pointTrees.kick();
    await t.app.thumbnails.kick();
    const token = await shareOf(order.id);
    const spare = await shareOf(order.id);

    const guest = visitor();
    const files = ((await guest.get(`/api/public/shares/${token}`)).json() as TSharedOrder).files;
    const treeUrl = String(files.find((file) => file.id === cloud.id)?.pointTree.url);
    const rootUrl = treeUrl.replace(/ept\.json$/, 'ept-data/0-0-0-0.bin');
    const thumbnailUrl = String(files.find((file) => file.id === photo.id)?.thumbnailUrl);
    expect(treeUrl).toMatch(/^\/api\/point-trees\/[^/]+\/ept\.json$/);
    expect(thumbnailUrl).toMatch(/^\/api\/thumbnails\/[^/]+$/);
    const ept = await guest.get(treeUrl);
    expect(ept.statusCode, ept.body).toBe(200);
    expect(ept.json()).toMatchObject({ points: 2_000 });
    expect((await guest.get(rootUrl)).statusCode).toBe(200);
    expect((await guest.get(thumbnailUrl)).statusCode).toBe(200);

    // The customer's own links to the same tree and thumbnail.
    const detail = await customer.client.get(`/api/customer/orders/${order.id}`);
    const mine = detail.json().deliverables as { id: string; thumbnailUrl: string | null; pointTree: TPointTree }[];
    const portalTree = String(mine.find((file) => file.id === cloud.id)?.pointTree.url);
    const portalThumbnail = String(mine.find((file) => file.id === photo.id)?.thumbnailUrl);
    expect(portalTree).not.toBe(treeUrl);

    // A share link's part of the token cannot be dropped, nor swapped for another live link's.
    const links = (await customer.client.get(`/api/customer/orders/${order.id}/share-links`)).json().items as {
      id: string;
    }[];
    const linkId = treeUrl.split('/')[3]?.slice(0, 36) as string;
    const spareId = links.find((link) => link.id !== linkId)?.id as string;
    expect(links.map((link) => link.id).sort()).toEqual([linkId, spareId].sort());
    for (const altered of [
      treeUrl.replace(`${linkId}.`, ''),
      treeUrl.replace(linkId, spareId),
      thumbnailUrl.replace(`${linkId}.`, ''),
      thumbnailUrl.replace(linkId, spareId),
    ]) {
      const refused = await guest.get(altered);
      expect(refused.statusCode, altered).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }

    // Revoked: the very URLs the guest holds answer 403 and serve nothing of the tree or the image.
    const revoked = await customer.client.post(`/api/customer/share-links/${linkId}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const url of [treeUrl, rootUrl, thumbnailUrl]) {
      const refused = await guest.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.body).not.toContain('"points"');
    }
    expect((await guest.get(treeUrl)).json()).toMatchObject({ error: { code: 'forbidden' } });

    // The portal's links, and the other share's page, are untouched.
    const portalEpt = await customer.client.get(portalTree);
    expect(portalEpt.statusCode, portalEpt.body).toBe(200);
    expect(portalEpt.json()).toMatchObject({ points: 2_000 });
    expect((await customer.client.get(portalThumbnail)).statusCode).toBe(200);
    const other = ((await visitor().get(`/api/public/shares/${spare}`)).json() as TSharedOrder).files;
    expect((await guest.get(String(other.find((file) => file.id === cloud.id)?.pointTree.url))).statusCode).toBe(200);
  }, 120_000);

  it("ends the share page's tree link when the share expires, though the tree link itself would last longer", async () => {
    const order = await createCustomerOrder(t.app, admin, customer.orgId);
    const cloud = await storeDeliverable(t.app, order.id, 'roof.las', await makeGeneratedLas(1_000));
    await t.app.pointTrees.kick();
    const token = await shareOf(order.id, 1);
    try {
      // Half an hour before the share ends, the page hands out a tree link good for an hour or more.
      ahead = 86_400_000 - 1_800_000;
      const guest = visitor();
      const files = ((await guest.get(`/api/public/shares/${token}`)).json() as TSharedOrder).files;
      const treeUrl = String(files.find((file) => file.id === cloud.id)?.pointTree.url);
      expect((await guest.get(treeUrl)).statusCode).toBe(200);

      ahead = 86_400_000 + 60_000;
      expect((await guest.get(`/api/public/shares/${token}`)).statusCode).toBe(410);
      const refused = await guest.get(treeUrl);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    } finally {
      ahead = 0;
    }
  }, 120_000);
});
