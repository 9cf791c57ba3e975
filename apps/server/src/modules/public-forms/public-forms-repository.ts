import { randomUUID } from 'node:crypto';
import { insertRows, schema } from '@spacecapture/db/client';

const { contactMessages } = schema;

export type TContactMessage = typeof contactMessages.$inferSelect;

/*
 * A submission's row is built whole (its id and time included, every column named, as the
 * database would return it), so its insert, its audit entry and its e-mails can be written in one
 * statement (see runIdempotentWrites). Leads and applications are built by their own modules.
 */

export function newContactMessage(values: Omit<TContactMessage, 'id' | 'createdAt'>, now: Date): TContactMessage {
  return { id: randomUUID(), ...values, createdAt: now };
}

/** The insert of new contact messages, not yet run: for the form's grouped write. */
export function contactMessageRows(messages: readonly TContactMessage[]) {
  return insertRows(contactMessages, messages);
}
