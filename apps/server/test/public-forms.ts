import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';

/**
 * Valid public-form submissions, multipart bodies built the way a browser builds them, and
 * counts of every table a submission writes to.
 */

export function captureRequestInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: `ada.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+44 20 7946 0958',
    companyName: 'Analytical Engines Ltd',
    spaceType: 'commercial',
    location: 'London',
    spaceSize: 'medium',
    captureType: 'virtual-tour',
    timeline: 'standard',
    additionalInfo: 'Two floors, open plan.',
    terms: true,
    ...overrides,
  };
}

export function providerApplicationInput(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+1 555 0100',
    companyName: 'Hopper Scans',
    website: 'https://hopper.example.com',
    regions: 'New York, New Jersey',
    devices: 'pro',
    experienceLevel: 'advanced',
    additionalInfo: 'Museums mostly.',
    terms: true,
    ...overrides,
  };
}

export function contactMessageInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Alan Turing',
    email: `alan.${randomUUID().slice(0, 8)}@example.com`,
    subject: 'Pricing',
    message: 'What does a three-floor office cost?',
    ...overrides,
  };
}

/** A small but real PDF document. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The first bytes of a PNG image (signature and IHDR chunk). */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082',
  'hex',
);

export type TFilePart = { name: string; bytes: Uint8Array; type?: string };

/** A multipart/form-data body with a `payload` part (JSON text) and an optional `portfolio` file. */
export async function multipartBody(
  payload: unknown,
  file?: TFilePart,
  options: { payloadIsText?: boolean; fileField?: string } = {},
) {
  const form = new FormData();
  form.append('payload', options.payloadIsText ? String(payload) : JSON.stringify(payload));
  if (file) {
    form.append(
      options.fileField ?? 'portfolio',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const TABLES = {
  order_leads: schema.orderLeads,
  provider_applications: schema.providerApplications,
  contact_messages: schema.contactMessages,
  outbox_emails: schema.outboxEmails,
  audit_log: schema.auditLog,
  idempotency_keys: schema.idempotencyKeys,
} as const;

export type TRowCounts = Record<keyof typeof TABLES, number>;

export async function countRows(db: TDatabase): Promise<TRowCounts> {
  const counts = {} as TRowCounts;
  for (const [name, table] of Object.entries(TABLES) as [keyof typeof TABLES, (typeof TABLES)[keyof typeof TABLES]][]) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Every file under a folder, recursively, as paths relative to it ([] when it does not exist). */
export async function listFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Runs `act` and checks that no table gained or lost a row. */
export async function expectNothingStored(db: TDatabase, act: () => Promise<void>) {
  const before = await countRows(db);
  await act();
  expect(await countRows(db)).toEqual(before);
}

/** The one error shape of the API. */
export function expectErrorShape(body: unknown, code: string) {
  expect(body).toEqual({
    error: expect.objectContaining({ code, message: expect.any(String) }),
  });
  const error = (body as { error: Record<string, unknown> }).error;
  expect(Object.keys(error).every((key) => ['code', 'message', 'fields'].includes(key))).toBe(true);
  // Never a stack trace or a database message.
  expect(String(error.message)).not.toMatch(/\bat .+\.(ts|js):\d+|\bSELECT\b|\bINSERT\b|relation "|violates/);
}
