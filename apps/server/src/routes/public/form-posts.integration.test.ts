import { createHash } from 'node:crypto';
import path from 'node:path';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureRequestInput,
  contactMessageInput,
  countRows,
  expectNothingStored,
  listFiles,
  PDF_BYTES,
  providerApplicationInput,
  type TFilePart,
} from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * The public forms posted the way a browser posts them before their script has run: url-encoded
 * (or multipart with a file), answered by a page.
 */

const PUBLIC_URL = 'https://spacecapture.test';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
});

/** Form fields as a browser sends them: every value a string, a ticked checkbox as "on". */
function browserFields(input: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === true) fields[name] = 'on';
    else if (value !== false && value !== undefined && value !== null) fields[name] = String(value);
  }
  return fields;
}

function postUrlEncoded(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, ...headers },
  });
}

/** A multipart body with one part per field and the file input's part (empty when no file was chosen). */
async function postMultipart(url: string, fields: Record<string, string>, file?: TFilePart) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'portfolio',
    new Blob([file?.bytes ?? new Uint8Array()], { type: file?.type ?? 'application/octet-stream' }),
    file?.name ?? '',
  );
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', origin: PUBLIC_URL },
  });
}

/** The page's visible text, tags removed. */
function pageText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

function leadsOf(db: TDatabase, email: string) {
  return db.select().from(schema.orderLeads).where(sql`${schema.orderLeads.contact}->>'email' = ${email}`);
}

function applicationsOf(db: TDatabase, email: string) {
  return db
    .select()
    .from(schema.providerApplications)
    .where(sql`${schema.providerApplications.contact}->>'email' = ${email}`);
}

describe('a capture request posted without script', () => {
  const url = FORM_POSTS.captureRequest.action;

  it('stores the lead and answers the success page with the security headers', async () => {
    const input = captureRequestInput({ additionalInfo: 'Two floors,\r\nopen plan.' });
    const response = await postUrlEncoded(url, { ...browserFields(input), website: '' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBeUndefined();
    const text = pageText(response.body);
    expect(text).toContain(FORM_POSTS.captureRequest.success.title);
    expect(text).toContain(FORM_POSTS.captureRequest.success.message);
    expect(response.body).toContain('<a href="/">Return Home</a>');
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain(input.email);

    const leads = await leadsOf(t.db, input.email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      status: 'new',
      contact: {
        name: 'Ada Lovelace',
        email: input.email,
        phone: '+44 20 7946 0958',
        company: 'Analytical Engines Ltd',
      },
      // The browser's CRLF is the textarea's LF again, as the script path stores it.
      details: { spaceType: 'commercial', timeline: 'standard', additionalInfo: 'Two floors,\nopen plan.' },
    });
    const emails = (await t.db.select().from(schema.outboxEmails)).filter(
      (email) => email.to.includes(input.email) || email.replyTo === input.email,
    );
    expect(emails).toHaveLength(2);
  });

  it('answers 400 with each problem under its field label, and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await postUrlEncoded(url, {
        name: 'A',
        email: 'not-an-email',
        phone: '',
        companyName: '',
        spaceType: '',
        location: 'London',
        spaceSize: 'medium',
        captureType: 'virtual-tour',
        timeline: 'standard',
        additionalInfo: '',
        website: '',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("form-action 'self'");
      const text = pageText(response.body);
      expect(text).toContain('Please check your request');
      expect(text).toContain(
        'Full Name: Name must be at least 2 characters. ' +
          'Email: Please enter a valid email address. ' +
          'Phone: Please enter a valid phone number. ' +
          'Space Type: Please select a space type. ' +
          'Terms of Service and Privacy Policy: You must agree to the terms and conditions.',
      );
      expect(response.body).toContain('<a href="/request">Back to the form</a>');
      // What the visitor typed is not echoed back.
      expect(response.body).not.toContain('not-an-email');
    });
  });

  it('stores one lead when the same post arrives twice (a reload of the answer page)', async () => {
    const fields = browserFields(captureRequestInput());
    const first = await postUrlEncoded(url, fields);
    const second = await postUrlEncoded(url, fields);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(pageText(second.body)).toContain(FORM_POSTS.captureRequest.success.title);
    expect(await leadsOf(t.db, fields.email!)).toHaveLength(1);
  });

  it('drops a post whose honeypot is filled behind an ordinary success page', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await postUrlEncoded(url, { ...browserFields(captureRequestInput()), website: 'spam.example' });
      expect(response.statusCode).toBe(200);
      expect(pageText(response.body)).toContain(FORM_POSTS.captureRequest.success.title);
    });
  });

  it('accepts a post from our own origin even when the visitor is signed in', async () => {
    const fields = browserFields(captureRequestInput());
    const response = await postUrlEncoded(url, fields, { cookie: 'session=irrelevant' });
    expect(response.statusCode).toBe(200);
    expect(await leadsOf(t.db, fields.email!)).toHaveLength(1);
  });

  it('refuses a post sent from another site with a 403 page, and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'https://evil.example', cookie: 'a=b' },
      ];
      for (const headers of crossSite) {
        const response = await postUrlEncoded(url, browserFields(captureRequestInput()), headers);
        expect(response.statusCode).toBe(403);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(pageText(response.body)).toContain('Your form was not sent');
      }
    });
  });

  it('refuses a body that is not a form post with a 415 page', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: captureRequestInput(),
        headers: { origin: PUBLIC_URL },
      });
      expect(response.statusCode).toBe(415);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<a href="/request">Back to the form</a>');
    });
  });
});

describe('a contact message posted without script', () => {
  const url = FORM_POSTS.contactMessage.action;

  it('stores the message and answers the Thank You page', async () => {
    const input = contactMessageInput({ message: 'Line one\r\nLine two' });
    const response = await postUrlEncoded(url, { ...browserFields(input), website: '' });
    expect(response.statusCode).toBe(200);
    const text = pageText(response.body);
    expect(text).toContain(FORM_POSTS.contactMessage.success.title);
    expect(text).toContain(FORM_POSTS.contactMessage.success.message);
    expect(response.body).toContain('<a href="/contact">Send Another Message</a>');
    const rows = await t.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, input.email));
    expect(rows).toMatchObject([{ name: 'Alan Turing', subject: 'Pricing', message: 'Line one\nLine two' }]);
  });

  it('answers 400 listing the empty fields, and stores nothing', async () => {
    await expectNothingStored(t.db, async () => {
      const response = await postUrlEncoded(url, { name: '', email: '', subject: 'Hi', message: '', website: '' });
      expect(response.statusCode).toBe(400);
      expect(pageText(response.body)).toContain(
        'Your Name: This field is required. Email Address: Please enter a valid email address. ' +
          'Message: This field is required.',
      );
    });
  });
});

describe('a provider application posted without script', () => {
  const url = FORM_POSTS.providerApplication.action;
  const incoming = () => listFiles(path.join(t.dataDir, 'files', '.incoming'));

  it('stores the application with its portfolio file from a multipart post', async () => {
    const input = providerApplicationInput();
    const response = await postMultipart(
      url,
      { ...browserFields(input), fax: '' },
      { name: 'work.pdf', bytes: PDF_BYTES },
    );
    expect(response.statusCode).toBe(200);
    const text = pageText(response.body);
    expect(text).toContain(FORM_POSTS.providerApplication.success.title);
    expect(text).toContain(FORM_POSTS.providerApplication.success.message);
    const rows = await applicationsOf(t.db, input.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orgName: 'Hopper Scans',
      region: 'New York, New Jersey',
      devicesOwned: ['PRO'],
      portfolioFile: {
        originalName: 'work.pdf',
        contentType: 'application/pdf',
        sha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
      },
    });
    expect(await incoming()).toEqual([]);
  });

  it('stores it without a file when none was chosen (the browser sends an empty file part)', async () => {
    const input = providerApplicationInput({ website: '' });
    const response = await postMultipart(url, { ...browserFields(input), fax: '' });
    expect(response.statusCode).toBe(200);
    const rows = await applicationsOf(t.db, input.email);
    expect(rows).toMatchObject([{ portfolioFile: null, portfolioLinks: [] }]);
    expect(rows[0]!.contact).toMatchObject({ website: null });
  });

  it('accepts a url-encoded post (no file)', async () => {
    const input = providerApplicationInput();
    const response = await postUrlEncoded(url, browserFields(input));
    expect(response.statusCode).toBe(200);
    expect(await applicationsOf(t.db, input.email)).toHaveLength(1);
  });

  it('lists a wrong file together with the field problems, keeping neither row nor file', async () => {
    await expectNothingStored(t.db, async () => {
      const fields = browserFields(providerApplicationInput({ firstName: 'G', terms: false }));
      const response = await postMultipart(url, fields, { name: 'setup.exe', bytes: Buffer.from('MZ') });
      expect(response.statusCode).toBe(400);
      expect(pageText(response.body)).toContain(
        'First Name: First name must be at least 2 characters. ' +
          'Portfolio: Portfolio must be a .pdf, .zip, .jpg, .jpeg or .png file. ' +
          'Terms of Service and Privacy Policy: You must agree to the terms and conditions.',
      );
      expect(response.body).toContain('<a href="/provider">Back to the form</a>');
    });
    expect(await incoming()).toEqual([]);
  });
});

describe('form posts and the rate limit', () => {
  let limited: TTestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { PUBLIC_URL, PUBLIC_FORM_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with a page once the limit is reached, storing nothing more', async () => {
    const post = (fields: Record<string, string>) =>
      limited.app.inject({
        method: 'POST',
        url: FORM_POSTS.contactMessage.action,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      });
    expect((await post(browserFields(contactMessageInput()))).statusCode).toBe(200);
    expect((await post(browserFields(contactMessageInput()))).statusCode).toBe(200);
    const before = await countRows(limited.db);
    const refused = await post(browserFields(contactMessageInput()));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pageText(refused.body)).toMatch(/Too many requests\. Please try again in/);
    expect(await countRows(limited.db)).toEqual(before);
  });
});
