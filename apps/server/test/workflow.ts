import { randomUUID } from 'node:crypto';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { asc, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TClient } from './accounts.ts';
import type { TMovableClock } from './movable-clock.ts';
import { captureRequestInput, multipartBody, PDF_BYTES, providerApplicationInput } from './public-forms.ts';

/**
 * The admin workflow's raw material, made the way the product makes it: leads and applications
 * through the public forms, organisations through invitations, and (until providers manage their
 * own) devices and certifications written as rows.
 */

export const COMPANY_EMAIL = 'team@spacecapture.test';

export async function submitLead(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/capture-requests',
    // A location of its own, so titles (and the e-mails that carry them) tell orders apart. It names
    // no town the gazetteer knows, so the order stays unplaced (times in UTC) unless a test places it.
    payload: captureRequestInput({ location: `Harbour Yard ${randomUUID().slice(0, 6)}`, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A lead converted by the admin into an order of the customer organisation, as the triage screen does. */
export async function convertedOrder(
  app: FastifyInstance,
  admin: TClient,
  customerOrgId: string,
  leadOverrides: Record<string, unknown> = {},
) {
  const leadId = await submitLead(app, leadOverrides);
  const converted = await admin.post(`/api/admin/leads/${leadId}/convert`, { customerOrgId });
  expect(converted.statusCode, converted.body).toBe(201);
  return converted.json().order as { id: string; title: string; status: string; location: string };
}

export async function submitApplication(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  file: { name: string; bytes: Uint8Array } | null = { name: 'portfolio.pdf', bytes: PDF_BYTES },
) {
  const input = providerApplicationInput(overrides);
  const body = await multipartBody(input, file ?? undefined);
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/provider-applications',
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, email: input.email as string };
}

/** An organisation made the way admins make one: by inviting someone into it by name. */
export async function createOrganization(admin: TClient, type: 'customer' | 'provider', name?: string) {
  const response = await admin.post('/api/admin/invitations', {
    email: `owner.${randomUUID().slice(0, 8)}@example.com`,
    orgType: type,
    roleSuggested: type === 'provider' ? 'provider_admin' : 'customer_admin',
    organization: { name: name ?? `${type} ${randomUUID().slice(0, 6)}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().organization as { id: string; name: string };
}

export async function addDevice(db: TDatabase, orgId: string, model: string) {
  const [row] = await db
    .insert(schema.deviceInventory)
    .values({ orgId, model, serial: `SN-${randomUUID().slice(0, 12)}`, capabilities: ['3d-model'] })
    .returning();
  return row!;
}

export async function addCertification(db: TDatabase, orgId: string, scope: string, regions: string[]) {
  const [row] = await db
    .insert(schema.providerCertifications)
    .values({ orgId, scope, status: 'active', regions })
    .returning();
  return row!;
}

/**
 * Audit entries of changes: the ledger's own entries (decision 208), which a change such as a
 * quote's acceptance books beside its own, are counted by the ledger's tests instead.
 */
export async function auditCount(db: TDatabase) {
  const [row] = await db.select({ n: count() }).from(schema.auditLog).where(ne(schema.auditLog.entity, 'ledger_entry'));
  return row?.n ?? 0;
}

export async function auditOf(db: TDatabase, entityId: string) {
  return db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.entityId, entityId))
    .orderBy(asc(schema.auditLog.ts));
}

export async function jobEventsOf(db: TDatabase, orderId: string) {
  return db
    .select()
    .from(schema.jobEvents)
    .where(eq(schema.jobEvents.orderId, orderId))
    .orderBy(asc(schema.jobEvents.createdAt), asc(schema.jobEvents.id));
}

export async function orderRow(db: TDatabase, id: string) {
  const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
  return row!;
}

export async function assignmentRow(db: TDatabase, id: string) {
  const [row] = await db.select().from(schema.assignments).where(eq(schema.assignments.id, id));
  return row!;
}

export async function quoteRow(db: TDatabase, id: string) {
  const [row] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
  return row!;
}

/** Outbox rows whose subject starts with `subject`, each with its one recipient. */
export async function outboxWithSubject(db: TDatabase, subject: string) {
  const rows = await db.select().from(schema.outboxEmails);
  return rows.filter((row) => row.subject.startsWith(subject));
}

/** Runs `act` and returns how many audit entries it added. */
export async function auditDelta(db: TDatabase, act: () => Promise<unknown>) {
  const before = await auditCount(db);
  await act();
  return (await auditCount(db)) - before;
}

export const DEFAULT_BREAKDOWN = {
  items: [
    { label: 'Capture', amount: 1000 },
    { label: 'Processing', amount: 500 },
  ],
  currency: 'USD',
};

const HOUR_MS = 3_600_000;

/** How soon a window starts when a test wants it started: the app's clock is then moved past it. */
const WINDOW_LEAD_MS = 5_000;
const WINDOW_MS = 2 * HOUR_MS;
/** A started window is a short one, so the clock moved past it stays well short of the day-ahead ones. */
const STARTED_WINDOW_MS = 60_000;
/**
 * Windows a day ahead given so far: each starts after the last one ends, as a provider's confirmed
 * captures may not overlap (decision 145).
 */
let windowsAhead = 0;

/**
 * A job the provider holds: a lead converted into an order for the customer organisation, offered
 * to the provider and accepted; with `scheduled` (the default) a window is proposed and confirmed
 * too. The window starts a day ahead (files wait for it, decision 109) unless `clock`, the app's
 * movable clock, is given: the window then starts a moment ahead and the clock is moved past it,
 * so files may be uploaded at once.
 */
export async function acceptedJob(
  app: FastifyInstance,
  parties: { admin: TClient; customerOrgId: string; provider: { client: TClient; orgId: string } },
  options: { scheduled?: boolean; location?: string; clock?: TMovableClock; captureType?: string } = {},
) {
  const { admin, customerOrgId, provider } = parties;
  const location = options.location ?? `Dock Road ${randomUUID().slice(0, 8)}`;
  const lead = options.captureType ? { location, captureType: options.captureType } : { location };
  const orderId = (await convertedOrder(app, admin, customerOrgId, lead)).id;
  const offered = await admin.post('/api/admin/assignments', {
    orderId,
    providerOrgId: provider.orgId,
    compensation: 500,
  });
  expect(offered.statusCode, offered.body).toBe(201);
  const assignmentId = offered.json().id as string;
  const accepted = await provider.client.post(`/api/provider/assignments/${assignmentId}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  if (options.scheduled ?? true) {
    const now = options.clock ? options.clock.now().getTime() : Date.now();
    const start = options.clock ? now + WINDOW_LEAD_MS : now + 24 * HOUR_MS + windowsAhead++ * (WINDOW_MS + HOUR_MS);
    const length = options.clock ? STARTED_WINDOW_MS : WINDOW_MS;
    const window = { start: new Date(start).toISOString(), end: new Date(start + length).toISOString() };
    const proposed = await provider.client.post(`/api/provider/assignments/${assignmentId}/schedule`, window);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const confirmed = await admin.post(`/api/admin/assignments/${assignmentId}/confirm-schedule`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Past the window's end, not just its start: the next job's window then starts after it.
    options.clock?.advance(WINDOW_LEAD_MS + STARTED_WINDOW_MS);
  }
  return { orderId, assignmentId };
}
