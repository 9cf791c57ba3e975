import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';
import { deliverables, orders } from './marketplace-schema.ts';

/** What an annotation measured: its kind and the points picked, in the file's coordinates. */
export type TStoredMeasurement = {
  kind: 'distance' | 'area' | 'height';
  points: { x: number; y: number; z: number }[];
};

/**
 * Annotations on a deliverable (decisions 240, 241): a label at a position in the file's own
 * coordinate system, optionally the measurement it records. Shared with the order's people; the
 * author changes and removes it, an admin may remove it. They go with their file.
 */
export const fileAnnotations = pgTable(
  'file_annotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => deliverables.id, { onDelete: 'cascade' }),
    /** The file's order, kept for the scope of every query (the file's order never changes). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    z: doublePrecision('z').notNull(),
    measurement: jsonb('measurement').$type<TStoredMeasurement>(),
    label: text('label').notNull(),
    /** Null once the author's account is removed; the annotation stays for the others. */
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_annotations_file_created_idx').on(table.deliverableId, table.createdAt, table.id)],
);
