import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  expectErrorShape,
  expectNothingStored,
  listFiles,
  multipartBody,
  PDF_BYTES,
  PNG_BYTES,
  providerApplicationInput,
  type TFilePart,
} from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

const COMPANY_EMAIL = 'team@spacecapture.test';
const URL = '/api/public/provider-applications';
const PORTFOLIO_TYPE_MESSAGE = 'Portfolio must be a .pdf, .zip, .jpg, .jpeg or .png file.';

const SPEC_MESSAGES = {
  firstName: 'First name must be at least 2 characters.',
  lastName: 'Last name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  companyName: 'Company name is required.',
  website: 'Please enter a valid URL.',
  regions: 'Please enter the regions you cover.',
  devices: 'Please select which devices you own.',
  experienceLevel: 'Please select your experience level.',
  terms: 'You must agree to the terms and conditions.',
};

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COMPANY_EMAIL } });
});
afterAll(async () => {
  await t?.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const filesDir = () => path.join(t.dataDir, 'files');

async function apply(
  payload: unknown,
  file?: TFilePart,
  options: { headers?: Record<string, string>; payloadIsText?: boolean; fileField?: string } = {},
) {
  const body = await multipartBody(payload, file, options);
  return t.app.inject({
    method: 'POST',
    url: URL,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
}

async function applicationRow(id: string) {
  const [row] = await t.db.select().from(schema.providerApplications).where(eq(schema.providerApplications.id, id));
  return row!;
}

/** Runs `act` and checks that no row was stored and no file is left on disk by it. */
async function expectNothingKept(act: () => Promise<void>) {
  const filesBefore = await listFiles(filesDir());
  await expectNothingStored(t.db, act);
  expect(await listFiles(filesDir())).toEqual(filesBefore);
  expect(await listFiles(path.join(filesDir(), '.incoming'))).toEqual([]);
}

describe('POST /api/public/provider-applications', () => {
  it('answers 201 and stores the application in the spec shape', async () => {
    const input = providerApplicationInput();
    const response = await apply(input);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const row = await applicationRow(id);
    expect(row).toMatchObject({
      status: 'new',
      orgName: 'Hopper Scans',
      contact: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: input.email,
        phone: '+1 555 0100',
        website: 'https://hopper.example.com',
      },
      region: 'New York, New Jersey',
      devicesOwned: ['PRO'],
      devicesNotes: 'advanced',
      portfolioLinks: [],
      portfolioFile: null,
      notes: 'Museums mostly.',
    });
    expect(Object.keys(row.contact).sort()).toEqual(['email', 'first_name', 'last_name', 'phone', 'website']);
  });

  it.each([
    ['none', []],
    ['pro', ['PRO']],
    ['minion', ['MINION']],
    ['meta', ['META']],
    ['mega', ['MEGA']],
    ['multiple', ['MULTIPLE']],
  ])('stores the device %s as %j', async (devices, owned) => {
    const response = await apply(providerApplicationInput({ devices }));
    expect(response.statusCode).toBe(201);
    expect((await applicationRow(response.json().id)).devicesOwned).toEqual(owned);
  });

  it('stores null for an empty website and empty notes, and the experience level as devices_notes', async () => {
    const response = await apply(
      providerApplicationInput({ website: '', additionalInfo: '  ', experienceLevel: 'beginner' }),
    );
    expect(response.statusCode).toBe(201);
    const row = await applicationRow(response.json().id);
    expect(row.contact.website).toBeNull();
    expect(row.notes).toBeNull();
    expect(row.devicesNotes).toBe('beginner');
  });

  it('writes one audit entry and queues the two notification e-mails, escaped', async () => {
    const input = providerApplicationInput({ companyName: '<script>steal()</script>' });
    const response = await apply(input);
    const { id } = response.json();

    const entries = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'provider_application', action: 'create', actorUserId: null });

    const emails = (await t.db.select().from(schema.outboxEmails)).filter(
      (row) => row.to.includes(input.email) || row.replyTo === input.email,
    );
    expect(emails.map((email) => ({ to: email.to, replyTo: email.replyTo, subject: email.subject }))).toEqual(
      expect.arrayContaining([
        { to: [COMPANY_EMAIL], replyTo: input.email, subject: 'New Provider Application' },
        { to: [input.email], replyTo: null, subject: 'New Provider Application' },
      ]),
    );
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.html).toContain('&lt;script&gt;steal()&lt;/script&gt;');
      expect(email.html).not.toContain('<script');
    }
  });

  it('refuses an empty application with the spec message of every field and stores nothing', async () => {
    await expectNothingKept(async () => {
      const response = await apply({});
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
      const { website: _optional, ...required } = SPEC_MESSAGES;
      expect(response.json().error.fields).toEqual(required);
    });
  });

  it.each([
    ['firstName', 'G'],
    ['lastName', ''],
    ['email', 'grace@'],
    ['phone', '12'],
    ['companyName', 'H'],
    ['website', 'not a url'],
    ['regions', ' '],
    ['devices', ''],
    ['experienceLevel', 'guru'],
    ['terms', false],
  ] as const)('refuses %s = %j with its spec message and stores nothing', async (field, value) => {
    await expectNothingKept(async () => {
      const response = await apply(providerApplicationInput({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: SPEC_MESSAGES[field] });
    });
  });

  it.each([
    ['malformed JSON', '{"firstName": "Grace",', 'bad_request'],
    ['null', 'null', 'validation_failed'],
    ['a number', '7', 'validation_failed'],
    ['an array', '[{"firstName":"Grace"}]', 'validation_failed'],
    ['wrong field types', '{"firstName":7,"lastName":["H"],"email":null,"terms":"true"}', 'validation_failed'],
  ])('answers a payload of %s with 400, never 500, and stores nothing', async (_kind, text, code) => {
    await expectNothingKept(async () => {
      const response = await apply(text, undefined, { payloadIsText: true });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), code);
    });
  });

  it('answers a request without a payload part with 400', async () => {
    await expectNothingKept(async () => {
      const form = new FormData();
      form.append('notes', 'no payload here');
      const encoded = new Response(form);
      const response = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
    });
  });

  it('answers a payload part over the limit with 413', async () => {
    await expectNothingKept(async () => {
      const response = await apply(providerApplicationInput({ additionalInfo: 'x'.repeat(70 * 1024) }));
      expect(response.statusCode).toBe(413);
      expectErrorShape(response.json(), 'payload_too_large');
    });
  });

  it.each([
    ['application/json', JSON.stringify(providerApplicationInput())],
    ['application/x-www-form-urlencoded', 'payload=%7B%7D'],
    ['application/xml', '<application/>'],
  ])('answers content type %s with 415 and stores nothing', async (contentType, payload) => {
    await expectNothingKept(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: URL,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expectErrorShape(response.json(), 'unsupported_media_type');
    });
  });

  it('drops an application whose honeypot (fax) is filled, keeping neither row nor file', async () => {
    await expectNothingKept(async () => {
      const response = await apply(providerApplicationInput({ fax: '+1 555 0199' }), {
        name: 'portfolio.pdf',
        bytes: PDF_BYTES,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    });
  });
});

describe('portfolio upload', () => {
  it('stores a real PDF under the data folder and names it in the application', async () => {
    const response = await apply(providerApplicationInput(), {
      name: 'Grace Hopper portfolio.pdf',
      bytes: PDF_BYTES,
      type: 'application/pdf',
    });
    expect(response.statusCode).toBe(201);
    const row = await applicationRow(response.json().id);
    expect(row.portfolioLinks).toEqual(['Grace Hopper portfolio.pdf']);
    expect(row.portfolioFile).toEqual({
      storageKey: expect.stringMatching(/^applications\/[0-9a-f-]{36}\.pdf$/),
      originalName: 'Grace Hopper portfolio.pdf',
      contentType: 'application/pdf',
      size: PDF_BYTES.length,
      sha256: sha256(PDF_BYTES),
    });
    const stored = await readFile(path.join(filesDir(), row.portfolioFile!.storageKey));
    expect(stored.length).toBe(row.portfolioFile!.size);
    expect(sha256(stored)).toBe(row.portfolioFile!.sha256);
    expect(await listFiles(path.join(filesDir(), '.incoming'))).toEqual([]);

    const emails = (await t.db.select().from(schema.outboxEmails)).filter((email) =>
      email.html.includes('Grace Hopper portfolio.pdf'),
    );
    expect(emails).toHaveLength(2);
  });

  it.each([
    ['scan.png', PNG_BYTES, 'image/png', '.png'],
    ['photo.JPG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'image/jpeg', '.jpg'],
    ['photo.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43, 0, 1, 2, 3]), 'image/jpeg', '.jpg'],
    ['work.zip', Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]), 'application/zip', '.zip'],
  ])('accepts %s by its content', async (name, bytes, contentType, extension) => {
    const response = await apply(providerApplicationInput(), { name, bytes });
    expect(response.statusCode).toBe(201);
    const row = await applicationRow(response.json().id);
    expect(row.portfolioFile).toMatchObject({ originalName: name, contentType, size: bytes.length });
    expect(row.portfolioFile!.storageKey.endsWith(extension)).toBe(true);
    expect(sha256(await readFile(path.join(filesDir(), row.portfolioFile!.storageKey)))).toBe(sha256(bytes));
  });

  it.each([
    ['a .pdf name with PNG bytes', 'portfolio.pdf', PNG_BYTES],
    ['an .exe', 'setup.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
    ['an .exe named like a PDF first', 'portfolio.pdf.exe', PDF_BYTES],
    ['no extension', 'portfolio', PDF_BYTES],
    ['an empty PDF', 'empty.pdf', Buffer.alloc(0)],
  ])('refuses %s with 400 on the portfolio field, keeping nothing', async (_kind, name, bytes) => {
    await expectNothingKept(async () => {
      const response = await apply(providerApplicationInput(), { name, bytes });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
      expect(response.json().error.fields).toEqual({ portfolio: PORTFOLIO_TYPE_MESSAGE });
    });
  });

  it('refuses a file part under another name', async () => {
    await expectNothingKept(async () => {
      const response = await apply(
        providerApplicationInput(),
        { name: 'portfolio.pdf', bytes: PDF_BYTES },
        { fileField: 'attachment' },
      );
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'bad_request');
    });
  });

  it('keeps no file when the application itself is invalid', async () => {
    await expectNothingKept(async () => {
      const response = await apply(providerApplicationInput({ terms: false }), {
        name: 'portfolio.pdf',
        bytes: PDF_BYTES,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ terms: SPEC_MESSAGES.terms });
    });
  });

  it('answers a file over 25 MB with 413, keeping nothing', async () => {
    const bytes = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
    PDF_BYTES.copy(bytes);
    await expectNothingKept(async () => {
      const response = await apply(providerApplicationInput(), { name: 'huge.pdf', bytes });
      expect(response.statusCode).toBe(413);
      expectErrorShape(response.json(), 'payload_too_large');
    });
  });

  it('accepts a file of exactly 25 MB', async () => {
    const bytes = Buffer.alloc(25 * 1024 * 1024, 0x20);
    PDF_BYTES.copy(bytes);
    const response = await apply(providerApplicationInput(), { name: 'big.pdf', bytes });
    expect(response.statusCode).toBe(201);
    const row = await applicationRow(response.json().id);
    expect(row.portfolioFile!.size).toBe(bytes.length);
  });
});

describe('Idempotency-Key on provider applications', () => {
  it('replays a repeated application without a second row, e-mails or file', async () => {
    const input = providerApplicationInput();
    const file = { name: 'portfolio.pdf', bytes: PDF_BYTES };
    const headers = { 'idempotency-key': 'application-repeat-0001' };
    const before = await countRows(t.db);
    const filesBefore = await listFiles(filesDir());

    const first = await apply(input, file, { headers });
    const second = await apply(input, file, { headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());

    const after = await countRows(t.db);
    expect(after.provider_applications - before.provider_applications).toBe(1);
    expect(after.audit_log - before.audit_log).toBe(1);
    expect(after.outbox_emails - before.outbox_emails).toBe(2);
    const row = await applicationRow(first.json().id);
    expect((await listFiles(filesDir())).filter((file) => !filesBefore.includes(file))).toEqual([
      row.portfolioFile!.storageKey,
    ]);
  });

  it('refuses the same key with a different application or a different file with 409, keeping nothing', async () => {
    const input = providerApplicationInput();
    const headers = { 'idempotency-key': 'application-conflict-0001' };
    const first = await apply(input, { name: 'portfolio.pdf', bytes: PDF_BYTES }, { headers });
    expect(first.statusCode).toBe(201);
    await expectNothingKept(async () => {
      const otherBody = await apply(
        { ...input, regions: 'Ohio' },
        { name: 'portfolio.pdf', bytes: PDF_BYTES },
        { headers },
      );
      expect(otherBody.statusCode).toBe(409);
      expectErrorShape(otherBody.json(), 'conflict');
      const otherFile = await apply(input, { name: 'portfolio.png', bytes: PNG_BYTES }, { headers });
      expect(otherFile.statusCode).toBe(409);
    });
  });

  it('creates exactly one application and keeps one file for ten concurrent requests with one key', async () => {
    const input = providerApplicationInput();
    const headers = { 'idempotency-key': 'application-concurrent-0001' };
    const before = await countRows(t.db);
    const filesBefore = await listFiles(filesDir());
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => apply(input, { name: 'portfolio.pdf', bytes: PDF_BYTES }, { headers })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    const after = await countRows(t.db);
    expect(after.provider_applications - before.provider_applications).toBe(1);
    expect(after.outbox_emails - before.outbox_emails).toBe(2);
    expect((await listFiles(filesDir())).filter((file) => !filesBefore.includes(file))).toHaveLength(1);
  });

  it('refuses a malformed key with 400, keeping nothing', async () => {
    await expectNothingKept(async () => {
      const response = await apply(
        providerApplicationInput(),
        { name: 'portfolio.pdf', bytes: PDF_BYTES },
        { headers: { 'idempotency-key': 'bad key' } },
      );
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'bad_request');
    });
  });
});

describe('rate limit of provider applications', () => {
  it('answers the 4th application from one address with 429 and Retry-After, storing nothing', async () => {
    const limited = await createTestApp({ env: { PUBLIC_FORM_RATE_LIMIT: '3' } });
    try {
      const send = async () => {
        const body = await multipartBody(providerApplicationInput(), { name: 'portfolio.pdf', bytes: PDF_BYTES });
        return limited.app.inject({ method: 'POST', url: URL, payload: body.payload, headers: body.headers });
      };
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
      const filesBefore = await listFiles(path.join(limited.dataDir, 'files'));
      await expectNothingStored(limited.db, async () => {
        const response = await send();
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expectErrorShape(response.json(), 'rate_limited');
      });
      expect(await listFiles(path.join(limited.dataDir, 'files'))).toEqual(filesBefore);
    } finally {
      await limited.close();
    }
  });
});
