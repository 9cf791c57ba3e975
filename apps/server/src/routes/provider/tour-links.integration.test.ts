import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { TOUR_LINK_MESSAGES } from '@spacecapture/shared/contracts/tour-links';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TSignedInUser } from '../../../test/accounts.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';

/**
 * Tour-link deliverables (decision 233): an https address on a host the admins list, delivered
 * under the upload rules, listed for the customer and on share pages, framed only where the host
 * allows it (and the policy's frame-src names exactly those hosts), never in Download all.
 */

let t: TTestApp;
let dist: string;
const clock = movableClock();
let admin: TClient;
let provider: TSignedInUser;
let rival: TSignedInUser;
let customer: TSignedInUser;
let customerOrgId: string;

const MATTERPORT = 'https://my.matterport.com/show/?m=SxQL3iGyoDo';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-tours-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'app.html'), '<html><body>spa shell</body></html>');
  await writeFile(path.join(dist, '404.html'), '<html><body>not found</body></html>');
  let newUser: Awaited<ReturnType<typeof createTestAppWithAdmin>>['newUser'];
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, WEB_DIST_DIR: dist },
    clock: clock.now,
  }));
  provider = await newUser('provider_admin', { name: `Tour Scans ${randomUUID().slice(0, 6)}` });
  rival = await newUser('provider_admin', { name: `Rival Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

async function scheduledOrder() {
  return (await acceptedJob(t.app, { admin, customerOrgId, provider }, { scheduled: true, clock })).orderId;
}

const deliver = (client: TClient, orderId: string, body: unknown) =>
  client.post(`/api/provider/orders/${orderId}/tour-links`, body);

const rowsOf = (orderId: string) =>
  t.db.select().from(schema.deliverables).where(eq(schema.deliverables.orderId, orderId));

const auditCount = async () =>
  (
    await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'deliverable'), eq(schema.auditLog.action, 'deliver_tour_link')))
  ).length;

function frameSrcOf(headers: Record<string, unknown>) {
  return /frame-src ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];
}

async function setHosts(hosts: { host: string; embeddable: boolean }[]) {
  const saved = await admin.request('PUT', '/api/admin/settings/tour-hosts', { hosts });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('tour-link deliverables', () => {
  it('records a listed https tour, audited, shown framed to the customer and on a share page, never zipped', async () => {
    const orderId = await scheduledOrder();
    const delivered = await deliver(provider.client, orderId, { url: MATTERPORT, title: 'Walkthrough' });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const { deliverableId } = delivered.json() as { deliverableId: string };

    const [row] = await rowsOf(orderId);
    expect(row).toMatchObject({ id: deliverableId, type: 'tour', tourUrl: MATTERPORT, fileName: 'Walkthrough' });
    expect(row?.fileLinks.paths).toEqual([]);
    const audit = await auditOf(t.db, deliverableId);
    expect(audit.map((entry) => [entry.entity, entry.action])).toEqual([['deliverable', 'deliver_tour_link']]);
    expect(audit[0]?.after).toMatchObject({ orderId, tourUrl: MATTERPORT });
    // The first deliverable moves the order to captured, as a first file does.
    const order = (await customer.client.get(`/api/customer/orders/${orderId}`)).json();
    expect(order.status).not.toBe('scheduled');
    expect(order.deliverables).toEqual([
      expect.objectContaining({ id: deliverableId, type: 'tour', tour: { url: MATTERPORT, embeddable: true } }),
    ]);

    // Nothing to check either (decision 236): the quality gate passes it, never failing on missing bytes.
    await t.app.qualityChecks.kick();
    const [checked] = await t.db
      .select()
      .from(schema.deliverableChecks)
      .where(eq(schema.deliverableChecks.deliverableId, deliverableId));
    expect(checked?.state).toBe('passed');

    // Nothing to download: no signed link, and Download all has no file.
    expect((await customer.client.post(`/api/customer/deliverables/${deliverableId}/link`)).statusCode).toBe(404);
    expect((await customer.client.get(`/api/customer/orders/${orderId}/archive`)).statusCode).toBe(404);

    const created = await customer.client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays: 7 });
    expect(created.statusCode, created.body).toBe(201);
    const { link, url } = created.json() as { link: { id: string }; url: string };
    const token = url.split('/share/')[1] as string;
    const shared = (await t.app.inject({ method: 'GET', url: `/api/public/shares/${token}` })).json();
    expect(shared.archiveUrl).toBeNull();
    expect(shared.files).toEqual([
      expect.objectContaining({ id: deliverableId, name: 'Walkthrough', tour: { url: MATTERPORT, embeddable: true } }),
    ]);

    // Opening it on the page counts as an open of it; an id not a tour of this order is not found.
    for (let open = 0; open < 2; open++) {
      const opened = await t.app.inject({
        method: 'POST',
        url: `/api/public/shares/${token}/deliverables/${deliverableId}/opened`,
      });
      expect(opened.statusCode, opened.body).toBe(204);
    }
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/public/shares/${token}/deliverables/${randomUUID()}/opened`,
    });
    expect(stranger.statusCode).toBe(404);
    const links = (await customer.client.get(`/api/customer/orders/${orderId}/share-links`)).json();
    const listed = links.items.find((item: { id: string }) => item.id === link.id);
    expect(listed.fileOpens).toEqual([
      expect.objectContaining({ fileId: deliverableId, fileName: 'Walkthrough', opens: 2 }),
    ]);
  });

  it('refuses http, unlisted hosts, credentials, ports, over-long and malformed input with a 400, storing nothing', async () => {
    const orderId = await scheduledOrder();
    const before = await auditCount();
    const cases: [unknown, string][] = [
      [{ url: 'http://my.matterport.com/show/?m=1', title: 'Tour' }, TOUR_LINK_MESSAGES.notHttps],
      [
        { url: 'https://tours.evil.example/show', title: 'Tour' },
        TOUR_LINK_MESSAGES.hostNotListed('tours.evil.example'),
      ],
      [{ url: 'https://matterport.com.evil.example/', title: 'Tour' }, 'is not on the list'],
      [{ url: 'https://evil.my.matterport.com/', title: 'Tour' }, 'is not on the list'],
      [{ url: 'https://user:secret@kuula.co/share/1', title: 'Tour' }, TOUR_LINK_MESSAGES.credentials],
      [{ url: 'https://kuula.co:8443/share/1', title: 'Tour' }, 'is not on the list'],
      [{ url: `https://kuula.co/share/${'a'.repeat(500)}`, title: 'Tour' }, 'at most 500'],
      [{ url: 'kuula.co/share/1', title: 'Tour' }, TOUR_LINK_MESSAGES.notUrl],
      [{ url: 'javascript:alert(1)', title: 'Tour' }, TOUR_LINK_MESSAGES.notHttps],
      [{ url: 'https://kuula.co/share/1', title: 'Line\nbreak' }, 'single line'],
      [{ url: 'https://kuula.co/share/1', title: '' }, 'title'],
      [{ url: 'https://kuula.co/share/1' }, 'title'],
    ];
    for (const [body, message] of cases) {
      const refused = await deliver(provider.client, orderId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toContain(message);
    }
    expect(await rowsOf(orderId)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('follows the upload rules: another provider’s order is not found, an unknown order too', async () => {
    const orderId = await scheduledOrder();
    const body = { url: 'https://kuula.co/share/collection/7abc', title: 'Kuula tour' };
    expect((await deliver(rival.client, orderId, body)).statusCode).toBe(404);
    expect((await deliver(provider.client, randomUUID(), body)).statusCode).toBe(404);
    expect((await deliver(customer.client, orderId, body)).statusCode).toBe(403);
    expect(await rowsOf(orderId)).toEqual([]);
  });

  it('waits for the capture window like a file upload', async () => {
    const { orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { scheduled: false });
    const refused = await deliver(provider.client, orderId, { url: MATTERPORT, title: 'Too early' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await rowsOf(orderId)).toEqual([]);
  });
});

describe('the admins’ tour hosts and the policy’s frame-src', () => {
  it('widens frame-src by the embeddable listed hosts only, and shows the others as links', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/customer/orders' });
    expect(frameSrcOf(page.headers)).toBe(
      "'self' https://my.matterport.com https://kuula.co https://app.cloudpano.com",
    );

    await setHosts([
      { host: 'my.matterport.com', embeddable: true },
      { host: 'Tours.Example.com', embeddable: false },
    ]);
    const after = await t.app.inject({ method: 'GET', url: '/customer/orders' });
    expect(frameSrcOf(after.headers)).toBe("'self' https://my.matterport.com");
    // Every other directive keeps its strict value.
    const policy = String(after.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");

    // A host no longer listed is refused for new tours; a listed one that may not be framed is a link.
    const orderId = await scheduledOrder();
    const kuula = await deliver(provider.client, orderId, { url: 'https://kuula.co/share/1', title: 'Kuula' });
    expect(kuula.statusCode).toBe(400);
    const linkOnly = await deliver(provider.client, orderId, {
      url: 'https://tours.example.com/t/1',
      title: 'Own tour',
    });
    expect(linkOnly.statusCode, linkOnly.body).toBe(201);
    const order = (await customer.client.get(`/api/customer/orders/${orderId}`)).json();
    expect(order.deliverables[0].tour).toEqual({ url: 'https://tours.example.com/t/1', embeddable: false });

    // No embeddable host at all: no frame-src, default-src 'self' governs frames.
    await setHosts([{ host: 'tours.example.com', embeddable: false }]);
    const none = await t.app.inject({ method: 'GET', url: '/customer/orders' });
    expect(frameSrcOf(none.headers)).toBeUndefined();
    await setHosts([
      { host: 'my.matterport.com', embeddable: true },
      { host: 'kuula.co', embeddable: true },
      { host: 'app.cloudpano.com', embeddable: true },
    ]);
  });

  it('refuses a host that is not a bare host name, duplicates, and non-admins', async () => {
    const read = await admin.get('/api/admin/settings/tour-hosts');
    expect(read.statusCode, read.body).toBe(200);
    const saved = read.json();
    expect(saved.hosts.map((entry: { host: string }) => entry.host)).toEqual([
      'my.matterport.com',
      'kuula.co',
      'app.cloudpano.com',
    ]);
    for (const host of [
      'https://kuula.co',
      'kuula.co/path',
      "kuula.co 'unsafe-inline'",
      '*.kuula.co',
      'kuula.co:443',
      'localhost',
    ]) {
      const refused = await admin.request('PUT', '/api/admin/settings/tour-hosts', {
        hosts: [{ host, embeddable: true }],
      });
      expect(refused.statusCode, host).toBe(400);
    }
    const twice = await admin.request('PUT', '/api/admin/settings/tour-hosts', {
      hosts: [
        { host: 'kuula.co', embeddable: true },
        { host: 'KUULA.co', embeddable: false },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const byCustomer = await customer.client.request('PUT', '/api/admin/settings/tour-hosts', {
      hosts: [{ host: 'kuula.co', embeddable: true }],
    });
    expect(byCustomer.statusCode).toBe(403);
    expect((await admin.get('/api/admin/settings/tour-hosts')).json()).toEqual(saved);
  });
});
