import { randomUUID } from 'node:crypto';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { insertCredentialUser, insertMembership, insertRole } from '../src/modules/accounts/accounts-repository.ts';
import { propertyKeyOf } from '../src/modules/orders/property-key.ts';
import { createClient, STRONG_PASSWORD, type TClient, uniqueAddress, uniqueEmail } from './accounts.ts';
import { TEST_PASSWORD_HASHING } from './password-hashing.ts';

/**
 * Factories for the admin console's tests: marketplace rows written directly, with the times
 * the test chooses (to the microsecond, so cursors are tested where a JS Date would round), and
 * helpers that walk every page of a list.
 */

/** An instant as PostgreSQL keeps it (microseconds), `seconds` before `base` plus `micros`. */
export function at(base: Date, seconds: number, micros = 0) {
  const ms = base.getTime() - seconds * 1000;
  const iso = new Date(ms).toISOString(); // …sss Z
  return sql`${`${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`}::timestamptz`;
}

export async function insertOrg(
  db: TDatabase,
  input: { type: 'customer' | 'provider'; name: string; status?: string; createdAt?: ReturnType<typeof at> },
) {
  const [row] = await db
    .insert(schema.organizations)
    .values({
      name: input.name,
      type: input.type,
      status: input.status ?? 'active',
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A member of an organisation (a user row with a role and membership; it cannot sign in). */
export async function insertMember(db: TDatabase, orgId: string, role: string) {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await insertCredentialUser(tx, {
      id,
      email: uniqueEmail(role.replace('_', '-')),
      name: `Member ${id.slice(0, 4)}`,
      passwordHash: 'not-a-password-hash',
      emailVerified: true,
      now: new Date(),
    });
    await insertRole(tx, id, role);
    await insertMembership(tx, id, orgId, role);
  });
  return id;
}

/** A signed-in admin with the plain `admin` role (admins are not invited through the form; written as rows). */
export async function createSignedInPlainAdmin(app: FastifyInstance, db: TDatabase) {
  const email = uniqueEmail('plain-admin');
  const id = randomUUID();
  const passwordHash = await TEST_PASSWORD_HASHING.hash(STRONG_PASSWORD);
  await db.transaction(async (tx) => {
    await insertCredentialUser(tx, {
      id,
      email,
      name: 'Plain Admin',
      passwordHash,
      emailVerified: true,
      now: new Date(),
    });
    await insertRole(tx, id, 'admin');
  });
  const client = createClient(app, { remoteAddress: uniqueAddress() });
  const response = await client.signIn(email, STRONG_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return { client, email, userId: id };
}

export type TOrderSeed = {
  customerOrgId: string;
  title?: string;
  status?: string;
  location?: string;
  captureType?: string;
  currency?: string;
  createdAt?: ReturnType<typeof at>;
};

export async function insertOrders(db: TDatabase, seeds: readonly TOrderSeed[]) {
  if (seeds.length === 0) return [];
  return db
    .insert(schema.orders)
    .values(
      seeds.map((seed, index) => ({
        title: seed.title ?? `Order ${index}`,
        status: seed.status ?? 'triage',
        location: seed.location ?? 'London',
        propertyKey: propertyKeyOf(seed.location ?? 'London'),
        captureType: seed.captureType ?? 'virtual-tour',
        preferredDates: { timeline: 'standard', notes: null },
        customerOrgId: seed.customerOrgId,
        currency: seed.currency ?? 'USD',
        ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      })),
    )
    .returning();
}

export async function insertQuote(
  db: TDatabase,
  input: {
    orderId: string;
    status: string;
    total?: number;
    currency?: string;
    sentAt?: Date | null;
    respondedAt?: Date | null;
    validityUntil?: Date | null;
    createdAt?: Date;
  },
) {
  const total = input.total ?? 1500;
  const currency = input.currency ?? 'USD';
  const [row] = await db
    .insert(schema.quotes)
    .values({
      orderId: input.orderId,
      priceBreakdown: { items: [{ label: 'Capture', amount: total }], currency },
      total: total.toFixed(2),
      currency,
      sla: 'Standard SLA: 5 business days after capture',
      status: input.status,
      sentAt: input.sentAt ?? null,
      respondedAt: input.respondedAt ?? null,
      validityUntil: input.validityUntil ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertAssignment(
  db: TDatabase,
  input: {
    orderId: string;
    providerOrgId: string;
    status: string;
    accepted?: boolean | null;
    respondBy?: Date;
    respondedAt?: Date | null;
    scheduledStart?: Date | null;
    scheduledEnd?: Date | null;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(schema.assignments)
    .values({
      orderId: input.orderId,
      providerOrgId: input.providerOrgId,
      status: input.status,
      accepted: input.accepted ?? null,
      respondBy: input.respondBy ?? new Date(Date.now() + 48 * 3_600_000),
      respondedAt: input.respondedAt ?? null,
      scheduledStart: input.scheduledStart ?? null,
      scheduledEnd: input.scheduledEnd ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertJobEvent(
  db: TDatabase,
  input: { orderId: string; type: string; metadata?: Record<string, unknown>; createdAt?: Date; actorUserId?: string },
) {
  const [row] = await db
    .insert(schema.jobEvents)
    .values({
      orderId: input.orderId,
      type: input.type,
      metadata: input.metadata ?? {},
      actorUserId: input.actorUserId ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertDeliverable(
  db: TDatabase,
  input: { orderId: string; createdAt?: Date; uploadedBy?: string },
) {
  const [row] = await db
    .insert(schema.deliverables)
    .values({
      orderId: input.orderId,
      type: 'file',
      fileLinks: { paths: [`${input.orderId}/tour.zip`] },
      fileName: 'tour.zip',
      size: '2048',
      uploadedBy: input.uploadedBy ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, deliveredAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertRating(
  db: TDatabase,
  input: { orderId: string; providerOrgId: string; score: number; createdAt?: Date },
) {
  const [row] = await db
    .insert(schema.ratings)
    .values({
      orderId: input.orderId,
      providerOrgId: input.providerOrgId,
      score: input.score,
      comment: 'Great work',
      ratedBy: randomUUID(),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** Follows `nextCursor` until the end; every item's id in the order received. */
export async function walkPages(client: TClient, url: string, maxPages = 100) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await client.get(cursor ? `${url}${separator}cursor=${encodeURIComponent(cursor)}` : url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: { id: string }[]; nextCursor: string | null };
    ids.push(...body.items.map((item) => item.id));
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < maxPages);
  return { ids, pages };
}

/** The CSV text parsed back into rows (RFC 4180: quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
