import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignedInUser } from '../../../test/accounts.ts';
import { createCustomerOrder } from '../../../test/deliverables.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL } from '../../../test/workflow.ts';

/**
 * Embeds of a share link (decision 224): its embed page may be framed only by the sites the
 * customer lists on that link (`frame-ancestors`); every other page keeps refusing to be framed.
 */

let t: TTestApp;
let dist: string;
let customer: TSignedInUser;
let member: TSignedInUser;
let orderId: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-embed-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'app.html'), '<html><body>spa shell</body></html>');
  await writeFile(path.join(dist, '404.html'), '<html><body>not found</body></html>');
  const setup = await createTestAppWithAdmin({ env: { COMPANY_EMAIL, WEB_DIST_DIR: dist } });
  t = setup.t;
  customer = await setup.newUser('customer_admin', { name: 'Embedding Customer' });
  member = await setup.newUser('customer_user', { id: customer.orgId });
  orderId = (await createCustomerOrder(t.app, setup.admin, customer.orgId)).id;
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

async function createShare() {
  const created = await customer.client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays: 7 });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json() as { link: { id: string; embedOrigins: string[] }; url: string };
  return { ...body.link, token: body.url.split('/share/')[1] as string };
}

function frameAncestorsOf(headers: Record<string, unknown>) {
  return /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];
}

describe('embeds of a share link', () => {
  it('lets only the listed sites frame the embed page, and no other page', async () => {
    const link = await createShare();
    expect(link.embedOrigins).toEqual([]);
    // No site listed yet: the embed page refuses framing like every page.
    const closed = await t.app.inject({ method: 'GET', url: `/embed/${link.token}` });
    expect(closed.statusCode).toBe(200);
    expect(frameAncestorsOf(closed.headers)).toBe("'none'");
    expect(closed.headers['x-frame-options']).toBe('DENY');

    const listed = await customer.client.request('PATCH', `/api/customer/share-links/${link.id}`, {
      embedOrigins: ['https://listings.example', 'https://agent.example:8443', 'https://listings.example'],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().embedOrigins).toEqual(['https://listings.example', 'https://agent.example:8443']);
    expect((await auditOf(t.db, link.id)).map((entry) => entry.action)).toEqual(['create', 'update']);

    const open = await t.app.inject({ method: 'GET', url: `/embed/${link.token}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('spa shell');
    expect(frameAncestorsOf(open.headers)).toBe('https://listings.example https://agent.example:8443');
    expect(open.headers['x-frame-options']).toBeUndefined();
    expect(open.headers['x-robots-tag']).toMatch(/noindex/);

    // The share page itself, the API and the portal still refuse every frame.
    for (const url of [`/share/${link.token}`, '/customer/orders', `/api/public/shares/${link.token}`]) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(frameAncestorsOf(other.headers), url).toBe("'none'");
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }

    // Revoked, or a token of no link: refused again.
    await customer.client.post(`/api/customer/share-links/${link.id}/revoke`);
    for (const token of [link.token, 'A'.repeat(43), 'not-a-token']) {
      const refused = await t.app.inject({ method: 'GET', url: `/embed/${token}` });
      expect(frameAncestorsOf(refused.headers), token).toBe("'none'");
    }
  });

  it('takes only bare https sites (http only for this machine), at most ten, from an admin', async () => {
    const link = await createShare();
    for (const embedOrigins of [
      ['http://listings.example'],
      ['https://listings.example/tour'],
      ['https://listings.example/'],
      ['https://user:pass@listings.example'],
      ['javascript:alert(1)'],
      ["https://a.example 'unsafe-inline'"],
      ['https://a.example;script-src *'],
      Array.from({ length: 11 }, (_, index) => `https://site${index}.example`),
    ]) {
      const refused = await customer.client.request('PATCH', `/api/customer/share-links/${link.id}`, {
        embedOrigins,
      });
      expect(refused.statusCode, JSON.stringify(embedOrigins)).toBe(400);
    }
    const local = await customer.client.request('PATCH', `/api/customer/share-links/${link.id}`, {
      embedOrigins: ['http://127.0.0.1:4100', 'http://localhost:4200'],
    });
    expect(local.statusCode, local.body).toBe(200);
    const byMember = await member.client.request('PATCH', `/api/customer/share-links/${link.id}`, {
      embedOrigins: ['https://listings.example'],
    });
    expect(byMember.statusCode).toBe(403);
    const listed = await customer.client.get(`/api/customer/orders/${orderId}/share-links`);
    expect(listed.json().items.find((item: { id: string }) => item.id === link.id).embedOrigins).toEqual([
      'http://127.0.0.1:4100',
      'http://localhost:4200',
    ]);
  });
});
