import { schema, type TExecutor } from '@spacecapture/db/client';
import type { TStoredMeasurement } from '@spacecapture/db/schema';
import { and, asc, count, eq } from 'drizzle-orm';

const { fileAnnotations, user } = schema;

/**
 * Annotations on delivered files (decisions 240, 241): every write to `file_annotations` is here
 * (decision 194). The caller has already checked that the file is one the actor may read.
 */

export type TAnnotationRow = typeof fileAnnotations.$inferSelect;
export type TAnnotationWithAuthor = { annotation: TAnnotationRow; authorName: string | null };

const withAuthor = { annotation: fileAnnotations, authorName: user.name };

/** A file's annotations, oldest first (the order they were written in), with their authors' names. */
export async function listAnnotationsOfFile(db: TExecutor, deliverableId: string): Promise<TAnnotationWithAuthor[]> {
  return db
    .select(withAuthor)
    .from(fileAnnotations)
    .leftJoin(user, eq(user.id, fileAnnotations.authorUserId))
    .where(eq(fileAnnotations.deliverableId, deliverableId))
    .orderBy(asc(fileAnnotations.createdAt), asc(fileAnnotations.id));
}

export async function countAnnotationsOfFile(db: TExecutor, deliverableId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(fileAnnotations)
    .where(eq(fileAnnotations.deliverableId, deliverableId));
  return row?.total ?? 0;
}

/** One annotation, locked until the transaction ends. */
export async function lockAnnotation(tx: TExecutor, id: string): Promise<TAnnotationRow | undefined> {
  const [row] = await tx.select().from(fileAnnotations).where(eq(fileAnnotations.id, id)).for('update');
  return row;
}

export async function authorNameOf(db: TExecutor, row: TAnnotationRow): Promise<string | null> {
  if (!row.authorUserId) return null;
  const [found] = await db.select({ name: user.name }).from(user).where(eq(user.id, row.authorUserId));
  return found?.name ?? null;
}

export async function insertAnnotation(
  tx: TExecutor,
  values: {
    deliverableId: string;
    orderId: string;
    position: { x: number; y: number; z: number };
    measurement: TStoredMeasurement | null;
    label: string;
    authorUserId: string;
    at: Date;
  },
): Promise<TAnnotationRow> {
  const [row] = await tx
    .insert(fileAnnotations)
    .values({
      deliverableId: values.deliverableId,
      orderId: values.orderId,
      x: values.position.x,
      y: values.position.y,
      z: values.position.z,
      measurement: values.measurement,
      label: values.label,
      authorUserId: values.authorUserId,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  if (!row) throw new Error('annotation insert returned nothing');
  return row;
}

export async function updateAnnotationLabel(tx: TExecutor, id: string, label: string, at: Date) {
  const [row] = await tx
    .update(fileAnnotations)
    .set({ label, updatedAt: at })
    .where(eq(fileAnnotations.id, id))
    .returning();
  if (!row) throw new Error('annotation update returned nothing');
  return row;
}

export async function deleteAnnotation(tx: TExecutor, id: string, deliverableId: string) {
  await tx
    .delete(fileAnnotations)
    .where(and(eq(fileAnnotations.id, id), eq(fileAnnotations.deliverableId, deliverableId)));
}
