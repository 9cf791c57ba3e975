import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * ORDER BY for a newest-first keyset page that the (created_at desc, id desc) indexes can serve.
 * Drizzle writes an index column declared `.desc()` as DESC NULLS LAST, while `desc(column)` in a
 * query means DESC NULLS FIRST (PostgreSQL's default); PostgreSQL does not treat the two as the
 * same order even for NOT NULL columns, so a query ordered by `desc()` cannot walk such an index
 * and sorts the whole table instead. Ordering NULLS LAST matches the indexes.
 */
export function newestFirst(createdAt: PgColumn, id: PgColumn): SQL[] {
  return [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
}
