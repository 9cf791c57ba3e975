import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createClient, type TSignedInUser, uniqueAddress } from '../../../test/accounts.ts';
import { createCustomerOrder, storeDeliverable } from '../../../test/deliverables.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';

/**
 * Branded and unbranded share pages (decision 223): the organisation's branding set by its admin,
 * the logo re-encoded in the contained image process, and a share page that shows all of it when
 * its link is branded and none of it when it is not.
 */

let t: TTestApp;
let customer: TSignedInUser;
let member: TSignedInUser;
let orgName: string;
let orderId: string;

beforeAll(async () => {
  const setup = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } });
  t = setup.t;
  orgName = `Harbour Homes ${randomUUID().slice(0, 6)}`;
  const orgId = (await createOrganization(setup.admin, 'customer', orgName)).id;
  customer = await setup.newUser('customer_admin', { id: orgId });
  member = await setup.newUser('customer_user', { id: orgId });
  orderId = (await createCustomerOrder(t.app, setup.admin, orgId)).id;
  await storeDeliverable(t.app, orderId, 'plan.pdf', Buffer.from('%PDF plan'));
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** A logo sent as the body, typed `contentType`, from the customer's session. */
function putLogo(bytes: Buffer, contentType: string, client = customer.client) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/customer/organization/logo',
    headers: { 'content-type': contentType, origin: APP_ORIGIN, cookie: client.jar.header() ?? '' },
    payload: bytes,
  });
}

async function createShare(presentation?: 'branded' | 'unbranded') {
  const created = await customer.client.post(`/api/customer/orders/${orderId}/share-links`, {
    expiresInDays: 7,
    ...(presentation ? { presentation } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json() as { link: { id: string; presentation: string }; url: string };
  return { ...body.link, token: body.url.split('/share/')[1] as string };
}

describe('the organisation branding', () => {
  it('is set by the admin, audited, and refused to a member and when malformed', async () => {
    const branding = {
      color: '#1A7F5A',
      contactName: 'Dana Reyes',
      contactEmail: 'dana@harbour.example',
      contactPhone: '+44 20 7946 0000',
    };
    const saved = await customer.client.request('PUT', '/api/customer/organization/branding', branding);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...branding, color: '#1a7f5a', logoUrl: null });
    expect((await auditOf(t.db, customer.orgId)).map((entry) => entry.action)).toContain('update_branding');

    const refused = await member.client.request('PUT', '/api/customer/organization/branding', branding);
    expect(refused.statusCode).toBe(403);
    for (const bad of [
      { ...branding, color: 'green' },
      { ...branding, contactEmail: 'not an address' },
      { ...branding, contactName: 'Dana\u0007' },
      { ...branding, extra: 1 },
    ]) {
      const answer = await customer.client.request('PUT', '/api/customer/organization/branding', bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await member.client.get('/api/customer/organization/branding')).json()).toMatchObject({
      color: '#1a7f5a',
      contactName: 'Dana Reyes',
    });
  });

  it('keeps a logo only as re-encoded by the contained process, and refuses what it cannot read', async () => {
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#1a7f5a' } })
      .png()
      .toBuffer();
    const saved = await putLogo(png, 'image/png');
    expect(saved.statusCode, saved.body).toBe(200);
    const { logoUrl } = saved.json() as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/api\/customer\/organization\/logo\?v=/);
    const served = await customer.client.get(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(320);

    // An SVG with a script is kept as pixels: nothing of the script remains.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>',
    );
    const fromSvg = await putLogo(svg, 'image/svg+xml');
    expect(fromSvg.statusCode, fromSvg.body).toBe(200);
    const svgServed = await customer.client.get((fromSvg.json() as { logoUrl: string }).logoUrl);
    expect(svgServed.rawPayload.includes(Buffer.from('script'))).toBe(false);
    expect((await sharp(svgServed.rawPayload).metadata()).format).toBe('webp');

    const before = await t.db.select().from(schema.organizations).where(eq(schema.organizations.id, customer.orgId));
    const unreadable = await putLogo(Buffer.from('not an image at all'), 'image/png');
    expect(unreadable.statusCode).toBe(400);
    const tooLarge = await putLogo(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await putLogo(png, 'application/pdf');
    expect(wrongType.statusCode).toBe(415);
    const byMember = await putLogo(png, 'image/png', member.client);
    expect(byMember.statusCode).toBe(403);
    const after = await t.db.select().from(schema.organizations).where(eq(schema.organizations.id, customer.orgId));
    expect(after[0]?.brandLogoKey).toBe(before[0]?.brandLogoKey);
  });
});

describe('branded and unbranded share pages', () => {
  it('shows the name, logo, colour and contact on a branded link, and none of it on an unbranded one', async () => {
    const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await putLogo(png, 'image/png')).statusCode).toBe(200);
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });

    const branded = await createShare('branded');
    expect(branded.presentation).toBe('branded');
    const page = await visitor.get(`/api/public/shares/${branded.token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().branding).toEqual({
      organizationName: orgName,
      color: '#1a7f5a',
      contactName: 'Dana Reyes',
      contactEmail: 'dana@harbour.example',
      contactPhone: '+44 20 7946 0000',
      logoUrl: `/api/public/shares/${branded.token}/logo`,
    });
    const logo = await visitor.get(`/api/public/shares/${branded.token}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');

    // Unbranded is the default: no name, logo or contact anywhere in the answer.
    const plain = await createShare();
    expect(plain.presentation).toBe('unbranded');
    const bare = await visitor.get(`/api/public/shares/${plain.token}`);
    expect(bare.json().branding).toBeNull();
    for (const secret of [orgName, 'Dana', 'harbour.example', '7946']) expect(bare.body).not.toContain(secret);
    expect((await visitor.get(`/api/public/shares/${plain.token}/logo`)).statusCode).toBe(404);

    // The customer switches a link; the switch is audited and the page follows.
    const switched = await customer.client.request('PATCH', `/api/customer/share-links/${plain.id}`, {
      presentation: 'branded',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().presentation).toBe('branded');
    expect((await auditOf(t.db, plain.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
    expect((await visitor.get(`/api/public/shares/${plain.token}`)).json().branding?.organizationName).toBe(orgName);
    const bad = await customer.client.request('PATCH', `/api/customer/share-links/${plain.id}`, {
      presentation: 'loud',
    });
    expect(bad.statusCode).toBe(400);
  });
});
