import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { storeDeliverable, uploadWhole } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';

/**
 * Signed links for the deliverable viewer in the provider and admin portals (the customer's are
 * tested with the customer portal): who may have one, that a viewer can read the file by Range
 * through it on the local disk store, and that an expired link is refused while a renewed one works.
 */

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let otherProvider: TSignedInUser;
let customer: TSignedInUser;
let otherCustomer: TSignedInUser;
let customerOrgId: string;
let fileId: string;
let orderId: string;
const bytes = randomBytes(50_000);

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_user', { name: `Viewer Scans ${randomUUID().slice(0, 6)}` });
  otherProvider = await newUser('provider_admin', { name: `Other Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_user', { id: customerOrgId });
  otherCustomer = await newUser('customer_admin', { id: (await createOrganization(admin, 'customer')).id });

  ({ orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock }));
  fileId = await uploadWhole(t.app, provider.client, orderId, 'walkthrough.mp4', bytes);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const providerLink = (id: string) => `/api/provider/files/${id}/link`;
const adminLink = (id: string) => `/api/admin/deliverables/${id}/link`;

describe('viewing links in the provider and admin portals', () => {
  it('gives the provider holding the order a link a viewer reads by Range', async () => {
    const answer = await provider.client.post(providerLink(fileId));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const { url, expiresAt } = answer.json() as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/api\/files\//);
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBeLessThanOrEqual(300_000);

    const head = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1023' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-range']).toBe(`bytes 0-1023/${bytes.length}`);
    expect(head.rawPayload.equals(bytes.subarray(0, 1024))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('gives an admin a link to any order file', async () => {
    const answer = await admin.post(adminLink(fileId));
    expect(answer.statusCode, answer.body).toBe(200);
    const whole = await t.app.inject({ method: 'GET', url: answer.json().url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const missing = await admin.post(adminLink(randomUUID()));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses everyone else: another provider, customers on provider and admin routes, the signed out', async () => {
    const other = await otherProvider.client.post(providerLink(fileId));
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('not_found');
    expect((await customer.client.post(providerLink(fileId))).statusCode).toBe(403);
    expect((await customer.client.post(adminLink(fileId))).statusCode).toBe(403);
    expect((await provider.client.post(adminLink(fileId))).statusCode).toBe(403);
    expect((await otherCustomer.client.post(`/api/customer/deliverables/${fileId}/link`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: providerLink(fileId),
      headers: { origin: APP_ORIGIN },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await provider.client.post(providerLink('not-a-uuid'))).statusCode).toBe(400);
  });

  it('answers every file as a sandboxed download, and an SVG typed as an image for the viewer', async () => {
    const svg = await storeDeliverable(
      t.app,
      orderId,
      'plan.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/me")</script></svg>'),
    );
    const sandboxed = {
      'content-security-policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    };
    const svgLink = (await customer.client.post(`/api/customer/deliverables/${svg.id}/link`)).json().url as string;
    const image = await t.app.inject({ method: 'GET', url: svgLink });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      ...sandboxed,
      'content-type': 'image/svg+xml',
      'content-disposition': expect.stringMatching(/^attachment; filename="plan.svg"/),
    });
    const videoLink = (await provider.client.post(providerLink(fileId))).json().url as string;
    const video = await t.app.inject({ method: 'GET', url: videoLink, headers: { range: 'bytes=0-9' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers).toMatchObject({ ...sandboxed, 'content-type': 'application/octet-stream' });
  });

  it('refuses a link after 300 seconds; a renewed one reads the same range again', async () => {
    const { url } = (await customer.client.post(`/api/customer/deliverables/${fileId}/link`)).json() as { url: string };
    clock.advance(301_000);
    const expired = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(expired.statusCode).toBe(403);
    const renewed = (await customer.client.post(`/api/customer/deliverables/${fileId}/link`)).json() as { url: string };
    const again = await t.app.inject({ method: 'GET', url: renewed.url, headers: { range: 'bytes=0-99' } });
    expect(again.statusCode).toBe(206);
    expect(again.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });
});
