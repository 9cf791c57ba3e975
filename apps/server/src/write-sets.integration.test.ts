import { randomUUID } from 'node:crypto';
import { createWriteSets, insertRows, schema } from '@spacecapture/db/client';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** One set as a public form writes it: a lead, its audit entry and an e-mail. */
function leadSet(email: string, createdAt: Date) {
  const lead = {
    id: randomUUID(),
    status: 'new',
    contact: { name: 'Grace Hopper', email, phone: '+1 555 0100', company: null },
    details: {
      spaceType: 'commercial',
      location: 'Arlington',
      spaceSize: 'medium',
      captureType: 'virtual-tour',
      timeline: 'standard',
      additionalInfo: null,
      source: 'website',
    },
    createdAt,
    updatedAt: createdAt,
  } satisfies typeof schema.orderLeads.$inferInsert;
  return {
    lead,
    inserts: [
      insertRows(schema.orderLeads, [lead]),
      insertRows(schema.auditLog, [
        { entity: 'order_lead', entityId: lead.id, action: 'create', before: null, after: lead, actorUserId: null },
      ]),
      insertRows(schema.outboxEmails, [
        { to: [email, `copy.${email}`], replyTo: null, subject: 'Thanks', html: '<p>Thanks</p>', text: 'Thanks' },
      ]),
    ],
  };
}

describe('write sets (group commit of the public forms)', () => {
  it('stores every column of sets written together as given, and defaults for the columns left out', async () => {
    const sets = createWriteSets(t.db, { maxInFlight: 1, maxSetsPerStatement: 32 });
    const createdAt = new Date('2026-11-28T04:05:06.789Z');
    const written = Array.from({ length: 5 }, (_, n) => leadSet(`grace.${n}.${randomUUID()}@example.com`, createdAt));
    await Promise.all(written.map((set) => sets.write(set.inserts)));

    for (const { lead } of written) {
      const [stored] = await t.db.select().from(schema.orderLeads).where(eq(schema.orderLeads.id, lead.id));
      expect(stored).toEqual(lead);
      const [audit] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, lead.id));
      expect(audit?.before).toBeNull();
      expect(audit?.after).toEqual(JSON.parse(JSON.stringify(lead)));
    }
    const emails = await t.db.select().from(schema.outboxEmails);
    for (const { lead } of written) {
      const mine = emails.filter((email) => email.to[0] === lead.contact.email);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        to: [lead.contact.email, `copy.${lead.contact.email}`],
        replyTo: null,
        status: 'pending',
        attempts: 0,
      });
      expect(mine[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('fails only the set that breaks a constraint; the others waiting with it are stored', async () => {
    const sets = createWriteSets(t.db, { maxInFlight: 1, maxSetsPerStatement: 32 });
    const key = { scope: 'write-sets-test', key: `taken-${randomUUID()}`, requestHash: 'h', responseStatus: 201 };
    await sets.write([insertRows(schema.idempotencyKeys, [{ ...key, responseBody: { id: 'first' } }])]);

    // The first write runs alone; the next three wait behind it and go as one group, which the
    // repeated key fails, so each of them is written again on its own.
    const first = leadSet(`first.${randomUUID()}@example.com`, new Date());
    const before = leadSet(`before.${randomUUID()}@example.com`, new Date());
    const after = leadSet(`after.${randomUUID()}@example.com`, new Date());
    const results = await Promise.allSettled([
      sets.write(first.inserts),
      sets.write(before.inserts),
      sets.write([insertRows(schema.idempotencyKeys, [{ ...key, responseBody: { id: 'second' } }])]),
      sets.write(after.inserts),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refusal = (results[2] as PromiseRejectedResult).reason as { code?: string; cause?: { code?: string } };
    expect(refusal.code ?? refusal.cause?.code).toBe('23505');
    const stored = await t.db
      .select({ id: schema.orderLeads.id })
      .from(schema.orderLeads)
      .where(inArray(schema.orderLeads.id, [first.lead.id, before.lead.id, after.lead.id]));
    expect(stored).toHaveLength(3);
    const [answer] = await t.db.select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.key, key.key));
    expect(answer?.responseBody).toEqual({ id: 'first' });
  });
});
