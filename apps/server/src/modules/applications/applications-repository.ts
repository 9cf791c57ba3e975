import { randomUUID } from 'node:crypto';
import { insertRows, schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { providerApplications } = schema;

export type TApplicationRow = typeof providerApplications.$inferSelect;

/** A public application, built whole like a lead (see newOrderLead) for the form's one statement. */
export function newProviderApplication(
  values: Omit<TApplicationRow, 'id' | 'createdAt' | 'updatedAt'>,
  now: Date,
): TApplicationRow {
  return { id: randomUUID(), ...values, createdAt: now, updatedAt: now };
}

/** The insert of new applications, not yet run: for the public form's grouped write. */
export function providerApplicationRows(applications: readonly TApplicationRow[]) {
  return insertRows(providerApplications, applications);
}

export async function findApplication(db: TExecutor, id: string) {
  const [row] = await db.select().from(providerApplications).where(eq(providerApplications.id, id));
  return row;
}

export async function lockApplication(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(providerApplications).where(eq(providerApplications.id, id)).for('update');
  return row;
}

export const updateApplication = stampedUpdate(providerApplications, providerApplications.id);

/** An application whose organisation, region or contact contains the text. */
function applicationMatches(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return or(
    ilike(providerApplications.orgName, pattern),
    ilike(providerApplications.region, pattern),
    ...['first_name', 'last_name', 'email', 'phone', 'website'].map((key) =>
      ilike(sql`${providerApplications.contact}->>${key}`, pattern),
    ),
  );
}

/** Newest first; in the given statuses and matching the search. */
export async function listApplications(
  db: TExecutor,
  options: {
    limit: number;
    cursor?: TCursor | undefined;
    statuses?: readonly string[] | undefined;
    search?: string | undefined;
  },
) {
  return db
    .select({ application: providerApplications, cursorAt: cursorKey(providerApplications.createdAt) })
    .from(providerApplications)
    .where(
      and(
        options.statuses ? inArray(providerApplications.status, [...options.statuses]) : undefined,
        options.search ? applicationMatches(options.search) : undefined,
        afterCursor(providerApplications, options.cursor),
      ),
    )
    .orderBy(...newestFirst(providerApplications.createdAt, providerApplications.id))
    .limit(options.limit);
}
