import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createClient, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { PNG_BYTES, postMessageWithFiles } from '../../../test/message-files.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { convertedOrder, DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';

/**
 * Every customer operation of the OpenAPI document, walked for each kind of stranger: a member of
 * another customer organisation gets 404 for our resources and never sees them in a list, a
 * provider and an admin get 403, a signed-out caller 401, and a customer_user 403 where only the
 * customer_admin may act. A new customer endpoint is walked as soon as it is registered.
 */

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
};
type TOperation = {
  'x-roles'?: string[];
  requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
};
type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type TWalkedOperation = { method: TMethod; template: string; url: string; roles: string[]; body: unknown };

const METHODS: readonly TMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Valid bodies where the schema's smallest sample is not one (a URL, a non-empty choice). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/customer/webhooks': { url: 'https://93.184.216.34/hooks', events: ['order.created'] },
  'POST /api/customer/api-keys': { name: 'Walk key', scopes: ['orders:read'] },
  // The owner changes the name, the unit system or both: the empty sample names neither.
  'PATCH /api/customer/organization': { unitSystem: 'metric' },
  // The size is asked in square meters or square feet (decision 203): the sample would give neither.
  'POST /api/customer/orders': {
    location: 'Harbour Road, Leith',
    spaceType: 'commercial',
    spaceSize: 'medium',
    captureType: 'virtual-tour',
    timeline: 'standard',
    estimate: { squareMeters: 150, locationType: 'urban', urgency: 'standard' },
  },
  // A message is posted as JSON or as multipart with files; the document shows the multipart form.
  'POST /api/customer/orders/{id}/conversation/messages': { body: 'Is the side door open?' },
  'POST /api/customer/orders/{id}/request-changes': {
    comments: [{ body: 'Move the pin.', pin: { kind: 'model', x: 1, y: 2, z: 3 } }],
  },
  'PUT /api/customer/organization/branding': {
    color: '#123456',
    contactName: 'Walk',
    contactEmail: null,
    contactPhone: null,
  },
  'PATCH /api/customer/share-links/{id}': { presentation: 'branded' },
};

/** Operations whose body is not JSON (a logo is an image): their own test sends one (branding.integration.test.ts). */
const NOT_JSON_BODIES = new Set(['PUT /api/customer/organization/logo']);

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let owner: TSignedInUser;
let colleague: TSignedInUser;
let outsider: TSignedInUser;
let provider: TSignedInUser;
/** Our organisation's resources, by the path segment that names them. */
let ours: Record<string, string>;

/** The smallest valid value of a JSON schema (enough for validation to pass). */
function sampleOf(node: TJsonSchema | undefined): unknown {
  if (!node) return undefined;
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const choice = node.anyOf ?? node.oneOf;
  if (choice) return sampleOf(choice.find((option) => option.type !== 'null') ?? choice[0]);
  const type = Array.isArray(node.type) ? node.type.find((name) => name !== 'null') : node.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((node.required ?? []).map((key) => [key, sampleOf(node.properties?.[key])]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return node.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (node.format === 'uuid') return randomUUID();
      if (node.format === 'email') return 'someone@example.com';
      if (node.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(node.minLength ?? 1, 1));
    default:
      return null;
  }
}

/** Every operation under /api/customer/, its path parameters filled with our organisation's ids. */
function customerOperations(): TWalkedOperation[] {
  const document = t.app.swagger() as { paths: Record<string, Partial<Record<Lowercase<TMethod>, TOperation>>> };
  const walked: TWalkedOperation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    if (!template.startsWith('/api/customer/')) continue;
    for (const method of METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<TMethod>];
      if (!operation) continue;
      const url = template.replace(/\/([^/]+)\/\{[^}]+\}/g, (_match, resource: string) => {
        const id = ours[resource];
        if (!id) throw new Error(`${method} ${template}: name a "${resource}" of our organisation in this test`);
        return `/${resource}/${id}`;
      });
      const body =
        VALID_BODIES[`${method} ${template}`] ?? sampleOf(operation.requestBody?.content?.['application/json']?.schema);
      walked.push({ method, template, url, roles: operation['x-roles'] ?? [], body });
    }
  }
  return walked;
}

function isById(operation: TWalkedOperation) {
  return operation.template.includes('{');
}

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin());
  owner = await newUser('customer_admin', { name: 'Walled Customer' });
  colleague = await newUser('customer_user', { id: owner.orgId });
  outsider = await newUser('customer_admin', { name: 'Curious Customer' });
  // The outsider's own logo, so reading "my logo" answers theirs (never ours) rather than none.
  const logo = await t.app.inject({
    method: 'PUT',
    url: '/api/customer/organization/logo',
    headers: { 'content-type': 'image/png', origin: APP_ORIGIN, cookie: outsider.client.jar.header() ?? '' },
    payload: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  });
  expect(logo.statusCode, logo.body).toBe(200);
  provider = await newUser('provider_admin', { name: 'Curious Scans' });

  // Our organisation: a delivered order with a file, and a quote still waiting for an answer.
  const orderId = (await convertedOrder(t.app, admin, owner.orgId, { location: `Hull ${randomUUID().slice(0, 6)}` }))
    .id;
  const created = await admin.post('/api/admin/quotes', { orderId, priceBreakdown: DEFAULT_BREAKDOWN });
  expect(created.statusCode, created.body).toBe(201);
  const quoteId = created.json().id as string;
  expect((await admin.post(`/api/admin/quotes/${quoteId}/send`)).statusCode).toBe(200);
  await t.db.update(schema.orders).set({ status: 'delivered' }).where(eq(schema.orders.id, orderId));
  const [file] = await t.db
    .insert(schema.deliverables)
    .values({
      orderId,
      type: 'floor-plan',
      fileLinks: { paths: [`deliverables/${randomUUID()}.pdf`] },
      fileName: 'plan.pdf',
      size: '10',
    })
    .returning();

  // Issue 15's resources of our organisation: a webhook endpoint with a delivery, an API key, and
  // a message with an attachment in the order's conversation.
  const endpoint = await owner.client.post('/api/customer/webhooks', VALID_BODIES['POST /api/customer/webhooks']);
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  const endpointId = endpoint.json().id as string;
  expect((await owner.client.post(`/api/customer/webhooks/${endpointId}/test`)).statusCode).toBeLessThan(300);
  const [delivery] = (await owner.client.get(`/api/customer/webhooks/${endpointId}/deliveries`)).json().items;
  const apiKey = await owner.client.post('/api/customer/api-keys', VALID_BODIES['POST /api/customer/api-keys']);
  expect(apiKey.statusCode, apiKey.body).toBe(201);
  const posted = await postMessageWithFiles(
    t.app,
    owner.client,
    `/api/customer/orders/${orderId}/conversation/messages`,
    'Side door.',
    [{ name: 'door.png', bytes: PNG_BYTES }],
  );
  expect(posted.statusCode, posted.body).toBe(201);
  // Issue 14: a share link of the order.
  const shareLink = await owner.client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays: 7 });
  expect(shareLink.statusCode, shareLink.body).toBe(201);
  // A support request of ours, with its thread.
  const support = await owner.client.post('/api/customer/support', { subject: 'Door code', message: 'Which door?' });
  expect(support.statusCode, support.body).toBe(201);
  // Issue 30: an invoice of ours, issued when another order's quote was accepted (decision 209).
  const billedOrder = (
    await convertedOrder(t.app, admin, owner.orgId, { location: `Hull ${randomUUID().slice(0, 6)}` })
  ).id;
  const billedQuote = (
    await admin.post('/api/admin/quotes', { orderId: billedOrder, priceBreakdown: DEFAULT_BREAKDOWN })
  ).json().id as string;
  expect((await admin.post(`/api/admin/quotes/${billedQuote}/send`)).statusCode).toBe(200);
  expect((await owner.client.post(`/api/customer/quotes/${billedQuote}/accept`)).statusCode).toBe(200);
  const invoice = (await admin.get(`/api/admin/invoices?orderId=${billedOrder}`)).json().items[0] as {
    id: string;
    currency: string;
    totalMinor: number;
  };
  const invoiceId = invoice.id;
  // Its credit note: paid by bank transfer, then refunded in part (decision 215).
  const paid = await admin.post(`/api/admin/invoices/${invoiceId}/payments`, {
    amount: (invoice.totalMinor / 100).toFixed(2),
    currency: invoice.currency,
    receivedOn: '2026-12-01',
    reference: 'Walled transfer',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const refunded = await admin.post(
    `/api/admin/invoices/${invoiceId}/refunds`,
    { amount: '1.00', reason: 'Goodwill', reverseProviderShare: false },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  expect(refunded.statusCode, refunded.body).toBe(201);
  // Issue 31: an annotation of ours on the delivered file (decision 241).
  const annotation = await owner.client.post(`/api/customer/files/${file!.id}/annotations`, {
    position: { x: 1, y: 2, z: 3 },
    label: 'Side door',
  });
  expect(annotation.statusCode, annotation.body).toBe(201);
  // Issue 33: the property (the site address) of our delivered order (decisions 234, 237).
  const propertyId = (await owner.client.get(`/api/customer/orders/${orderId}`)).json().propertyId as string;
  ours = {
    properties: propertyId,
    'credit-notes': (refunded.json().creditNotes as { id: string }[])[0]!.id,
    files: file!.id,
    annotations: annotation.json().id as string,
    invoices: invoiceId,
    'support-requests': support.json().id as string,
    orders: orderId,
    quotes: quoteId,
    deliverables: file!.id,
    webhooks: endpointId,
    deliveries: delivery.id as string,
    'api-keys': apiKey.json().key.id as string,
    attachments: posted.json().messages[0].attachments[0].id as string,
    'share-links': shareLink.json().link.id as string,
  };
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('customer API isolation, walked from the OpenAPI document', () => {
  it('finds the customer operations the portal uses', () => {
    const names = customerOperations().map((operation) => `${operation.method} ${operation.template}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/customer/orders',
        'GET /api/customer/orders/{id}',
        'GET /api/customer/quotes',
        'POST /api/customer/quotes/{id}/accept',
        'POST /api/customer/quotes/{id}/decline',
        'GET /api/customer/quotes/{id}/invoice',
        'POST /api/customer/deliverables/{id}/link',
        'POST /api/customer/support',
        'POST /api/customer/orders',
        'GET /api/customer/orders/{id}/order-again',
        'GET /api/customer/sites',
        'GET /api/customer/orders/{id}/review',
        'POST /api/customer/orders/{id}/approve',
        'POST /api/customer/orders/{id}/request-changes',
      ]),
    );
    for (const operation of customerOperations()) {
      expect(
        operation.roles.every((role) => role.startsWith('customer_')),
        operation.template,
      ).toBe(true);
    }
  });

  it("answers 404 to another organisation's member for our resources and lists none of them", async () => {
    for (const operation of customerOperations()) {
      if (NOT_JSON_BODIES.has(`${operation.method} ${operation.template}`)) continue;
      const response = await outsider.client.request(operation.method, operation.url, operation.body);
      const name = `${operation.method} ${operation.url}`;
      if (isById(operation)) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
      } else {
        expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
      }
      for (const id of Object.values(ours)) expect(response.body, name).not.toContain(id);
    }
  });

  it('answers 403 to a provider and an admin, and 401 to a signed-out caller, on every operation', async () => {
    const signedOut = createClient(t.app);
    for (const operation of customerOperations()) {
      const name = `${operation.method} ${operation.url}`;
      const asProvider = await provider.client.request(operation.method, operation.url, operation.body);
      expect(asProvider.statusCode, `provider ${name}`).toBe(403);
      const asAdmin = await admin.request(operation.method, operation.url, operation.body);
      expect(asAdmin.statusCode, `admin ${name}`).toBe(403);
      const anonymous = await signedOut.request(operation.method, operation.url, operation.body);
      expect(anonymous.statusCode, `signed out ${name}`).toBe(401);
      for (const response of [asProvider, asAdmin, anonymous]) {
        for (const id of Object.values(ours)) expect(response.body, name).not.toContain(id);
      }
    }
  });

  it('answers 403 to a customer_user where only the customer_admin may act', async () => {
    const adminOnly = customerOperations().filter((operation) => !operation.roles.includes('customer_user'));
    expect(adminOnly.map((operation) => `${operation.method} ${operation.template}`)).toContain(
      'PATCH /api/customer/organization',
    );
    for (const operation of adminOnly) {
      const response = await colleague.client.request(operation.method, operation.url, operation.body);
      expect(response.statusCode, `${operation.method} ${operation.url}`).toBe(403);
    }
  });

  it('left our data as it was, and the ids were real: our own members still reach every resource', async () => {
    const [org] = await t.db.select().from(schema.organizations).where(eq(schema.organizations.id, owner.orgId));
    expect(org?.name).toBe('Walled Customer');
    const [shareLink] = await t.db
      .select()
      .from(schema.shareLinks)
      .where(eq(schema.shareLinks.id, ours['share-links']!));
    expect(shareLink?.revokedAt).toBeNull();
    expect(await t.db.select().from(schema.ratings).where(eq(schema.ratings.orderId, ours.orders!))).toEqual([]);
    // Nobody else approved or sent back our delivered order.
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, ours.orders!));
    expect(order?.status).toBe('delivered');
    expect(
      await t.db.select().from(schema.reviewComments).where(eq(schema.reviewComments.orderId, ours.orders!)),
    ).toEqual([]);
    const quotes = (await owner.client.get('/api/customer/quotes')).json().items;
    expect(quotes.find((quote: { id: string }) => quote.id === ours.quotes)).toMatchObject({
      status: 'sent',
      canRespond: true,
    });
    // Reads only: the owner's answers to the same URLs prove the 404s above were about ownership.
    for (const operation of customerOperations().filter((entry) => isById(entry) && entry.method === 'GET')) {
      const response = await owner.client.request(operation.method, operation.url);
      expect(response.statusCode, `${operation.method} ${operation.url}`).not.toBe(404);
    }
    const link = await colleague.client.post(`/api/customer/deliverables/${ours.deliverables}/link`);
    expect(link.statusCode, link.body).toBe(200);
  });
});
