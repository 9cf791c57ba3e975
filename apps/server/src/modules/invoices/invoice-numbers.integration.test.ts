import { schema } from '@spacecapture/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder, DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';
import { allocateInvoiceNumber } from './invoices-repository.ts';

/**
 * Invoice numbers have no gaps and no duplicates (decision 209), even when customers accept quotes
 * at the same moment and issues that fail roll back between them. On PostgreSQL (CI, and
 * TEST_DATABASE_DRIVER=postgres) the acceptances really run side by side on the pool's connections.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customers: TSignedInUser[];

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  customers = [
    await newUser('customer_admin', { name: 'Numbers One' }),
    await newUser('customer_admin', { name: 'Numbers Two' }),
  ];
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('invoice numbers', () => {
  it('are gapless and unique under concurrent acceptances and rolled-back issues', async () => {
    const quotes: { quoteId: string; customer: TSignedInUser }[] = [];
    for (let index = 0; index < 12; index += 1) {
      const customer = customers[index % customers.length]!;
      const order = await convertedOrder(t.app, admin, customer.orgId);
      const quote = (
        await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN })
      ).json();
      expect((await admin.post(`/api/admin/quotes/${quote.id}/send`)).statusCode).toBe(200);
      quotes.push({ quoteId: quote.id, customer });
    }
    const failedIssue = () =>
      t.db
        .transaction(async (tx) => {
          await allocateInvoiceNumber(tx);
          throw new Error('the issue failed after taking a number');
        })
        .catch((error: Error) => error.message);
    const answers = await Promise.all([
      ...quotes.map(({ quoteId, customer }) => customer.client.post(`/api/customer/quotes/${quoteId}/accept`)),
      failedIssue(),
      failedIssue(),
      failedIssue(),
    ]);
    for (const answer of answers.slice(0, quotes.length)) {
      expect(typeof answer === 'string' ? answer : answer.statusCode).toBe(200);
    }
    expect(answers.slice(quotes.length)).toEqual(Array(3).fill('the issue failed after taking a number'));

    const rows = await t.db.select().from(schema.invoices);
    expect(rows).toHaveLength(quotes.length);
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: quotes.length }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(quotes.length);
    for (const row of rows) expect(row.number).toBe(`INV-${String(row.sequence).padStart(6, '0')}`);
  });
});
