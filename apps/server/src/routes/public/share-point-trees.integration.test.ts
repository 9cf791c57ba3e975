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
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL } from '../../../test/workflow.ts';

/**
 * A shared point cloud streams its tree (decision 245): the share page's files carry each file's
 * tree with its signed link, the page may read one shared file's tree again while it is built,
 * and a share token never yields the tree of a file the link does not share.
 */

let t: TTestApp;
let admin: TClient;
let customer: TSignedInUser;

beforeAll(async () => {
  let newUser: TNewUser;
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  customer = await newUser('customer_admin', { name: 'Tree Sharing Customer' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const visitor = () => createClient(t.app, { remoteAddress: uniqueAddress() });

async function shareOf(orderId: string) {
  const created = await customer.client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays: 7 });
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
});
