import { randomUUID } from 'node:crypto';
import { insertRows, schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { orderLeads, orders } = schema;

export type TLeadRow = typeof orderLeads.$inferSelect;

/**
 * A public request's lead, built whole (id and times from the app's clock, every column as the
 * database would return it), so the form writes it, its audit entry and its e-mails in one
 * statement (runIdempotentWrites).
 */
export function newOrderLead(values: Omit<TLeadRow, 'id' | 'createdAt' | 'updatedAt'>, now: Date): TLeadRow {
  return { id: randomUUID(), ...values, createdAt: now, updatedAt: now };
}

/** The insert of new leads, not yet run: for the public form's grouped write. */
export function orderLeadRows(leads: readonly TLeadRow[]) {
  return insertRows(orderLeads, leads);
}

export async function lockLead(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(orderLeads).where(eq(orderLeads.id, id)).for('update');
  return row;
}

export const updateLead = stampedUpdate(orderLeads, orderLeads.id);

/** Who asked for each lead's capture (name and phone), for the provider who accepted the job. */
export async function leadContactsOf(db: TExecutor, leadIds: readonly string[]) {
  if (leadIds.length === 0) return new Map<string, { name: string; phone: string }>();
  const rows = await db
    .select({ id: orderLeads.id, contact: orderLeads.contact })
    .from(orderLeads)
    .where(inArray(orderLeads.id, [...leadIds]));
  return new Map(rows.map((row) => [row.id, { name: row.contact.name, phone: row.contact.phone }]));
}

/** A lead whose contact or details contain the text (name, e-mail, phone, company, location, notes). */
function leadMatches(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return or(
    ...['name', 'email', 'phone', 'company'].map((key) => ilike(sql`${orderLeads.contact}->>${key}`, pattern)),
    ...['location', 'additionalInfo'].map((key) => ilike(sql`${orderLeads.details}->>${key}`, pattern)),
  );
}

/** Newest first, with the order a converted lead became; in the given statuses and matching the search. */
export async function listLeads(
  db: TExecutor,
  options: {
    limit: number;
    cursor?: TCursor | undefined;
    statuses?: readonly string[] | undefined;
    search?: string | undefined;
  },
) {
  return db
    .select({ lead: orderLeads, orderId: orders.id, cursorAt: cursorKey(orderLeads.createdAt) })
    .from(orderLeads)
    .leftJoin(orders, eq(orders.leadId, orderLeads.id))
    .where(
      and(
        options.statuses ? inArray(orderLeads.status, [...options.statuses]) : undefined,
        options.search ? leadMatches(options.search) : undefined,
        afterCursor(orderLeads, options.cursor),
      ),
    )
    .orderBy(...newestFirst(orderLeads.createdAt, orderLeads.id))
    .limit(options.limit);
}
