import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiClient,
  apiSignIn,
  test as authTest,
  createAccount,
  expect,
  type TAccountRole,
  type TPlaywright,
  toast,
} from '../auth/support.ts';
import type { TInspector } from './test.ts';

/**
 * A marketplace for one browser test, made through the same API the portals use: accounts by
 * invitation, an order from a public capture request, quotes, offers and schedules. Every name is
 * unique, so tests running side by side never see each other's data by accident.
 */

export type TMarketDeps = {
  playwright: TPlaywright;
  admin: APIRequestContext;
  inspector: TInspector;
  /** The unauthenticated client (the public form). */
  request: APIRequestContext;
};

export type TMember = {
  email: string;
  password: string;
  organization: { id: string; name: string };
  /** A client signed in as this member. */
  api: APIRequestContext;
};

async function expectOk(response: { status(): number; text(): Promise<string> }, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
}

/** A member of a new organisation (the invitation creates it), with a signed-in API client. */
export async function createMember(
  deps: TMarketDeps,
  role: TAccountRole,
  organizationName = `${role.startsWith('provider') ? 'Provider' : 'Customer'} ${randomUUID().slice(0, 8)}`,
): Promise<TMember> {
  const account = await createAccount(deps, { role, organizationName });
  const api = await apiClient(deps.playwright);
  await apiSignIn(api, account.email, account.password);
  return { email: account.email, password: account.password, organization: account.organization, api };
}

export type TMarket = { customer: TMember; provider: TMember };

/** A customer admin and a provider admin, each in an organisation of their own. */
export async function createMarketplace(deps: TMarketDeps): Promise<TMarket> {
  const customer = await createMember(deps, 'customer_admin');
  const provider = await createMember(deps, 'provider_admin');
  return { customer, provider };
}

/**
 * The browser tests' `test` with two more fixtures: `deps` (what the helpers here need) and
 * `market` (a fresh customer and provider organisation for the test, their clients disposed after).
 */
export const test = authTest.extend<{ deps: TMarketDeps; market: TMarket }>({
  deps: async ({ playwright, admin, inspector, request }, use) => {
    await use({ playwright, admin, inspector, request });
  },
  market: async ({ deps }, use) => {
    const market = await createMarketplace(deps);
    await use(market);
    await market.customer.api.dispose();
    await market.provider.api.dispose();
  },
});

export type TOrderOverrides = { location?: string; name?: string; captureType?: string; spaceType?: string };

/** An order for the organisation, made as admins do: a public capture request, converted from triage. */
export async function createOrder(deps: TMarketDeps, customerOrgId: string, overrides: TOrderOverrides = {}) {
  const suffix = randomUUID().slice(0, 8);
  const email = `lead-${suffix}@example.test`;
  // An address that names no town the gazetteer knows: the order stays unplaced (its times in UTC)
  // unless the test places it or names a town itself.
  const location = overrides.location ?? `12 Market Street ${suffix}, Harbour Yard`;
  const submitted = await deps.request.post('/api/public/capture-requests', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      name: overrides.name ?? `Lead ${suffix}`,
      email,
      phone: '+44 20 7946 0958',
      companyName: 'Analytical Engines Ltd',
      spaceType: overrides.spaceType ?? 'commercial',
      location,
      spaceSize: 'medium',
      captureType: overrides.captureType ?? 'virtual-tour',
      timeline: 'standard',
      additionalInfo: 'Two floors, open plan.',
      terms: true,
    },
  });
  await expectOk(submitted, 201);
  const leads = await deps.admin.get(`/api/admin/leads?q=${encodeURIComponent(email)}`);
  await expectOk(leads);
  const lead = ((await leads.json()) as { items: { id: string; contact: { email: string } }[] }).items.find(
    (item) => item.contact.email === email,
  );
  if (!lead) throw new Error(`no lead for ${email}`);
  const converted = await deps.admin.post(`/api/admin/leads/${lead.id}/convert`, { data: { customerOrgId } });
  await expectOk(converted, 201);
  const { order } = (await converted.json()) as { order: { id: string; title: string; location: string } };
  return { orderId: order.id, title: order.title, location: order.location, leadId: lead.id };
}

export type TQuoteOptions = {
  items?: { label: string; amount: number }[];
  currency?: string;
  sla?: string;
  /** ISO date or date-time in the future; none by default. */
  validityUntil?: string;
  /** Send it to the customer (default true); false leaves a draft. */
  send?: boolean;
};

/** A quote for the order (the spec's default items unless given), sent unless told otherwise. */
export async function sendQuote(admin: APIRequestContext, orderId: string, options: TQuoteOptions = {}) {
  const created = await admin.post('/api/admin/quotes', {
    data: {
      orderId,
      priceBreakdown: {
        items: options.items ?? [
          { label: 'Capture', amount: 1000 },
          { label: 'Processing', amount: 500 },
        ],
        currency: options.currency ?? 'USD',
      },
      sla: options.sla ?? 'Standard SLA: 5 business days after capture',
      validityUntil: options.validityUntil ?? null,
    },
  });
  await expectOk(created, 201);
  const { id: quoteId } = (await created.json()) as { id: string };
  if (options.send !== false) await expectOk(await admin.post(`/api/admin/quotes/${quoteId}/send`));
  return { quoteId };
}

export async function acceptQuote(customerApi: APIRequestContext, quoteId: string) {
  await expectOk(await customerApi.post(`/api/customer/quotes/${quoteId}/accept`));
}

/** Offers the order to the provider organisation (the order becomes assigned) for a compensation (500 unless given). */
export async function assignOrder(
  admin: APIRequestContext,
  orderId: string,
  providerOrgId: string,
  options: { compensation?: number } = {},
) {
  const created = await admin.post('/api/admin/assignments', {
    data: { orderId, providerOrgId, compensation: 500, ...options },
  });
  await expectOk(created, 201);
  const { id: assignmentId } = (await created.json()) as { id: string };
  return { assignmentId };
}

export async function acceptAssignment(providerApi: APIRequestContext, assignmentId: string) {
  await expectOk(await providerApi.post(`/api/provider/assignments/${assignmentId}/accept`));
}

export async function proposeSchedule(providerApi: APIRequestContext, assignmentId: string, start: Date, end: Date) {
  await expectOk(
    await providerApi.post(`/api/provider/assignments/${assignmentId}/schedule`, {
      data: { start: start.toISOString(), end: end.toISOString() },
    }),
  );
}

/** The provider marks the job delivered (captured → delivered; at least one file uploaded). */
export async function markDelivered(providerApi: APIRequestContext, orderId: string) {
  await expectOk(await providerApi.post(`/api/provider/orders/${orderId}/delivered`));
}

/** Puts the member's API session into the page's browser context (signed in, no sign-in form). */
export async function signInPage(page: Page, member: Pick<TMember, 'api'>) {
  const { cookies } = await member.api.storageState();
  await page.context().addCookies(cookies);
}

/**
 * The page now acts as `member` only: the session it had is dropped first. The page is left
 * before, as a person signing out leaves it: the last member's page, still polling, would otherwise
 * ask its own portal with the next member's cookie and log the 403 it rightly gets.
 */
export async function actAs(page: Page, member: Pick<TMember, 'api'>) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInPage(page, member);
}

/** A text as an SQL string literal, for the inspector's queries. */
export function sqlText(value: string) {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Confirms the latest window the provider proposed (the order becomes scheduled). */
export async function confirmSchedule(admin: APIRequestContext, assignmentId: string) {
  await expectOk(await admin.post(`/api/admin/assignments/${assignmentId}/confirm-schedule`));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far ahead a window that should start at once is proposed (it must lie ahead when proposed). */
const STARTING_WINDOW_LEAD_MS = 3_000;

/**
 * Windows a week or more ahead given so far by this worker: each lands on a day of its own, as one
 * provider's confirmed captures may not overlap (decision 145).
 */
let daysAheadGiven = 0;

/**
 * The whole chain to a scheduled job: order, quote sent and accepted, offer accepted, a window
 * proposed for a week or more from now (09:00–17:00 UTC, a day of its own) and confirmed. Files wait for the window
 * (decision 109): see `startedOrder` for a job whose window has started.
 */
export async function scheduledOrder(
  deps: TMarketDeps,
  market: { customer: TMember; provider: TMember },
  overrides: TOrderOverrides = {},
  options: { windowStartsSoon?: boolean } = {},
) {
  const order = await createOrder(deps, market.customer.organization.id, overrides);
  const { quoteId } = await sendQuote(deps.admin, order.orderId);
  await acceptQuote(market.customer.api, quoteId);
  const { assignmentId } = await assignOrder(deps.admin, order.orderId, market.provider.organization.id);
  await acceptAssignment(market.provider.api, assignmentId);
  const day = new Date(Date.now() + (7 + (options.windowStartsSoon ? 0 : daysAheadGiven++)) * DAY_MS);
  const start = options.windowStartsSoon
    ? new Date(Date.now() + STARTING_WINDOW_LEAD_MS)
    : new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9));
  const end = new Date(start.getTime() + 8 * 60 * 60 * 1000);
  await proposeSchedule(market.provider.api, assignmentId, start, end);
  await confirmSchedule(deps.admin, assignmentId);
  return { ...order, quoteId, assignmentId, start, end };
}

/** Whether the provider's Uploads page may add files to the order now (the server's word). */
export async function uploadsOpen(providerApi: APIRequestContext, orderId: string) {
  const response = await providerApi.get('/api/provider/upload-targets');
  await expectOk(response);
  const { items } = (await response.json()) as { items: { orderId: string; uploadable: boolean }[] };
  return items.find((item) => item.orderId === orderId)?.uploadable ?? false;
}

/**
 * A scheduled job whose confirmed window has started, so the provider may upload and deliver: the
 * window is proposed a moment ahead (the e2e server runs on the real clock), and this waits until
 * the server opens uploads.
 */
export async function startedOrder(
  deps: TMarketDeps,
  market: { customer: TMember; provider: TMember },
  overrides: TOrderOverrides = {},
) {
  const order = await scheduledOrder(deps, market, overrides, { windowStartsSoon: true });
  // A state, not a time: the bound is generous for a loaded machine (the window opens 3 s ahead).
  await expect.poll(() => uploadsOpen(market.provider.api, order.orderId), { timeout: 30_000 }).toBe(true);
  return order;
}

/**
 * Uploads a file from disk as the provider does, on the Uploads page of the order (signed in
 * already), and waits until the deliverable is recorded; `timeout` suits the file's size.
 */
export async function uploadThroughPage(page: Page, orderId: string, filePath: string, timeout = 60_000) {
  await page.goto(`/provider/uploads?order=${orderId}`);
  await expect(page.getByRole('combobox', { name: 'Accepted assignment' })).toHaveValue(orderId);
  await page.getByLabel('Files', { exact: true }).setInputFiles(filePath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout });
}

/**
 * Uploads `bytes` as a deliverable of the order through the real tus API: creation, then the bytes
 * in PATCHes of at most 4 MB (as the web page sends them). Returns the recorded deliverable's id.
 */
export async function uploadDeliverable(
  providerApi: APIRequestContext,
  orderId: string,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const tus = { 'Tus-Resumable': '1.0.0' };
  const metadata = [
    `orderId ${Buffer.from(orderId).toString('base64')}`,
    `filename ${Buffer.from(fileName).toString('base64')}`,
  ];
  const created = await providerApi.post('/api/provider/uploads', {
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata.join(',') },
  });
  await expectOk(created, 201);
  const location = created.headers().location as string;
  const chunk = 4 * 1024 * 1024;
  let offset = 0;
  let deliverableId = '';
  do {
    const part = bytes.subarray(offset, offset + chunk);
    const sent = await providerApi.patch(location, {
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      data: part,
    });
    await expectOk(sent, 204);
    offset = Number(sent.headers()['upload-offset']);
    deliverableId = sent.headers()['upload-deliverable-id'] ?? '';
  } while (offset < bytes.length);
  expect(deliverableId, 'the last PATCH names the recorded deliverable').not.toBe('');
  return deliverableId;
}
