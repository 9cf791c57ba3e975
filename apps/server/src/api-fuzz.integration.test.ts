import { randomUUID } from 'node:crypto';
import { validateHeaderValue } from 'node:http';
import { schema } from '@spacecapture/db/client';
import { ZProviderApplication } from '@spacecapture/shared/contracts/public-forms';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APP_ORIGIN,
  createClient,
  createSignedInAdmin,
  createSignedInUser,
  invite,
  STRONG_PASSWORD,
  type TClient,
  type TResponse,
  uniqueAddress,
  uniqueEmail,
} from '../test/accounts.ts';
import { createSignedInPlainAdmin, insertMember } from '../test/admin-console.ts';
import {
  arbitraryOf,
  encodeSegment,
  jsonBody,
  mutationsOf,
  type TFuzzRequest,
  type TJsonSchema,
  type TMutation,
  tusHeaderMutations,
  tusMetadata,
} from '../test/api-fuzz.ts';
import { storeDeliverable } from '../test/deliverables.ts';
import { makeGeneratedLas } from '../test/las-files.ts';
import { makeImage } from '../test/made-files.ts';
import { PNG_BYTES, postMessageWithFiles } from '../test/message-files.ts';
import { movableClock } from '../test/movable-clock.ts';
import { multipartBody, PDF_BYTES } from '../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, DEFAULT_BREAKDOWN, submitApplication, submitLead } from '../test/workflow.ts';

/**
 * The whole API fuzzed from its OpenAPI document. Every operation is called by a signed-out
 * caller, by each role, and by members of another customer and provider organisation, with valid
 * requests drawn from its schemas and with hostile ones (wrong types, long and strange text,
 * malformed JSON, deep nesting, numbers past their bounds, injected path ids and queries). Path
 * ids name real rows of one customer and one provider organisation.
 *
 * Every answer: no 5xx, within 5 s, errors in the one error shape, a body the operation
 * documents, and nothing opened that `x-roles` refuses or that belongs to another organisation.
 *
 * FUZZ_RUNS scales the cases per operation and caller (default 8; a caller `x-roles` refuses gets
 * an eighth of them, at least one), FUZZ_SEED varies them; `npm run fuzz` is the long run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const ANSWER_WITHIN_MS = 5000;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
const UPLOADS = '/api/provider/uploads';
/** Operations that end the caller's sessions: each caller runs them last, on a fresh session. */
const SESSION_ENDING = ['/api/auth/revoke-other-sessions', '/api/auth/sign-out', '/api/auth/revoke-sessions'];

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
type TParameter = { name: string; in: string; required?: boolean; schema?: TJsonSchema };
type TDocumentedResponse = { content?: Record<string, { schema?: TJsonSchema }> };
type TDocumentOperation = {
  'x-roles'?: string[];
  'x-long-lived'?: boolean;
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
  responses?: Record<string, TDocumentedResponse>;
};
type TOperation = {
  method: TMethod;
  path: string;
  roles: string[];
  pathParams: TParameter[];
  querySchema: TJsonSchema | undefined;
  bodySchema: TJsonSchema | undefined;
  takesBody: boolean;
  multipart: boolean;
  tus: boolean;
  responses: Record<string, TDocumentedResponse>;
};
type TCaller = {
  name: string;
  role: string | null;
  /** A member of an organisation that owns none of the rows the path ids name. */
  foreign: boolean;
  client: TClient | null;
  email: string;
};

// ---------------------------------------------------------------------------------------------
// What the document does not say: bodies and queries of the library's forwarded endpoints, the
// multipart application form, and the tus protocol's headers.

const text = (maxLength = 64): TJsonSchema => ({ type: 'string', minLength: 1, maxLength });
const object = (properties: Record<string, TJsonSchema>, required: string[] = []): TJsonSchema => ({
  type: 'object',
  properties,
  required,
});
const email: TJsonSchema = { type: 'string', format: 'email', maxLength: 254 };
const code: TJsonSchema = { type: 'string', pattern: '^[0-9A-Za-z-]{6,12}$' };

const FORWARDED_BODIES: Record<string, TJsonSchema> = {
  'POST /api/auth/sign-in/email': object(
    { email, password: text(128), rememberMe: { type: 'boolean' }, callbackURL: text() },
    ['email', 'password'],
  ),
  'POST /api/auth/sign-out': object({}),
  'POST /api/auth/revoke-other-sessions': object({}),
  'POST /api/auth/revoke-sessions': object({}),
  'POST /api/auth/request-password-reset': object({ email, redirectTo: text() }, ['email']),
  'POST /api/auth/reset-password': object({ newPassword: text(128), token: text() }, ['newPassword', 'token']),
  'POST /api/auth/send-verification-email': object({ email, callbackURL: text() }, ['email']),
  'POST /api/auth/change-password': object(
    { currentPassword: text(128), newPassword: text(128), revokeOtherSessions: { type: 'boolean' } },
    ['currentPassword', 'newPassword'],
  ),
  'POST /api/auth/two-factor/enable': object({ password: text(128), issuer: text() }, ['password']),
  'POST /api/auth/two-factor/disable': object({ password: text(128) }, ['password']),
  'POST /api/auth/two-factor/get-totp-uri': object({ password: text(128) }, ['password']),
  'POST /api/auth/two-factor/verify-totp': object({ code, trustDevice: { type: 'boolean' } }, ['code']),
  'POST /api/auth/two-factor/verify-backup-code': object(
    { code, trustDevice: { type: 'boolean' }, disableSession: { type: 'boolean' } },
    ['code'],
  ),
  'POST /api/auth/two-factor/generate-backup-codes': object({ password: text(128) }, ['password']),
};
const FORWARDED_QUERIES: Record<string, TJsonSchema> = {
  'GET /api/auth/verify-email': object({ token: text(400), callbackURL: text() }, ['token']),
  'GET /api/auth/reset-password/{token}': object({ callbackURL: text() }),
  'GET /api/auth/get-session': object({ disableCookieCache: { type: 'boolean' } }),
};
/** The `payload` part of the provider application form (multipart/form-data). */
const APPLICATION_FORM = 'POST /api/public/provider-applications';
const APPLICATION_PAYLOAD = z.toJSONSchema(ZProviderApplication, {
  io: 'input',
  unrepresentable: 'any',
}) as TJsonSchema;

// ---------------------------------------------------------------------------------------------
// The world: callers and the rows their path ids name

let t: TTestApp;
/** Windows start as jobs are made (acceptedJob moves this clock past them). */
const clock = movableClock();
let operations: TOperation[];
const callers: TCaller[] = [];
/** Real ids by the path segment before the parameter (`orders` for /orders/{id}). */
const ids: Record<string, string[]> = {};
/** Ids of rows that belong to the home customer and provider organisations. */
const owned = new Set<string>();
const problems = new Map<string, { count: number; example: string }>();
const figures = {
  cases: 0,
  unsendable: 0,
  validRefused: 0,
  byStatus: new Map<number, number>(),
  byKind: new Map<string, number>(),
  slowest: 0,
};
let startedAt = 0;

async function signIn(emailAddress: string) {
  const client = createClient(t.app, { remoteAddress: uniqueAddress() });
  const response = await client.signIn(emailAddress, STRONG_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

async function createWorld() {
  t = await createTestApp({
    clock: clock.now,
    env: {
      COMPANY_EMAIL,
      // The fuzz reaches the handlers: no per-address form limit, and no shedding because a busy
      // test machine stalled the event loop (answers must still come within ANSWER_WITHIN_MS).
      PUBLIC_FORM_RATE_LIMIT: '1000000',
      SHARE_RATE_LIMIT: '1000000',
      SHED_AFTER_BUSY_MS: '60000',
      UPLOAD_MAX_BYTES: '1000000',
    },
  });
  const master = await createSignedInAdmin(t.app);
  const plain = await createSignedInPlainAdmin(t.app, t.db);
  const user = (role: 'customer_admin' | 'customer_user' | 'provider_admin' | 'provider_user', organization: object) =>
    createSignedInUser(t.app, t.db, master.client, { role, organization: organization as { name: string } });
  const customer = await user('customer_admin', { name: 'Fuzz Customer' });
  const customerUser = await user('customer_user', { id: customer.orgId });
  const provider = await user('provider_admin', { name: 'Fuzz Scans' });
  const providerUser = await user('provider_user', { id: provider.orgId });
  const foreignCustomer = await user('customer_admin', { name: 'Foreign Customer' });
  const foreignProvider = await user('provider_admin', { name: 'Foreign Scans' });
  callers.push(
    { name: 'signed-out', role: null, foreign: false, client: null, email: '' },
    { name: 'master_admin', role: 'master_admin', foreign: false, client: master.client, email: master.email },
    { name: 'admin', role: 'admin', foreign: false, client: plain.client, email: plain.email },
    { name: 'customer_admin', role: 'customer_admin', foreign: false, client: customer.client, email: customer.email },
    {
      name: 'customer_user',
      role: 'customer_user',
      foreign: false,
      client: customerUser.client,
      email: customerUser.email,
    },
    { name: 'provider_admin', role: 'provider_admin', foreign: false, client: provider.client, email: provider.email },
    {
      name: 'provider_user',
      role: 'provider_user',
      foreign: false,
      client: providerUser.client,
      email: providerUser.email,
    },
    {
      name: 'foreign customer_admin',
      role: 'customer_admin',
      foreign: true,
      client: foreignCustomer.client,
      email: foreignCustomer.email,
    },
    {
      name: 'foreign provider_admin',
      role: 'provider_admin',
      foreign: true,
      client: foreignProvider.client,
      email: foreignProvider.email,
    },
  );

  // A job the home provider holds for the home customer, with a delivered file and an open upload.
  const job = await acceptedJob(
    t.app,
    {
      admin: master.client,
      customerOrgId: customer.orgId,
      provider: { client: provider.client, orgId: provider.orgId },
    },
    { clock },
  );
  const tus = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: Buffer) =>
    t.app.inject({
      method,
      url,
      headers: { 'tus-resumable': '1.0.0', origin: APP_ORIGIN, cookie: provider.client.jar.header(), ...headers },
      ...(payload ? { payload } : {}),
    });
  const createUpload = async (length: number) => {
    const created = await tus('POST', UPLOADS, {
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ orderId: job.orderId, filename: `scan-${randomUUID().slice(0, 6)}.e57` }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return String(created.headers.location).split('/').pop()!;
  };
  const finished = await createUpload(5);
  const done = await tus(
    'PATCH',
    `${UPLOADS}/${finished}`,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    Buffer.from('hello'),
  );
  expect(done.statusCode, done.body).toBe(204);
  const deliverableId = String(done.headers['upload-deliverable-id']);
  const openUpload = await createUpload(1000);
  const link = await customer.client.post(`/api/customer/deliverables/${deliverableId}/link`);
  expect(link.statusCode, link.body).toBe(200);
  const fileToken = String(new URL(link.json().url, APP_ORIGIN).pathname.split('/').pop());

  // An order waiting for the customer's answer to a sent quote.
  const quotedLead = await submitLead(t.app);
  const converted = await master.client.post(`/api/admin/leads/${quotedLead}/convert`, {
    customerOrgId: customer.orgId,
  });
  expect(converted.statusCode, converted.body).toBe(201);
  const quotedOrder = converted.json().order.id as string;
  const quote = await master.client.post('/api/admin/quotes', {
    orderId: quotedOrder,
    priceBreakdown: DEFAULT_BREAKDOWN,
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const quoteId = quote.json().id as string;
  expect((await master.client.post(`/api/admin/quotes/${quoteId}/send`)).statusCode).toBe(200);

  // Issue 30: an invoice, issued when the customer accepts another order's quote (decision 209).
  const billedLead = await submitLead(t.app);
  const billed = await master.client.post(`/api/admin/leads/${billedLead}/convert`, { customerOrgId: customer.orgId });
  expect(billed.statusCode, billed.body).toBe(201);
  const billedQuote = await master.client.post('/api/admin/quotes', {
    orderId: billed.json().order.id,
    priceBreakdown: DEFAULT_BREAKDOWN,
  });
  expect((await master.client.post(`/api/admin/quotes/${billedQuote.json().id}/send`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/quotes/${billedQuote.json().id}/accept`)).statusCode).toBe(200);
  const invoiceId = (await master.client.get(`/api/admin/invoices?orderId=${billed.json().order.id}`)).json().items[0]
    .id as string;

  // Issue 30's credit note: another invoice, paid by bank transfer, then refunded in part (decision 215).
  const refundedLead = await submitLead(t.app);
  const refunded = await master.client.post(`/api/admin/leads/${refundedLead}/convert`, {
    customerOrgId: customer.orgId,
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
  const refundedQuote = await master.client.post('/api/admin/quotes', {
    orderId: refunded.json().order.id,
    priceBreakdown: DEFAULT_BREAKDOWN,
  });
  expect((await master.client.post(`/api/admin/quotes/${refundedQuote.json().id}/send`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/quotes/${refundedQuote.json().id}/accept`)).statusCode).toBe(200);
  const refundedInvoice = (await master.client.get(`/api/admin/invoices?orderId=${refunded.json().order.id}`)).json()
    .items[0] as { id: string; currency: string; totalMinor: number };
  const payment = await master.client.post(`/api/admin/invoices/${refundedInvoice.id}/payments`, {
    amount: (refundedInvoice.totalMinor / 100).toFixed(2),
    currency: refundedInvoice.currency,
    receivedOn: '2026-12-01',
    reference: 'Fuzz transfer',
  });
  expect(payment.statusCode, payment.body).toBe(201);
  const creditNoted = await master.client.post(
    `/api/admin/invoices/${refundedInvoice.id}/refunds`,
    { amount: '1.00', reason: 'Fuzz refund', reverseProviderShare: false },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  expect(creditNoted.statusCode, creditNoted.body).toBe(201);
  const creditNoteId = (creditNoted.json().creditNotes as { id: string }[])[0]!.id;

  // Issue 30's payout: another job, delivered, approved, and paid by a recorded bank transfer (decision 213).
  const paidJob = await acceptedJob(
    t.app,
    {
      admin: master.client,
      customerOrgId: customer.orgId,
      provider: { client: provider.client, orgId: provider.orgId },
    },
    { clock },
  );
  await storeDeliverable(t.app, paidJob.orderId, 'paid-plan.png', await makeImage('png', 32, 24));
  const delivered = await provider.client.post(`/api/provider/orders/${paidJob.orderId}/delivered`);
  expect(delivered.statusCode, delivered.body).toBe(200);
  const approved = await customer.client.post(`/api/customer/orders/${paidJob.orderId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const payable = (
    (await master.client.get('/api/admin/payables?status=due')).json().items as {
      assignmentId: string;
      currency: string;
    }[]
  ).find((item) => item.assignmentId === paidJob.assignmentId)!;
  const payoutRun = await master.client.post('/api/admin/payout-runs', {
    method: 'bank_transfer',
    transfers: [
      {
        providerOrgId: provider.orgId,
        currency: payable.currency,
        assignmentIds: [paidJob.assignmentId],
        reference: 'FUZZ-PAYOUT',
      },
    ],
  });
  expect(payoutRun.statusCode, payoutRun.body).toBe(201);
  const payoutId = (payoutRun.json().payouts as { id: string }[])[0]!.id;

  const leadId = await submitLead(t.app);
  const application = await submitApplication(t.app);
  const certification = await provider.client.post('/api/provider/certifications', { scope: 'BIM', regions: [] });
  expect(certification.statusCode, certification.body).toBe(201);
  const device = await provider.client.post('/api/provider/devices', {
    model: 'PRO',
    serial: `SN-${randomUUID().slice(0, 8)}`,
    capabilities: [],
  });
  expect(device.statusCode, device.body).toBe(201);
  const teamInvitation = await customer.client.post('/api/organization/invitations', {
    email: uniqueEmail('team'),
  });
  expect(teamInvitation.statusCode, teamInvitation.body).toBe(201);
  const adminInvitation = await invite(master.client, {
    email: uniqueEmail('invitee'),
    role: 'customer_user',
    organization: { id: customer.orgId },
  });
  const [email] = await t.db.select({ id: schema.outboxEmails.id }).from(schema.outboxEmails).limit(1);
  // Members a team admin may remove without removing one of the callers.
  const spareCustomerMember = await insertMember(t.db, customer.orgId, 'customer_user');
  const spareProviderMember = await insertMember(t.db, provider.orgId, 'provider_user');

  // Issue 15's rows: a webhook endpoint with a queued delivery, an API key, a conversation with an
  // attachment (and its signed file), and a notification of the sent quote.
  const endpoint = await customer.client.post('/api/customer/webhooks', {
    url: 'https://93.184.216.34/hooks',
    events: ['order.created'],
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  const endpointId = endpoint.json().id as string;
  expect((await customer.client.post(`/api/customer/webhooks/${endpointId}/test`)).statusCode).toBeLessThan(300);
  const deliveries = await customer.client.get(`/api/customer/webhooks/${endpointId}/deliveries`);
  expect(deliveries.statusCode, deliveries.body).toBe(200);
  const apiKey = await customer.client.post('/api/customer/api-keys', { name: 'Fuzz key', scopes: ['orders:read'] });
  expect(apiKey.statusCode, apiKey.body).toBe(201);
  const conversationUrl = `/api/customer/orders/${job.orderId}/conversation`;
  const posted = await postMessageWithFiles(
    t.app,
    customer.client,
    `${conversationUrl}/messages`,
    'Parking at the rear.',
    [{ name: 'plan.png', bytes: PNG_BYTES }],
  );
  expect(posted.statusCode, posted.body).toBe(201);
  const attachmentId = posted.json().messages[0].attachments[0].id as string;
  const conversationId = posted.json().id as string;
  const attachmentLink = await customer.client.post(`${conversationUrl}/attachments/${attachmentId}/link`);
  expect(attachmentLink.statusCode, attachmentLink.body).toBe(200);
  // A provider member's calendar address (decision 146): its file name is the secret.
  const calendarFeed = await provider.client.post('/api/account/calendar-feed');
  expect(calendarFeed.statusCode, calendarFeed.body).toBe(201);
  const calendarFile = String(new URL(calendarFeed.json().url).pathname.split('/').pop());
  const notices = await customer.client.get('/api/notifications');
  expect(notices.statusCode, notices.body).toBe(200);
  // Issue 14's thumbnail of an image deliverable (its signed token is a path id) and share link
  // of the delivered order (its token is the public pages' path id).
  await storeDeliverable(t.app, job.orderId, 'plan.png', await makeImage('png', 64, 48));
  await t.app.thumbnails.kick();
  const withThumbnail = await customer.client.get(`/api/customer/orders/${job.orderId}`);
  const thumbnailUrl = (withThumbnail.json().deliverables as { thumbnailUrl: string | null }[]).find(
    (file) => file.thumbnailUrl,
  )?.thumbnailUrl;
  expect(thumbnailUrl, withThumbnail.body).toBeTruthy();
  // Issue 31's streaming tree of a point cloud: its signed token, and a node of each kind.
  const scan = await storeDeliverable(t.app, job.orderId, 'scan.las', await makeGeneratedLas(2_000));
  await t.app.pointTrees.kick();
  // Issue 31's annotation on that cloud, written by the customer (decision 241).
  const annotation = await customer.client.post(`/api/customer/files/${scan.id}/annotations`, {
    position: { x: 1, y: 2, z: 3 },
    label: 'Fuzz note',
  });
  expect(annotation.statusCode, annotation.body).toBe(201);
  const withTree = await customer.client.get(`/api/customer/orders/${job.orderId}`);
  const treeUrl = (withTree.json().deliverables as { pointTree: { url: string | null } }[]).find(
    (file) => file.pointTree.url,
  )?.pointTree.url;
  expect(treeUrl, withTree.body).toBeTruthy();
  // Issue 33's property: the site of the delivered order (decisions 234, 237).
  const propertyId = (await customer.client.get(`/api/customer/orders/${job.orderId}`)).json().propertyId as string;
  const shareLink = await customer.client.post(`/api/customer/orders/${job.orderId}/share-links`, { expiresInDays: 7 });
  expect(shareLink.statusCode, shareLink.body).toBe(201);
  // Issue 28's support request about the order (decision 204).
  const supportRequest = await customer.client.post('/api/customer/support', {
    subject: 'Fuzz question',
    message: 'Where is the plan?',
    orderId: job.orderId,
  });
  expect(supportRequest.statusCode, supportRequest.body).toBe(201);

  const homeRows = {
    orders: [job.orderId, quotedOrder],
    quotes: [quoteId],
    invoices: [invoiceId],
    'credit-notes': [creditNoteId],
    payouts: [payoutId],
    properties: [propertyId],
    assignments: [job.assignmentId],
    deliverables: [deliverableId],
    uploads: [openUpload, finished],
    devices: [device.json().id as string],
    certifications: [certification.json().id as string],
    members: [spareCustomerMember, spareProviderMember],
    customers: [customer.orgId],
    providers: [provider.orgId],
    webhooks: [endpointId],
    deliveries: (deliveries.json().items as { id: string }[]).map((delivery) => delivery.id),
    'api-keys': [apiKey.json().key.id as string],
    conversations: [conversationId],
    attachments: [attachmentId],
    notifications: (notices.json().items as { id: string }[]).map((notice) => notice.id),
    'share-links': [shareLink.json().link.id as string],
    'support-requests': [supportRequest.json().id as string],
    annotations: [annotation.json().id as string],
  };
  Object.assign(ids, homeRows, {
    invitations: [adminInvitation.id, teamInvitation.json().id as string],
    leads: [leadId],
    applications: [application.id],
    outbox: [email!.id],
    files: [fileToken],
    'message-files': [String(new URL(attachmentLink.json().url, APP_ORIGIN).pathname.split('/').pop())],
    shares: [String(shareLink.json().url).split('/share/')[1] as string],
    thumbnails: [String(thumbnailUrl).split('/').pop() as string],
    'point-trees': [String(treeUrl).split('/')[3] as string],
    'ept-hierarchy': ['0-0-0-0.json'],
    'ept-data': ['0-0-0-0.bin'],
    calendar: [calendarFile],
  });
  for (const rows of Object.values(homeRows)) for (const id of rows) owned.add(id);
  owned.add(teamInvitation.json().id as string);
}

function operationsOf(document: { paths: Record<string, Record<string, TDocumentOperation>> }): TOperation[] {
  const found: TOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      // Long-lived operations (server-sent event streams) stay open for minutes by design and
      // `inject` waits for an answer's end; they are tested over real HTTP in their own tests.
      if (operation['x-long-lived']) continue;
      const parameters = operation.parameters ?? [];
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const jsonBodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const tus = path.startsWith(UPLOADS);
      const multipart = key === APPLICATION_FORM;
      const bodySchema = multipart ? APPLICATION_PAYLOAD : (jsonBodySchema ?? FORWARDED_BODIES[key]);
      found.push({
        method: method.toUpperCase() as TMethod,
        path,
        roles: operation['x-roles'] ?? [],
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        querySchema:
          query.length > 0
            ? {
                type: 'object',
                properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema ?? {}])),
                required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
              }
            : FORWARDED_QUERIES[key],
        bodySchema,
        takesBody: !tus && ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
        multipart,
        tus,
        responses: operation.responses ?? {},
      });
    }
  }
  // Session-ending operations last, in this order (the caller's own session survives "others").
  const rank = (operation: TOperation) => SESSION_ENDING.indexOf(operation.path);
  return found.sort((a, b) => rank(a) - rank(b));
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The path segment before `{name}`: `orders` in /api/admin/orders/{id}. */
function resourceOf(path: string, name: string) {
  return path.match(new RegExp(`/([^/]+)/\\{${name}\\}`))?.[1] ?? name;
}

function queryString(value: unknown) {
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      params.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
    }
  }
  return params.toString();
}

function tusHeaders(operation: TOperation): fc.Arbitrary<Record<string, string>> {
  const orderIds = ids.orders ?? [];
  if (operation.method === 'POST') {
    return fc
      .record({
        length: fc.integer({ min: 0, max: 2_000_000 }),
        orderId: fc.oneof(fc.constantFrom(...orderIds), fc.uuid()),
        filename: fc.string({ minLength: 1, maxLength: 60 }),
        sha256: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: undefined }),
      })
      .map(({ length, orderId, filename, sha256 }) => ({
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': tusMetadata({ orderId, filename, ...(sha256 ? { sha256 } : {}) }),
      }));
  }
  if (operation.method === 'PATCH') {
    return fc.integer({ min: 0, max: 1200 }).map((offset) => ({
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }));
  }
  return fc.constant({ 'tus-resumable': '1.0.0' });
}

function validRequest(operation: TOperation): fc.Arbitrary<TFuzzRequest> {
  const options = { ids: [...owned] };
  const params = fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => {
        const known = ids[resourceOf(operation.path, parameter.name)] ?? [];
        const invented = arbitraryOf(parameter.schema ?? { type: 'string', minLength: 1, maxLength: 40 }, options);
        const value = known.length > 0 ? fc.oneof(fc.constantFrom(...known), invented) : invented;
        return [parameter.name, value.map((id) => encodeSegment(String(id)))];
      }),
    ),
  );
  const query = operation.querySchema ? arbitraryOf(operation.querySchema, options).map(queryString) : fc.constant('');
  const body = operation.bodySchema ? arbitraryOf(operation.bodySchema, options) : fc.constant(undefined);
  const headers = operation.tus ? tusHeaders(operation) : fc.constant({});
  const chunk = operation.tus && operation.method === 'PATCH' ? fc.uint8Array({ maxLength: 64 }) : fc.constant(null);
  return fc.record({ params, query, body, headers, chunk }).map(
    ({ params: values, query: search, body: value, headers: extra, chunk: bytes }): TFuzzRequest => ({
      kind: 'valid',
      params: values,
      query: search,
      headers: extra,
      bodyValue: value,
      ...(bytes
        ? { body: { payload: Buffer.from(bytes), contentType: 'application/offset+octet-stream' } }
        : value !== undefined && operation.takesBody
          ? { body: jsonBody(value) }
          : {}),
    }),
  );
}

function requestArbitrary(operation: TOperation): fc.Arbitrary<TFuzzRequest> {
  const mutations: fc.Arbitrary<TMutation>[] = [
    ...mutationsOf({
      takesBody: operation.takesBody,
      multipart: operation.multipart,
      pathParams: operation.pathParams.map((parameter) => parameter.name),
      bodySchema: operation.bodySchema,
      querySchema: operation.querySchema,
    }),
    ...(operation.tus ? tusHeaderMutations(ids.orders ?? []) : []),
  ];
  const valid = validRequest(operation);
  const mutated = fc.tuple(valid, fc.oneof(...mutations)).map(([request, mutate]) => mutate(request));
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: mutated });
}

function seedOf(...parts: string[]) {
  let hash = SEED;
  for (const char of parts.join(' ')) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

async function send(operation: TOperation, caller: TCaller, request: TFuzzRequest) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => request.params[name] ?? '');
  const url = request.query ? `${path}?${request.query}` : path;
  const headers: Record<string, string> = { ...request.headers };
  const cookie = caller.client?.jar.header();
  if (cookie) headers.cookie = cookie;
  if (operation.method !== 'GET' && operation.method !== 'HEAD') headers.origin = APP_ORIGIN;
  let payload: string | Buffer | undefined;
  if (request.body) {
    if (operation.multipart && request.body.contentType === 'application/json') {
      const form = await multipartBody(
        String(request.body.payload),
        request.kind === 'valid' ? { name: 'portfolio.pdf', bytes: PDF_BYTES } : undefined,
        { payloadIsText: true },
      );
      payload = form.payload;
      Object.assign(headers, form.headers);
    } else {
      payload = request.body.payload;
      if (request.body.contentType) headers['content-type'] = request.body.contentType;
    }
  }
  // A header value no HTTP parser accepts (a NUL, a line break) never reaches a real server.
  for (const [name, value] of Object.entries(headers)) validateHeaderValue(name, value);
  const started = performance.now();
  const response = await t.app.inject({
    method: operation.method,
    url,
    headers,
    remoteAddress: uniqueAddress(),
    ...(payload !== undefined ? { payload } : {}),
  });
  return { url, response, ms: performance.now() - started };
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

function isJson(response: TResponse) {
  return String(response.headers['content-type'] ?? '').startsWith('application/json');
}

/** Whether the operation documents a body other than JSON for `status` (CSV, a file, a page, none). */
function documentsOtherThanJson(operation: TOperation, status: number) {
  const documented = operation.responses[String(status)];
  if (!documented?.content) return true;
  return Object.entries(documented.content).some(
    ([type, content]) => type !== 'application/json' || content.schema?.type === undefined,
  );
}

function refusedByRoles(operation: TOperation, caller: TCaller) {
  if (operation.roles.includes('public')) return false;
  if (!caller.role) return true;
  if (operation.roles.includes('authenticated')) return false;
  return !operation.roles.includes(caller.role);
}

function problemsOf(operation: TOperation, caller: TCaller, url: string, response: TResponse, ms: number) {
  const found: string[] = [];
  const status = response.statusCode;
  if (status >= 500) found.push(`${status}`);
  if (ms > ANSWER_WITHIN_MS) found.push(`answered after ${Math.round(ms)} ms`);
  if (status >= 400 && operation.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    if (!ZErrorResponse.safeParse(body).success || !isJson(response)) found.push(`${status} not in the error shape`);
  }
  if (status < 400 && response.body && operation.method !== 'HEAD') {
    if (isJson(response)) {
      try {
        JSON.parse(response.body);
      } catch {
        found.push(`${status} JSON content type with a body that is not JSON`);
      }
    } else if (!documentsOtherThanJson(operation, status)) {
      found.push(`${status} undocumented ${response.headers['content-type']} body`);
    }
  }
  if (status >= 200 && status < 300) {
    if (refusedByRoles(operation, caller)) found.push(`${status} for a caller x-roles refuses`);
    // A public operation (the signed download link) is open to whoever holds the request.
    if (caller.foreign && !operation.roles.includes('public')) {
      const named = [...owned].find((id) => url.includes(id) || response.body.includes(id));
      if (named) found.push(`${status} to another organisation's member, naming ${named}`);
    }
  }
  return found;
}

function describeRequest(caller: TCaller, operation: TOperation, url: string, request: TFuzzRequest) {
  const sent = {
    ...request.headers,
    ...(request.body?.contentType ? { 'content-type': request.body.contentType } : {}),
  };
  const headers = Object.keys(sent).length > 0 ? ` headers ${JSON.stringify(sent)}` : '';
  const payload = request.body ? String(request.body.payload) : '';
  const body = payload ? ` body ${JSON.stringify(payload.length > 300 ? `${payload.slice(0, 300)}…` : payload)}` : '';
  return `${caller.name}: ${operation.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url}${headers}${body}`;
}

function record(problem: string, example: string) {
  const known = problems.get(problem);
  if (known) known.count += 1;
  else problems.set(problem, { count: 1, example });
}

async function fuzz(operation: TOperation, caller: TCaller) {
  const runs = refusedByRoles(operation, caller) ? Math.max(1, Math.round(RUNS / 8)) : RUNS;
  const requests = fc.sample(requestArbitrary(operation), {
    seed: seedOf(operation.method, operation.path, caller.name),
    numRuns: runs,
  });
  let sessionLost = false;
  for (const request of requests) {
    let sent: Awaited<ReturnType<typeof send>>;
    try {
      sent = await send(operation, caller, request);
    } catch {
      // The test client would not send it (a header or URL no HTTP client puts on the wire).
      figures.unsendable += 1;
      continue;
    }
    const { url, response, ms } = sent;
    figures.cases += 1;
    figures.byStatus.set(response.statusCode, (figures.byStatus.get(response.statusCode) ?? 0) + 1);
    figures.byKind.set(request.kind, (figures.byKind.get(request.kind) ?? 0) + 1);
    figures.slowest = Math.max(figures.slowest, ms);
    if (request.kind === 'valid' && response.statusCode === 400) figures.validRefused += 1;
    if (response.statusCode === 401 && caller.client) sessionLost = true;
    for (const problem of problemsOf(operation, caller, url, response, ms)) {
      record(
        `${operation.method} ${operation.path} [${request.kind}]: ${problem}`,
        `${describeRequest(caller, operation, url, request)} → ${response.statusCode} ${response.body.slice(0, 300)}`,
      );
    }
    // A settings change (the admins' second factor) must not change what the next callers meet.
    if (operation.path === '/api/admin/settings' && operation.method === 'PUT') await t.db.delete(schema.featureFlags);
  }
  // An operation that ended the caller's session unexpectedly must not spoil the ones after it.
  if (sessionLost && caller.client && !SESSION_ENDING.includes(operation.path)) {
    const me = await caller.client.get('/api/me');
    if (me.statusCode === 401) {
      record(`${operation.method} ${operation.path}: ended the caller's session`, caller.name);
      caller.client = await signIn(caller.email);
    }
  }
}

beforeAll(async () => {
  startedAt = performance.now();
  await createWorld();
  const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(document.statusCode).toBe(200);
  operations = operationsOf(document.json());
}, 180_000);

afterAll(async () => {
  const byStatus = [...figures.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.info(
    [
      `API fuzz (seed ${SEED}, ${RUNS} runs): ${operations?.length ?? 0} operations, ${callers.length} callers, ${figures.cases} cases in ${Math.round((performance.now() - startedAt) / 1000)} s`,
      `  answers by status: ${byStatus.join(', ')}`,
      `  cases by kind: ${[...figures.byKind].map(([kind, n]) => `${kind}: ${n}`).join(', ')}`,
      `  valid requests refused with 400: ${figures.validRefused}; not sendable: ${figures.unsendable}; slowest answer ${Math.round(figures.slowest)} ms`,
      `  failure classes: ${problems.size}`,
      ...[...problems].map(([problem, { count, example }]) => `  - ${problem} (×${count})\n      e.g. ${example}`),
    ].join('\n'),
  );
  await t?.close();
});

describe('the API, fuzzed from its OpenAPI document', () => {
  it('covers every operation, the tus upload endpoints and the forwarded auth endpoints included', () => {
    const names = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/provider/uploads',
        'HEAD /api/provider/uploads/{uploadId}',
        'PATCH /api/provider/uploads/{uploadId}',
        'DELETE /api/provider/uploads/{uploadId}',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/two-factor/verify-totp',
        APPLICATION_FORM,
      ]),
    );
    for (const operation of operations) {
      for (const parameter of operation.pathParams) {
        const resource = resourceOf(operation.path, parameter.name);
        if (resource !== 'reset-password') expect(ids[resource], `${operation.path}: a real ${resource}`).toBeDefined();
      }
    }
  });

  it(
    'answers every caller without a server error, in time, in the error shape, and opens nothing it should not',
    async () => {
      for (const operation of operations) {
        const ending = SESSION_ENDING.includes(operation.path);
        for (const caller of callers) {
          // Each session-ending operation gets a session of its own, after everything else ran.
          if (ending && caller.client) caller.client = await signIn(caller.email);
          await fuzz(operation, caller);
        }
      }
      expect([...problems.keys()]).toEqual([]);
    },
    60 * 60_000,
  );
});
