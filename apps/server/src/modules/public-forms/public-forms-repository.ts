import { randomUUID } from 'node:crypto';
import { schema, type TExecutor } from '@spacecapture/db/client';

const { orderLeads, providerApplications, contactMessages } = schema;

export type TOrderLead = typeof orderLeads.$inferSelect;
export type TProviderApplication = typeof providerApplications.$inferSelect;
export type TContactMessage = typeof contactMessages.$inferSelect;

type TStamped = 'id' | 'createdAt' | 'updatedAt';

/*
 * A submission's row is built whole here (its id and times included, every column named, as the
 * database would return it), so its insert, its audit entry and its e-mails can be written in one
 * statement (see runIdempotentWrites).
 */

export function newOrderLead(values: Omit<TOrderLead, TStamped>, now: Date): TOrderLead {
  return { id: randomUUID(), ...values, createdAt: now, updatedAt: now };
}

export function newProviderApplication(values: Omit<TProviderApplication, TStamped>, now: Date): TProviderApplication {
  return { id: randomUUID(), ...values, createdAt: now, updatedAt: now };
}

export function newContactMessage(values: Omit<TContactMessage, 'id' | 'createdAt'>, now: Date): TContactMessage {
  return { id: randomUUID(), ...values, createdAt: now };
}

export function orderLeadInsert(db: TExecutor, lead: TOrderLead) {
  return db.insert(orderLeads).values(lead);
}

export function providerApplicationInsert(db: TExecutor, application: TProviderApplication) {
  return db.insert(providerApplications).values(application);
}

export function contactMessageInsert(db: TExecutor, message: TContactMessage) {
  return db.insert(contactMessages).values(message);
}
