import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureRequestInput,
  contactMessageInput,
  countRows,
  expectErrorShape,
  expectNothingStored,
} from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

const COMPANY_EMAIL = 'team@spacecapture.test';
const CAPTURE_REQUESTS = '/api/public/capture-requests';
const CONTACT_MESSAGES = '/api/public/contact-messages';

const SPEC_MESSAGES = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  spaceType: 'Please select a space type.',
  location: 'Location is required.',
  spaceSize: 'Please select a space size.',
  captureType: 'Please select what you need.',
  timeline: 'Please select a timeline.',
  terms: 'You must agree to the terms and conditions.',
};

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COMPANY_EMAIL } });
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** The outbox e-mails of one submission: those addressed to, or replying to, the submitter. */
async function emailsAbout(submitter: string) {
  const rows = await t.db.select().from(schema.outboxEmails);
  return rows
    .filter((row) => row.to.includes(submitter) || row.replyTo === submitter)
    .sort((a, b) => a.to[0]!.localeCompare(b.to[0]!));
}

async function auditEntriesOf(entityId: string) {
  return t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));
}

describe('POST /api/public/capture-requests', () => {
  it('answers 201 with the id of a new lead stored in the spec shape', async () => {
    const input = captureRequestInput();
    const response = await post(CAPTURE_REQUESTS, input);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const [lead] = await t.db.select().from(schema.orderLeads).where(eq(schema.orderLeads.id, id));
    expect(lead).toMatchObject({
      status: 'new',
      contact: {
        name: 'Ada Lovelace',
        email: input.email,
        phone: '+44 20 7946 0958',
        company: 'Analytical Engines Ltd',
      },
      details: {
        spaceType: 'commercial',
        location: 'London',
        spaceSize: 'medium',
        captureType: 'virtual-tour',
        timeline: 'standard',
        additionalInfo: 'Two floors, open plan.',
        source: 'website',
      },
    });
    expect(Object.keys(lead!.contact).sort()).toEqual(['company', 'email', 'name', 'phone']);
  });

  it('stores trimmed text and null for optional fields left empty', async () => {
    const input = captureRequestInput({
      name: '  Ada  ',
      companyName: '   ',
      additionalInfo: undefined,
      location: ' Paris ',
    });
    const response = await post(CAPTURE_REQUESTS, input);
    expect(response.statusCode).toBe(201);
    const [lead] = await t.db.select().from(schema.orderLeads).where(eq(schema.orderLeads.id, response.json().id));
    expect(lead!.contact).toEqual({ name: 'Ada', email: input.email, phone: input.phone, company: null });
    expect(lead!.details.additionalInfo).toBeNull();
    expect(lead!.details.location).toBe('Paris');
  });

  it('writes exactly one audit entry by an anonymous actor', async () => {
    const response = await post(CAPTURE_REQUESTS, captureRequestInput());
    const { id } = response.json();
    const entries = await auditEntriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'order_lead', entityId: id, action: 'create', actorUserId: null });
    expect(entries[0]!.after).toMatchObject({ id, status: 'new' });
  });

  it('queues one e-mail to the company and one to the submitter, with the values escaped', async () => {
    const input = captureRequestInput({
      name: '<script>alert("x")</script>',
      additionalInfo: "Tom & Jerry's <b>office</b>",
    });
    const response = await post(CAPTURE_REQUESTS, input);
    expect(response.statusCode).toBe(201);

    const emails = await emailsAbout(input.email);
    expect(emails.map((email) => ({ to: email.to, replyTo: email.replyTo, subject: email.subject }))).toEqual(
      [
        { to: [input.email], replyTo: null, subject: 'New Capture Request' },
        { to: [COMPANY_EMAIL], replyTo: input.email, subject: 'New Capture Request' },
      ].sort((a, b) => a.to[0]!.localeCompare(b.to[0]!)),
    );
    for (const email of emails) {
      expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(email.html).toContain('Tom &amp; Jerry&#39;s &lt;b&gt;office&lt;/b&gt;');
      expect(email.html).not.toContain('<script');
      expect(email.html).not.toContain('<b>office');
      // The summary names the choices by their labels, and the text part carries the same values.
      expect(email.html).toContain('Virtual Tour');
      expect(email.text).toContain('<script>alert("x")</script>');
    }
  });

  it('refuses an empty form with the spec message of every field and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, {});
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
      expect(response.json().error.fields).toEqual(SPEC_MESSAGES);
    });
  });

  it.each([
    ['name', 'A'],
    ['email', 'ada-at-example'],
    ['phone', '123'],
    ['spaceType', ''],
    ['location', ' x '],
    ['spaceSize', 'enormous'],
    ['captureType', ''],
    ['timeline', 'never'],
    ['terms', false],
  ] as const)('refuses %s = %j with its spec message and stores nothing', async (field, value) => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, captureRequestInput({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
      expect(response.json().error.fields).toEqual({ [field]: SPEC_MESSAGES[field] });
    });
  });

  it('refuses text over its bound', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, captureRequestInput({ additionalInfo: 'x'.repeat(5001) }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ additionalInfo: 'Must be at most 5000 characters.' });
    });
  });

  it('answers malformed JSON with 400 and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      for (const payload of ['{"name": "Ada",', '{name: Ada}', "{'a': 1}", '']) {
        const response = await post(CAPTURE_REQUESTS, payload, { 'content-type': 'application/json' });
        expect(response.statusCode, payload).toBe(400);
        expectErrorShape(response.json(), 'bad_request');
      }
    });
  });

  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"hello"'],
    ['an array', JSON.stringify([captureRequestInput()])],
    ['fields of the wrong type', JSON.stringify(captureRequestInput({ name: 42, phone: ['+44'], terms: 'yes' }))],
    ['null fields', JSON.stringify(captureRequestInput({ name: null, email: null, spaceType: null, terms: null }))],
    ['object fields', JSON.stringify(captureRequestInput({ location: { city: 'London' }, timeline: { a: 1 } }))],
  ])('answers a body of %s with 400, never 500, and stores nothing', async (_kind, payload) => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, payload, { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
    });
  });

  it('names the fields of the wrong type with their spec messages', async () => {
    const response = await post(CAPTURE_REQUESTS, captureRequestInput({ name: 42, phone: ['+44'], terms: 'yes' }));
    expect(response.json().error.fields).toEqual({
      name: SPEC_MESSAGES.name,
      phone: SPEC_MESSAGES.phone,
      terms: SPEC_MESSAGES.terms,
    });
  });

  it('answers a body over the limit with 413 and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, captureRequestInput({ additionalInfo: 'x'.repeat(70 * 1024) }));
      expect(response.statusCode).toBe(413);
      expectErrorShape(response.json(), 'payload_too_large');
    });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'name=Ada&email=ada%40example.com'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n'],
    ['application/xml', '<request><name>Ada</name></request>'],
  ])('answers content type %s with 415 and stores nothing', async (contentType, payload) => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, payload, { 'content-type': contentType });
      expect(response.statusCode).toBe(415);
      expectErrorShape(response.json(), 'unsupported_media_type');
    });
  });

  it('refuses a text/plain body (what a cross-site form can send) even when it holds a valid request', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, JSON.stringify(captureRequestInput()), {
        'content-type': 'text/plain',
      });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 'validation_failed');
    });
  });

  it('drops a submission whose honeypot is filled, answering like a success', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, captureRequestInput({ website: 'http://spam.example' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    });
  });
});

describe('Idempotency-Key on capture requests', () => {
  it('answers a repeat with the first id and stores one lead, one audit entry and one set of e-mails', async () => {
    const input = captureRequestInput();
    const headers = { 'idempotency-key': 'request-repeat-0001' };
    const before = await countRows(t.db);
    const first = await post(CAPTURE_REQUESTS, input, headers);
    const second = await post(CAPTURE_REQUESTS, input, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());

    const after = await countRows(t.db);
    expect(after.order_leads - before.order_leads).toBe(1);
    expect(after.audit_log - before.audit_log).toBe(1);
    expect(after.outbox_emails - before.outbox_emails).toBe(2);
    expect(await emailsAbout(input.email)).toHaveLength(2);
  });

  it('refuses the same key with a different body with 409 and stores nothing more', async () => {
    const headers = { 'idempotency-key': 'request-conflict-0001' };
    const first = await post(CAPTURE_REQUESTS, captureRequestInput(), headers);
    expect(first.statusCode).toBe(201);
    await expectNothingStored(t.db, async () => {
      const response = await post(CAPTURE_REQUESTS, captureRequestInput({ location: 'Berlin' }), headers);
      expect(response.statusCode).toBe(409);
      expectErrorShape(response.json(), 'conflict');
    });
  });

  it('creates exactly one lead for ten concurrent requests with one key', async () => {
    const input = captureRequestInput();
    const headers = { 'idempotency-key': 'request-concurrent-0001' };
    const before = await countRows(t.db);
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(CAPTURE_REQUESTS, input, headers)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    const after = await countRows(t.db);
    expect(after.order_leads - before.order_leads).toBe(1);
    expect(after.audit_log - before.audit_log).toBe(1);
    expect(after.outbox_emails - before.outbox_emails).toBe(2);
    expect(after.idempotency_keys - before.idempotency_keys).toBe(1);
  });

  it('answers each of many simultaneous submissions as if it came alone, repeats and conflicts among them', async () => {
    const repeated = captureRequestInput();
    const repeatHeaders = { 'idempotency-key': 'simultaneous-repeat-0001' };
    const conflictHeaders = { 'idempotency-key': 'simultaneous-conflict-0001' };
    const first = await post(CAPTURE_REQUESTS, repeated, repeatHeaders);
    expect((await post(CAPTURE_REQUESTS, captureRequestInput(), conflictHeaders)).statusCode).toBe(201);
    const before = await countRows(t.db);

    // Submissions that arrive together are written together; a repeat or a conflict among them
    // must not fail or lose the others.
    const fresh = Array.from({ length: 12 }, (_, n) => ({
      input: captureRequestInput(),
      headers: n % 2 === 0 ? { 'idempotency-key': `simultaneous-new-${String(n).padStart(4, '0')}` } : undefined,
    }));
    const [repeat, conflict, ...created] = await Promise.all([
      post(CAPTURE_REQUESTS, repeated, repeatHeaders),
      post(CAPTURE_REQUESTS, captureRequestInput({ location: 'Hamburg' }), conflictHeaders),
      ...fresh.map(({ input, headers }) => post(CAPTURE_REQUESTS, input, headers)),
      post(CONTACT_MESSAGES, contactMessageInput(), { 'idempotency-key': 'simultaneous-message-0001' }),
    ]);

    expect(repeat!.statusCode).toBe(201);
    expect(repeat!.json()).toEqual(first.json());
    expect(conflict!.statusCode).toBe(409);
    expectErrorShape(conflict!.json(), 'conflict');
    expect(created.map((response) => response.statusCode)).toEqual(Array(13).fill(201));
    expect(new Set(created.map((response) => response.json().id)).size).toBe(13);
    for (const [n, { input }] of fresh.entries()) {
      const [lead] = await t.db.select().from(schema.orderLeads).where(eq(schema.orderLeads.id, created[n]!.json().id));
      expect(lead?.contact.email).toBe(input.email);
      expect(await auditEntriesOf(lead!.id)).toHaveLength(1);
      expect(await emailsAbout(input.email)).toHaveLength(2);
    }
    const after = await countRows(t.db);
    expect(after.order_leads - before.order_leads).toBe(12);
    expect(after.contact_messages - before.contact_messages).toBe(1);
    expect(after.audit_log - before.audit_log).toBe(13);
    expect(after.outbox_emails - before.outbox_emails).toBe(12 * 2 + 1);
    expect(after.idempotency_keys - before.idempotency_keys).toBe(6 + 1);
  });

  it('keeps keys of different forms apart', async () => {
    const headers = { 'idempotency-key': 'shared-key-between-forms' };
    const lead = await post(CAPTURE_REQUESTS, captureRequestInput(), headers);
    const message = await post(CONTACT_MESSAGES, contactMessageInput(), headers);
    expect(lead.statusCode).toBe(201);
    expect(message.statusCode).toBe(201);
    expect(message.json().id).not.toBe(lead.json().id);
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon-key', 'ünïcode-key-1'])(
    'refuses the malformed key %j with 400 and stores nothing',
    async (key) => {
      await expectNothingStored(t.db, async () => {
        const response = await post(CAPTURE_REQUESTS, captureRequestInput(), { 'idempotency-key': key });
        expect(response.statusCode).toBe(400);
        expectErrorShape(response.json(), 'bad_request');
        expect(response.json().error.message).toContain('Idempotency-Key');
      });
    },
  );
});

describe('POST /api/public/contact-messages', () => {
  it('stores the message with one audit entry and one e-mail to the company that replies to the sender', async () => {
    const input = contactMessageInput({ subject: 'Quote <urgent>', message: 'Line one\nLine <two>' });
    const response = await post(CONTACT_MESSAGES, input);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const [row] = await t.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Alan Turing',
      email: input.email,
      subject: 'Quote <urgent>',
      message: 'Line one\nLine <two>',
    });
    const entries = await auditEntriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'contact_message', action: 'create', actorUserId: null });

    const emails = await emailsAbout(input.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: [COMPANY_EMAIL], replyTo: input.email });
    expect(emails[0]!.subject).toBe('New Contact Message: Quote <urgent>');
    expect(emails[0]!.html).toContain('Line &lt;two&gt;');
    expect(emails[0]!.html).not.toContain('<two>');
  });

  it('requires every field and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CONTACT_MESSAGES, { name: ' ', email: 'nope', subject: '', message: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        name: 'This field is required.',
        email: SPEC_MESSAGES.email,
        subject: 'This field is required.',
        message: 'This field is required.',
      });
    });
  });

  it('answers wrong types and malformed JSON with 400 and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      for (const payload of ['null', '[]', '{"name":1,"email":[],"subject":null,"message":{}}', '{"name":']) {
        const response = await post(CONTACT_MESSAGES, payload, { 'content-type': 'application/json' });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json().error.code).toMatch(/^(validation_failed|bad_request)$/);
      }
    });
  });

  it('answers a body over the limit with 413', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CONTACT_MESSAGES, contactMessageInput({ message: 'x'.repeat(70 * 1024) }));
      expect(response.statusCode).toBe(413);
      expectErrorShape(response.json(), 'payload_too_large');
    });
  });

  it('drops a submission whose honeypot is filled', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await post(CONTACT_MESSAGES, contactMessageInput({ website: 'spam' }));
      expect(response.statusCode).toBe(201);
    });
  });

  it('answers a repeat with the same key with the first id and stores one message', async () => {
    const input = contactMessageInput();
    const headers = { 'idempotency-key': 'contact-repeat-0001' };
    const before = await countRows(t.db);
    const first = await post(CONTACT_MESSAGES, input, headers);
    const second = await post(CONTACT_MESSAGES, input, headers);
    expect(second.json()).toEqual(first.json());
    const after = await countRows(t.db);
    expect(after.contact_messages - before.contact_messages).toBe(1);
    expect(after.outbox_emails - before.outbox_emails).toBe(1);
    const conflict = await post(CONTACT_MESSAGES, { ...input, subject: 'Another' }, headers);
    expect(conflict.statusCode).toBe(409);
  });
});

describe('rate limit of the public forms', () => {
  let limited: TTestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { PUBLIC_FORM_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers the 4th POST from one address within a minute with 429 and Retry-After, storing nothing', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: CAPTURE_REQUESTS,
        payload: captureRequestInput(),
      });
      expect(response.statusCode).toBe(201);
    }
    await expectNothingStored(limited.db, async () => {
      const response = await limited.app.inject({
        method: 'POST',
        url: CAPTURE_REQUESTS,
        payload: captureRequestInput(),
      });
      expect(response.statusCode).toBe(429);
      expectErrorShape(response.json(), 'rate_limited');
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });
    expect((await countRows(limited.db)).order_leads).toBe(3);
  });

  it('counts each address on its own', async () => {
    const response = await limited.app.inject({
      method: 'POST',
      url: CAPTURE_REQUESTS,
      payload: captureRequestInput(),
      remoteAddress: '192.0.2.10',
    });
    expect(response.statusCode).toBe(201);
  });

  it('does not trust X-Forwarded-For from a client that is not a configured proxy', async () => {
    const response = await limited.app.inject({
      method: 'POST',
      url: CAPTURE_REQUESTS,
      payload: captureRequestInput(),
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(response.statusCode).toBe(429);
  });
});
