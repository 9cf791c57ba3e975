import { schema } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import { canTransition, ORDER_MACHINE, type TOrderStatus } from '@spacecapture/shared/state-machines';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TClient } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  auditCount,
  COMPANY_EMAIL,
  createOrganization,
  DEFAULT_BREAKDOWN,
  submitLead,
} from '../../../test/workflow.ts';
import type { TActor } from '../../lib/actor.ts';

/**
 * Random sequences of the workflow's operations — convert, quote, send, accept/decline, assign,
 * accept/decline the offer, let offers expire, propose, confirm — whatever their order and however
 * many are refused: every order stays in a state of ORDER_MACHINE and only ever moves along it,
 * every successful change writes exactly one audit entry and every refusal none, and an assigned
 * or scheduled order always has exactly one live offer. Besides random operations, "advance" takes
 * an order one natural step further, so sequences also reach the end of the flow.
 */

const API = '/api/admin';
const HOUR = 3_600_000;

/** Which earlier entity an operation acts on: 0 is the newest. */
const index = fc.nat({ max: 2 });

type TOp =
  | { kind: 'convert'; lead: number }
  | { kind: 'createQuote'; order: number; validHours: number | null }
  | { kind: 'send' | 'acceptQuote' | 'declineQuote'; quote: number }
  | { kind: 'assign'; order: number; provider: number }
  | { kind: 'acceptOffer' | 'declineOffer' | 'propose' | 'confirm'; assignment: number }
  | { kind: 'advance'; order: number; provider: number }
  | { kind: 'expire' };

/** An operation on concrete rows. */
type TStep =
  | { kind: 'convert'; leadId: string }
  | { kind: 'createQuote'; orderId: string; validHours: number | null }
  | { kind: 'send' | 'acceptQuote' | 'declineQuote'; quoteId: string }
  | { kind: 'assign'; orderId: string; providerOrgId: string }
  | { kind: 'acceptOffer' | 'declineOffer' | 'propose' | 'confirm'; assignmentId: string; providerOrgId: string }
  | { kind: 'expire' };

const opArbitrary: fc.Arbitrary<TOp> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('convert' as const), lead: index }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('createQuote' as const),
      order: index,
      validHours: fc.option(fc.integer({ min: 1, max: 96 }), { nil: null }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constantFrom('send', 'acceptQuote', 'declineQuote'), quote: index }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('assign' as const), order: index, provider: fc.nat({ max: 1 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('acceptOffer', 'declineOffer', 'propose', 'confirm'),
      assignment: index,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), order: index, provider: fc.nat({ max: 1 }) }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('expire' as const) }), weight: 1 },
);

let t: TTestApp;
let admin: TClient;
let customerOrgId: string;
let providerOrgIds: string[];
let offsetMs = 0;
const customerActor = (): TActor => ({ userId: 'property-customer', role: 'customer_admin', orgId: customerOrgId });
const providerActor = (orgId: string): TActor => ({ userId: 'property-provider', role: 'provider_admin', orgId });

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(Date.now() + offsetMs),
  }));
  customerOrgId = (await createOrganization(admin, 'customer', 'Property Customer')).id;
  providerOrgIds = [
    (await createOrganization(admin, 'provider', 'Property Provider A')).id,
    (await createOrganization(admin, 'provider', 'Property Provider B')).id,
  ];
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The `at`-th newest item (wrapping around). */
function pick<T>(items: readonly T[], at: number): T | undefined {
  return items.length ? items[items.length - 1 - (at % items.length)] : undefined;
}

async function statusOf(table: typeof schema.quotes | typeof schema.assignments | typeof schema.orders, id: string) {
  const [row] = await t.db.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row?.status;
}

/** The natural next step of an order: quote it, send, accept, assign, accept the offer, propose, confirm. */
async function nextStepOf(orderId: string, providerOrgId: string): Promise<TStep | undefined> {
  const status = await statusOf(schema.orders, orderId);
  const latest = async (status: string) => {
    const [row] = await t.db
      .select({ id: schema.quotes.id })
      .from(schema.quotes)
      .where(and(eq(schema.quotes.orderId, orderId), eq(schema.quotes.status, status)))
      .orderBy(desc(schema.quotes.createdAt))
      .limit(1);
    return row?.id;
  };
  if (status === 'triage') {
    const draft = await latest('draft');
    return draft ? { kind: 'send', quoteId: draft } : { kind: 'createQuote', orderId, validHours: null };
  }
  if (status === 'quoted') {
    const sent = await latest('sent');
    return sent ? { kind: 'acceptQuote', quoteId: sent } : { kind: 'createQuote', orderId, validHours: null };
  }
  if (status === 'approved') return { kind: 'assign', orderId, providerOrgId };
  if (status === 'assigned') {
    const [live] = await t.db
      .select()
      .from(schema.assignments)
      .where(and(eq(schema.assignments.orderId, orderId), inArray(schema.assignments.status, ['offered', 'accepted'])));
    if (!live) return undefined;
    const step = { assignmentId: live.id, providerOrgId: live.providerOrgId };
    if (live.status === 'offered') return { kind: 'acceptOffer', ...step };
    const [proposal] = await t.db
      .select({ id: schema.jobEvents.id })
      .from(schema.jobEvents)
      .where(
        and(
          eq(schema.jobEvents.orderId, orderId),
          eq(schema.jobEvents.type, 'deadline'),
          sql`${schema.jobEvents.metadata}->>'assignmentId' = ${live.id}`,
        ),
      );
    return { kind: proposal ? 'confirm' : 'propose', ...step };
  }
  return undefined;
}

type TOutcome = { ok: boolean; expectedAudit: number; detail: string };

async function httpStep(url: string, body: unknown, created: (json: { id?: string; order?: { id: string } }) => void) {
  const response = await admin.post(url, body);
  if (![200, 201, 400, 404, 409].includes(response.statusCode)) {
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  const ok = response.statusCode < 300;
  if (ok) created(response.json());
  return { ok, expectedAudit: ok ? 1 : 0, detail: `${url} → ${response.statusCode} ${ok ? '' : response.body}` };
}

/**
 * A service call: success is one audit entry, a refusal none, except a late answer to a quote
 * still sent or an offer still offered, which marks it expired first (one entry).
 */
async function serviceStep(work: () => Promise<unknown>, label: string, couldExpire: boolean): Promise<TOutcome> {
  try {
    await work();
    return { ok: true, expectedAudit: 1, detail: `${label} ok` };
  } catch (error) {
    if (!(error instanceof AppError) || !['conflict', 'validation_failed', 'not_found'].includes(error.code))
      throw error;
    const expiredNow = couldExpire && error.message.includes('expired on');
    return { ok: false, expectedAudit: expiredNow ? 1 : 0, detail: `${label}: ${error.message}` };
  }
}

async function statusesOf(orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, string>();
  const rows = await t.db
    .select({ id: schema.orders.id, status: schema.orders.status })
    .from(schema.orders)
    .where(inArray(schema.orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row.status]));
}

async function liveOffersOf(orderIds: readonly string[]) {
  const live = new Map<string, number>();
  if (orderIds.length === 0) return live;
  const rows = await t.db
    .select({ orderId: schema.assignments.orderId })
    .from(schema.assignments)
    .where(
      and(
        inArray(schema.assignments.orderId, [...orderIds]),
        inArray(schema.assignments.status, ['offered', 'accepted']),
      ),
    );
  for (const row of rows) live.set(row.orderId, (live.get(row.orderId) ?? 0) + 1);
  return live;
}

/** Successful steps by kind over all runs: the flow must be reached to its end, not just refused. */
const successes = new Map<string, number>();

it('keeps every order inside the order machine and writes one audit entry per change', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArbitrary, { minLength: 6, maxLength: 24 }), async (ops) => {
      const leads = [await submitLead(t.app), await submitLead(t.app)];
      const orders: string[] = [];
      const quotes: string[] = [];
      const assignments: { id: string; providerOrgId: string }[] = [];
      const log: string[] = [];

      const resolve = async (op: TOp): Promise<TStep | undefined> => {
        switch (op.kind) {
          case 'convert':
            return { kind: 'convert', leadId: pick(leads, op.lead)! };
          case 'createQuote': {
            const orderId = pick(orders, op.order);
            return orderId ? { kind: 'createQuote', orderId, validHours: op.validHours } : undefined;
          }
          case 'send':
          case 'acceptQuote':
          case 'declineQuote': {
            const quoteId = pick(quotes, op.quote);
            return quoteId ? { kind: op.kind, quoteId } : undefined;
          }
          case 'assign': {
            const orderId = pick(orders, op.order);
            return orderId ? { kind: 'assign', orderId, providerOrgId: providerOrgIds[op.provider]! } : undefined;
          }
          case 'acceptOffer':
          case 'declineOffer':
          case 'propose':
          case 'confirm': {
            const assignment = pick(assignments, op.assignment);
            return assignment
              ? { kind: op.kind, assignmentId: assignment.id, providerOrgId: assignment.providerOrgId }
              : undefined;
          }
          case 'advance': {
            const orderId = pick(orders, op.order);
            return orderId ? nextStepOf(orderId, providerOrgIds[op.provider]!) : { kind: 'convert', leadId: leads[0]! };
          }
          case 'expire':
            return { kind: 'expire' };
        }
      };

      const run = async (step: TStep): Promise<TOutcome> => {
        const at = (hours: number) => new Date(Date.now() + offsetMs + hours * HOUR).toISOString();
        switch (step.kind) {
          case 'convert':
            return httpStep(`${API}/leads/${step.leadId}/convert`, { customerOrgId }, (json) =>
              orders.push(json.order!.id),
            );
          case 'createQuote':
            return httpStep(
              `${API}/quotes`,
              {
                orderId: step.orderId,
                priceBreakdown: DEFAULT_BREAKDOWN,
                validityUntil: step.validHours ? at(step.validHours) : null,
              },
              (json) => quotes.push(json.id!),
            );
          case 'send':
            return httpStep(`${API}/quotes/${step.quoteId}/send`, {}, () => undefined);
          case 'acceptQuote':
          case 'declineQuote': {
            const wasSent = (await statusOf(schema.quotes, step.quoteId)) === 'sent';
            const { quotes: service } = t.app.services;
            const answer = step.kind === 'acceptQuote' ? service.accept : service.decline;
            const outcome = await serviceStep(
              () => answer(step.quoteId, customerActor(), { customerOrgId }),
              step.kind,
              wasSent,
            );
            // An acceptance issues the invoice in the same transaction (paying in advance, the
            // default billing setting, decision 209): a change of its own, with its own entry.
            return step.kind === 'acceptQuote' && outcome.ok ? { ...outcome, expectedAudit: 2 } : outcome;
          }
          case 'assign':
            return httpStep(
              `${API}/assignments`,
              { orderId: step.orderId, providerOrgId: step.providerOrgId, compensation: 500 },
              (json) => assignments.push({ id: json.id!, providerOrgId: step.providerOrgId }),
            );
          case 'confirm':
            return httpStep(`${API}/assignments/${step.assignmentId}/confirm-schedule`, {}, () => undefined);
          case 'expire': {
            offsetMs += 49 * HOUR;
            const expired = await t.app.offerExpiry.kick();
            return { ok: true, expectedAudit: expired, detail: `expire → ${expired}` };
          }
          default: {
            const actor = providerActor(step.providerOrgId);
            const scope = { providerOrgId: step.providerOrgId };
            const service = t.app.services.assignments;
            const wasOffered = (await statusOf(schema.assignments, step.assignmentId)) === 'offered';
            return serviceStep(
              () =>
                step.kind === 'acceptOffer'
                  ? service.accept(step.assignmentId, actor, scope)
                  : step.kind === 'declineOffer'
                    ? service.decline(step.assignmentId, actor, scope)
                    : service.proposeSchedule(step.assignmentId, { start: at(72), end: at(76) }, actor, scope),
              step.kind,
              wasOffered && step.kind !== 'propose',
            );
          }
        }
      };

      for (const op of ops) {
        const step = await resolve(op);
        if (!step) continue;
        const before = await statusesOf(orders);
        const auditBefore = await auditCount(t.db);
        const outcome = await run(step);
        log.push(`${op.kind}/${step.kind}: ${outcome.detail}`);
        if (outcome.ok) successes.set(step.kind, (successes.get(step.kind) ?? 0) + 1);
        const trace = log.join('\n');

        // One audit entry per change, none per refusal.
        expect((await auditCount(t.db)) - auditBefore, trace).toBe(outcome.expectedAudit);

        // Every order in a state of the machine, every move one the machine allows, and an
        // assigned or scheduled order with exactly one live offer.
        const after = await statusesOf(orders);
        const live = await liveOffersOf(orders);
        for (const [id, status] of after) {
          expect(ORDER_MACHINE.states, trace).toContain(status);
          const previous = before.get(id);
          if (previous && previous !== status) {
            expect(
              canTransition(ORDER_MACHINE, previous as TOrderStatus, status as TOrderStatus),
              `${previous} → ${status}\n${trace}`,
            ).toBe(true);
          }
          if (status === 'assigned' || status === 'scheduled') expect(live.get(id) ?? 0, trace).toBe(1);
        }
      }

      // The order history agrees: every status_change is a move of the machine (or the order's
      // creation, or a re-assignment that keeps it assigned).
      if (orders.length) {
        const events = await t.db.select().from(schema.jobEvents).where(inArray(schema.jobEvents.orderId, orders));
        for (const event of events.filter((row) => row.type === 'status_change')) {
          const { from, to } = event.metadata as { from: TOrderStatus | null; to: TOrderStatus };
          if (from === null || (from === 'assigned' && to === 'assigned')) continue;
          expect(canTransition(ORDER_MACHINE, from, to), `${from} → ${to}`).toBe(true);
        }
      }
    }),
    { numRuns: 30 },
  );
  // The sequences did reach the whole flow, so the checks above were not vacuous.
  for (const kind of ['convert', 'createQuote', 'send', 'acceptQuote', 'assign', 'acceptOffer', 'propose', 'confirm']) {
    expect(successes.get(kind) ?? 0, `${kind} never succeeded: ${JSON.stringify([...successes])}`).toBeGreaterThan(0);
  }
}, 240_000);
