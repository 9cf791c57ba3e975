import { schema, type TExecutor } from '@spacecapture/db/client';

const { orderLeads, providerApplications, contactMessages } = schema;

export type TNewOrderLead = typeof orderLeads.$inferInsert;
export type TNewProviderApplication = typeof providerApplications.$inferInsert;
export type TNewContactMessage = typeof contactMessages.$inferInsert;

export async function insertOrderLead(tx: TExecutor, lead: TNewOrderLead) {
  const [row] = await tx.insert(orderLeads).values(lead).returning();
  return row!;
}

export async function insertProviderApplication(tx: TExecutor, application: TNewProviderApplication) {
  const [row] = await tx.insert(providerApplications).values(application).returning();
  return row!;
}

export async function insertContactMessage(tx: TExecutor, message: TNewContactMessage) {
  const [row] = await tx.insert(contactMessages).values(message).returning();
  return row!;
}
