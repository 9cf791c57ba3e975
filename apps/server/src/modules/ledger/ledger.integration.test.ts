import { schema } from '@spacecapture/db/client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, convertedOrder, DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';
import { balancesOf, entriesOfOrder, unbalancedEntries } from './ledger-repository.ts';
import { book, bookingProblem } from './ledger-service.ts';

/**
 * The ledger (decision 208): balanced entries only, refused by the service and again by the
 * database; rows that never change; one booking per key; and the customer's charge when a quote
 * is accepted (the provider's payable at approval is proven with the review, in routes/review).
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  customer = await newUser('customer_admin', { name: 'Ledger Customer' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const now = () => new Date();
const line = (account: 'receivable' | 'revenue', organizationId: string | null, amountMinor: number) => ({
  account,
  organizationId,
  amountMinor,
});

describe('booking', () => {
  it('refuses an entry that does not balance, has one line, a zero or fractional amount, or no currency', () => {
    const lines = [line('receivable', 'a', 100), line('revenue', null, -100)];
    expect(bookingProblem({ currency: 'GBP', lines })).toBeNull();
    expect(bookingProblem({ currency: 'GBP', lines: [lines[0]!, line('revenue', null, -99)] })).toBe(
      'The entry does not balance: its lines sum to 1.',
    );
    expect(bookingProblem({ currency: 'GBP', lines: [lines[0]!] })).toBe('A ledger entry needs at least two lines.');
    expect(bookingProblem({ currency: 'GBP', lines: [line('receivable', 'a', 0), line('revenue', null, 0)] })).toBe(
      'Ledger amounts are whole, non-zero minor units.',
    );
    expect(
      bookingProblem({ currency: 'GBP', lines: [line('receivable', 'a', 0.5), line('revenue', null, -0.5)] }),
    ).toBe('Ledger amounts are whole, non-zero minor units.');
    expect(bookingProblem({ currency: 'pounds', lines })).toBe('Not an ISO 4217 currency: pounds.');
  });

  it('books once per key, audited in the same transaction', async () => {
    const booking = {
      kind: 'adjustment' as const,
      currency: 'GBP',
      orderId: null,
      memo: 'Opening balance',
      idempotencyKey: `test:${crypto.randomUUID()}`,
      actorUserId: null,
      lines: [line('receivable', customer.orgId, 2500), line('revenue', null, -2500)],
    };
    const first = await t.db.transaction((tx) => book(tx, booking, now()));
    const again = await t.db.transaction((tx) => book(tx, booking, now()));
    expect(first.booked).toBe(true);
    expect(again).toMatchObject({ booked: false, entry: { id: first.entry.id } });
    const audit = await auditOf(t.db, first.entry.id);
    expect(audit.map((entry) => [entry.entity, entry.action])).toEqual([['ledger_entry', 'book']]);
  });

  it('is refused by the database itself when unbalanced, and its rows never change', async () => {
    const unbalanced = t.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(schema.ledgerEntries)
        .values({
          kind: 'adjustment',
          currency: 'GBP',
          memo: 'Bad',
          orderId: null,
          idempotencyKey: null,
          actorUserId: null,
        })
        .returning();
      await tx
        .insert(schema.ledgerLines)
        .values({ entryId: entry!.id, account: 'cash', organizationId: null, amountMinor: 10 });
    });
    await expect(unbalanced).rejects.toThrow();
    expect(await unbalancedEntries(t.db)).toEqual([]);

    const { entry } = await t.db.transaction((tx) =>
      book(
        tx,
        {
          kind: 'adjustment',
          currency: 'GBP',
          orderId: null,
          memo: 'Kept',
          idempotencyKey: null,
          actorUserId: null,
          lines: [line('receivable', customer.orgId, 100), line('revenue', null, -100)],
        },
        now(),
      ),
    );
    await expect(
      t.db.update(schema.ledgerEntries).set({ memo: 'Changed' }).where(eq(schema.ledgerEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(schema.ledgerLines).where(eq(schema.ledgerLines.entryId, entry.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate ledger_lines`)).rejects.toThrow();
    const [kept] = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.id, entry.id));
    expect(kept?.memo).toBe('Kept');
  });
});

describe('the flow books', () => {
  it("the customer's charge at the quote's acceptance, once", async () => {
    // The organisation pays in pounds, so its order (and the quote) are in pounds (decision 203).
    const set = await admin.request('PATCH', `/api/admin/customers/${customer.orgId}`, { currency: 'GBP' });
    expect(set.statusCode, set.body).toBe(200);
    const order = await convertedOrder(t.app, admin, customer.orgId);
    const quote = (
      await admin.post('/api/admin/quotes', {
        orderId: order.id,
        priceBreakdown: { ...DEFAULT_BREAKDOWN, currency: 'GBP' },
      })
    ).json();
    expect((await admin.post(`/api/admin/quotes/${quote.id}/send`)).statusCode).toBe(200);
    const accepted = await customer.client.post(`/api/customer/quotes/${quote.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A second answer is refused and books nothing.
    expect((await customer.client.post(`/api/customer/quotes/${quote.id}/accept`)).statusCode).toBe(409);

    const total = Math.round(Number(quote.total) * 100);
    const entries = await entriesOfOrder(t.db, order.id);
    expect(
      entries.map(({ entry, line: l }) => [entry.kind, entry.currency, l.account, l.organizationId, l.amountMinor]),
    ).toEqual([
      ['customer_charge', 'GBP', 'receivable', customer.orgId, total],
      ['customer_charge', 'GBP', 'revenue', null, -total],
    ]);
    // The organisation's balance sums every entry: this charge and the two booked above (25.00 + 1.00).
    expect(await balancesOf(t.db, customer.orgId)).toEqual([
      { account: 'receivable', currency: 'GBP', balanceMinor: total + 2_600 },
    ]);
    expect(await unbalancedEntries(t.db)).toEqual([]);
  });
});
