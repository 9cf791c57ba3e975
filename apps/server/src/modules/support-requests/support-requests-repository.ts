import { schema, type TExecutor } from '@spacecapture/db/client';

const { supportRequests } = schema;

export type TSupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(tx: TExecutor, values: typeof supportRequests.$inferInsert) {
  const [row] = await tx.insert(supportRequests).values(values).returning();
  if (!row) throw new Error('support request insert returned nothing');
  return row;
}
