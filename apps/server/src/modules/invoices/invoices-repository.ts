import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, desc, eq, exists, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { invoices, invoicePayments, invoiceCounters, creditNotes, monthlyInvoiceOrders, orders, organizations } = schema;

export type TInvoiceRow = typeof invoices.$inferSelect;
export type TInvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type TCreditNoteRow = typeof creditNotes.$inferSelect;
export type TMonthlyOrderRow = typeof monthlyInvoiceOrders.$inferSelect;

/** The invoices' numbering series: INV-000001, INV-000002, … */
export const INVOICE_SERIES = 'INV';
/** The credit notes' own series (decision 215): CN-000001, … */
export const CREDIT_NOTE_SERIES = 'CN';

/**
 * The next number of the series, in the caller's transaction. The upsert takes the counter row's
 * lock until the transaction ends, so two issues never read the same value; a transaction that
 * rolls back takes its increment with it, so no number is ever skipped (decision 209).
 */
export async function allocateInvoiceNumber(tx: TExecutor, series: string = INVOICE_SERIES) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { sequence, number: `${series}-${String(sequence).padStart(6, '0')}` };
}

export async function insertInvoice(tx: TExecutor, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function updateInvoice(tx: TExecutor, id: string, values: Partial<typeof invoices.$inferInsert>) {
  const [row] = await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function lockInvoice(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function findInvoice(db: TExecutor, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** An order's invoices, oldest first (a deposit before its balance). */
export async function invoicesOfOrder(db: TExecutor, orderId: string) {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence));
}

export async function findInvoiceOfQuote(db: TExecutor, quoteId: string, kind: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), eq(invoices.kind, kind)));
  return row;
}

export async function latestInvoiceOfQuote(db: TExecutor, quoteId: string, customerOrgId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), eq(invoices.customerOrgId, customerOrgId)))
    .orderBy(desc(invoices.sequence))
    .limit(1);
  return row;
}

export async function insertInvoicePayment(tx: TExecutor, values: typeof invoicePayments.$inferInsert) {
  const [row] = await tx.insert(invoicePayments).values(values).returning();
  return row!;
}

export async function paymentsOf(db: TExecutor, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
}

/** An invoice of the order: its own, or the monthly invoice that lists it (decision 242). */
function invoiceOfOrder(orderId: string) {
  return or(
    eq(invoices.orderId, orderId),
    exists(
      sql`(select 1 from ${monthlyInvoiceOrders} where ${monthlyInvoiceOrders.invoiceId} = ${invoices.id} and ${monthlyInvoiceOrders.orderId} = ${orderId})`,
    ),
  );
}

/** Invoices newest first with their order's title and the customer's name; filters as the admin list offers. */
export async function listInvoices(
  db: TExecutor,
  options: {
    limit: number;
    cursor: TCursor | undefined;
    status?: string | undefined;
    customerOrgId?: string | undefined;
    orderId?: string | undefined;
  },
) {
  const filters: (SQL | undefined)[] = [
    afterCursor({ createdAt: invoices.issuedAt, id: invoices.id }, options.cursor),
    options.status ? eq(invoices.status, options.status) : undefined,
    options.customerOrgId ? eq(invoices.customerOrgId, options.customerOrgId) : undefined,
    options.orderId ? invoiceOfOrder(options.orderId) : undefined,
  ];
  return db
    .select({
      invoice: invoices,
      orderTitle: orders.title,
      orgName: organizations.name,
      cursorAt: cursorKey(invoices.issuedAt),
    })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(organizations, eq(organizations.id, invoices.customerOrgId))
    .where(and(...filters))
    .orderBy(...newestFirst(invoices.issuedAt, invoices.id))
    .limit(options.limit);
}

export async function findInvoiceWithNames(db: TExecutor, id: string) {
  const [row] = await db
    .select({ invoice: invoices, orderTitle: orders.title, orgName: organizations.name })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(organizations, eq(organizations.id, invoices.customerOrgId))
    .where(eq(invoices.id, id));
  return row;
}

/** Open invoices past their due date: the reminder pass marks them overdue. */
export async function openInvoicesPastDue(db: TExecutor, now: Date, limit: number) {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), lte(invoices.dueAt, now)))
    .orderBy(asc(invoices.dueAt))
    .limit(limit);
}

/** Open invoices due within the lead time whose reminder before the due date has not gone out. */
export async function invoicesDueSoon(db: TExecutor, now: Date, leadMs: number, limit: number) {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'open'),
        isNull(invoices.reminderBeforeSentAt),
        lte(invoices.dueAt, new Date(now.getTime() + leadMs)),
        sql`${invoices.dueAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(invoices.dueAt))
    .limit(limit);
}

/** Overdue invoices whose reminder after the due date has not gone out. */
export async function overdueWithoutReminder(db: TExecutor, limit: number) {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.status, 'overdue'), isNull(invoices.reminderAfterSentAt)))
    .orderBy(asc(invoices.dueAt))
    .limit(limit);
}

/**
 * The first invoice of the order not yet paid (void ones aside), if any: what locks its downloads.
 * A refunded invoice was paid: a refund does not lock the downloads again (decision 215).
 */
export async function unpaidInvoiceOfOrder(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number, quoteId: invoices.quoteId })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.status, ['open', 'overdue'])))
    .orderBy(asc(invoices.sequence))
    .limit(1);
  return row;
}

export async function insertCreditNote(tx: TExecutor, values: typeof creditNotes.$inferInsert) {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  return row!;
}

export async function updateCreditNote(tx: TExecutor, id: string, values: Partial<typeof creditNotes.$inferInsert>) {
  const [row] = await tx.update(creditNotes).set(values).where(eq(creditNotes.id, id)).returning();
  return row!;
}

export async function findCreditNoteByRequest(db: TExecutor, invoiceId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.invoiceId, invoiceId), eq(creditNotes.requestKey, requestKey)));
  return row;
}

export async function findCreditNote(db: TExecutor, id: string) {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
  return row;
}

/** The credit notes of some invoices, oldest first. */
export async function creditNotesOf(db: TExecutor, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceId, [...invoiceIds]))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id));
}

/** The card payment recorded under a processor's reference (a payment intent or a charge id). */
export async function findCardPaymentByReference(db: TExecutor, reference: string) {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.method, 'card'), eq(invoicePayments.reference, reference)));
  return row;
}

/** An order of a monthly organisation, accrued at its quote's acceptance; once per order (decision 242). */
export async function insertMonthlyOrder(tx: TExecutor, values: typeof monthlyInvoiceOrders.$inferInsert) {
  await tx.insert(monthlyInvoiceOrders).values(values).onConflictDoNothing();
}

/**
 * Organisations and currencies with orders accepted before `before` and not yet on a monthly
 * invoice; cancelled orders are never billed (decision 242).
 */
export async function monthlyGroupsDue(db: TExecutor, before: Date, limit: number) {
  return db
    .selectDistinct({ customerOrgId: monthlyInvoiceOrders.customerOrgId, currency: monthlyInvoiceOrders.currency })
    .from(monthlyInvoiceOrders)
    .innerJoin(orders, eq(orders.id, monthlyInvoiceOrders.orderId))
    .where(
      and(
        isNull(monthlyInvoiceOrders.invoiceId),
        lt(monthlyInvoiceOrders.acceptedAt, before),
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(monthlyInvoiceOrders.customerOrgId), asc(monthlyInvoiceOrders.currency))
    .limit(limit);
}

/**
 * The group's orders still to invoice, locked until the transaction ends, oldest first. A run that
 * races for them waits here, then finds them invoiced (PostgreSQL re-reads a locked row's
 * `invoice_id` after the wait) and gets none.
 */
export async function lockMonthlyOrdersDue(
  tx: TExecutor,
  group: { customerOrgId: string; currency: string },
  before: Date,
) {
  return tx
    .select({ row: monthlyInvoiceOrders, orderTitle: orders.title })
    .from(monthlyInvoiceOrders)
    .innerJoin(orders, eq(orders.id, monthlyInvoiceOrders.orderId))
    .where(
      and(
        eq(monthlyInvoiceOrders.customerOrgId, group.customerOrgId),
        eq(monthlyInvoiceOrders.currency, group.currency),
        isNull(monthlyInvoiceOrders.invoiceId),
        lt(monthlyInvoiceOrders.acceptedAt, before),
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(monthlyInvoiceOrders.acceptedAt), asc(monthlyInvoiceOrders.orderId))
    .for('update', { of: monthlyInvoiceOrders });
}

/** Puts an order on its monthly invoice, only while it is on none: false when another run has it. */
export async function claimMonthlyOrder(tx: TExecutor, orderId: string, invoiceId: string, taxMinor: number) {
  const claimed = await tx
    .update(monthlyInvoiceOrders)
    .set({ invoiceId, taxMinor })
    .where(and(eq(monthlyInvoiceOrders.orderId, orderId), isNull(monthlyInvoiceOrders.invoiceId)))
    .returning({ orderId: monthlyInvoiceOrders.orderId });
  return claimed.length === 1;
}

/** The orders of some monthly invoices with their titles, oldest acceptance first. */
export async function monthlyOrdersOf(db: TExecutor, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select({ row: monthlyInvoiceOrders, orderTitle: orders.title })
    .from(monthlyInvoiceOrders)
    .innerJoin(orders, eq(orders.id, monthlyInvoiceOrders.orderId))
    .where(inArray(monthlyInvoiceOrders.invoiceId, [...invoiceIds]))
    .orderBy(asc(monthlyInvoiceOrders.acceptedAt), asc(monthlyInvoiceOrders.orderId));
}

/** Where some orders are billed monthly: their accrual rows with the invoice's number once issued. */
export async function monthlyBillingOfOrders(db: TExecutor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: monthlyInvoiceOrders.orderId,
      quoteId: monthlyInvoiceOrders.quoteId,
      customerOrgId: monthlyInvoiceOrders.customerOrgId,
      acceptedAt: monthlyInvoiceOrders.acceptedAt,
      invoiceId: monthlyInvoiceOrders.invoiceId,
      invoiceNumber: invoices.number,
      period: invoices.period,
    })
    .from(monthlyInvoiceOrders)
    .leftJoin(invoices, eq(invoices.id, monthlyInvoiceOrders.invoiceId))
    .where(inArray(monthlyInvoiceOrders.orderId, [...orderIds]));
}

/** The monthly invoice that bills a quote's order, if one was issued. */
export async function monthlyInvoiceOfQuote(db: TExecutor, quoteId: string, customerOrgId: string) {
  const [row] = await db
    .select({ invoiceId: monthlyInvoiceOrders.invoiceId })
    .from(monthlyInvoiceOrders)
    .where(and(eq(monthlyInvoiceOrders.quoteId, quoteId), eq(monthlyInvoiceOrders.customerOrgId, customerOrgId)));
  return row?.invoiceId ?? null;
}
