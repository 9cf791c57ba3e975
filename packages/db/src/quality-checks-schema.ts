import { index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';
import { deliverables } from './marketplace-schema.ts';

/** One finding of a file's check (decision 236): a plain sentence for the provider. */
export type TCheckFinding = { code: string; message: string };

/**
 * The quality check of one delivered file (decision 236), made by a contained worker after upload:
 * pending until the worker has looked; checking while it reads; passed, warned (warnings never
 * block) or failed (Mark delivered is refused while a current file has failures, unless an admin
 * overrode the check for that file with a reason).
 */
export const deliverableChecks = pgTable(
  'deliverable_checks',
  {
    deliverableId: uuid('deliverable_id')
      .primaryKey()
      .references(() => deliverables.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    failures: jsonb('failures').$type<TCheckFinding[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<TCheckFinding[]>().notNull().default([]),
    /** What the file says of itself: points, bounds, density, coordinate system, pages, size, duration. */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    overrideReason: text('override_reason'),
    overrideBy: text('override_by').references(() => user.id, { onDelete: 'set null' }),
    overrideAt: timestamp('override_at', { withTimezone: true }),
  },
  (table) => [index('deliverable_checks_due_idx').on(table.state, table.nextAt)],
);
