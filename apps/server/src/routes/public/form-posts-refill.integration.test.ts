import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { findAll, findOne } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNothingStored } from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * A refused plain form post answers the form's own prerendered page again (issue 27 item 2,
 * decision 188): the entries back in their fields, each message under its field, no app script.
 * The web build here is a small page with the prerendered markup's shape (Mantine's wrappers).
 */

const PUBLIC_URL = 'https://spacecapture.test';

function textInput(id: string, name: string, label: string, attributes = '') {
  return `<div class="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="sm"><label class="mantine-InputWrapper-label" for="${id}" id="${id}-label">${label}</label><div class="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"><input class="mantine-Input-input" id="${id}" name="${name}" ${attributes}></div></div>`;
}

const REQUEST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><title>Request a Capture | SpaceCapture</title>
<script src="/color-scheme.js"></script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
<style>body{margin:0}</style>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css" media="print" data-beasties-media="all">
<noscript><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></noscript>
</head><body><div id="root" data-prerendered-path="/request"><header><a href="/">SpaceCapture</a></header><main><h1>Request a Capture</h1>
<form class="mantine-Paper-root" novalidate action="${FORM_POSTS.captureRequest.action}" method="post">
${textInput('f-name', 'name', 'Full Name')}
${textInput('f-email', 'email', 'Email', 'type="email"')}
${textInput('f-phone', 'phone', 'Phone', 'type="tel" aria-describedby="f-phone-description"')}
<div class="m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root"><label for="f-type">Space Type</label><div class="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"><select id="f-type" name="spaceType"><option value="">Select space type</option><option value="residential">Residential</option><option value="commercial">Commercial</option></select></div></div>
${textInput('f-location', 'location', 'Location', 'role="combobox" value=""')}
<input type="hidden" name="placeId" value="">
<div class="m_46b77525 mantine-InputWrapper-root mantine-Textarea-root"><label for="f-info">Additional Information</label><div class="m_6c018570 mantine-Input-wrapper mantine-Textarea-wrapper"><textarea id="f-info" name="additionalInfo"></textarea></div></div>
<div class="honeypot" aria-hidden="true"><label for="f-web">Website</label><input id="f-web" type="text" name="website"></div>
<div class="m_5f75b09e mantine-Checkbox-root"><div class="mantine-Checkbox-body"><div class="mantine-Checkbox-inner"><input class="mantine-Checkbox-input" id="f-terms" type="checkbox" name="terms"></div><div class="m_d3ea56bb mantine-Checkbox-labelWrapper"><label for="f-terms">I agree</label></div></div></div>
<button type="submit">Submit Request</button>
</form></main></div></body></html>`;

let t: TTestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-web-'));
  await mkdir(path.join(webDir, 'request'), { recursive: true });
  await writeFile(path.join(webDir, 'request', 'index.html'), REQUEST_PAGE);
  await writeFile(path.join(webDir, 'app.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ env: { PUBLIC_URL, WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

function post(url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
  });
}

/** The opening tag of the element with this id. */
function tagOf(html: string, id: string): string {
  return new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
}

describe('POST /api/public/forms/capture-request with mistakes, the web app built', () => {
  it('answers the form again: entries back, each message under its field, nothing stored', async () => {
    const hostile = 'Q"><script>alert(1)</script>';
    let body = '';
    await expectNothingStored(t.database.db, async () => {
      const response = await post(FORM_POSTS.captureRequest.action, {
        name: 'Q',
        email: hostile,
        phone: '12',
        spaceType: 'commercial',
        location: 'Oakland & Co',
        additionalInfo: '\nFirst line kept</textarea><b>bold</b>',
        website: 'filled by a bot',
        terms: 'on',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      body = response.body;
    });

    // The form's own page, with a title that says what happened.
    expect(body).toContain('<h1>Request a Capture</h1>');
    expect(body).toContain('<title>Please check your request | Request a Capture | SpaceCapture</title>');
    // Entries back in their fields, escaped; the bots' trap stays empty.
    const document = parseDocument(body);
    const emailInput = findOne((node) => node.attribs.id === 'f-email', document.children);
    expect(emailInput?.attribs.value).toBe(hostile);
    // The only script is the colour-scheme one: the entry stayed inside its attribute.
    expect(findAll((node) => node.name === 'script', document.children).map((node) => node.attribs.src)).toEqual([
      '/color-scheme.js',
    ]);
    expect(tagOf(body, 'f-name')).toContain('value="Q"');
    expect(tagOf(body, 'f-location')).toContain('value="Oakland &amp; Co"');
    expect(body).toContain('<option value="commercial" selected="">Commercial</option>');
    expect(body).toContain('<option value="">Select space type</option>');
    expect(body).toContain(
      '<textarea id="f-info" name="additionalInfo">\n\nFirst line kept&lt;/textarea&gt;&lt;b&gt;bold&lt;/b&gt;</textarea>',
    );
    expect(tagOf(body, 'f-terms')).toMatch(/\bchecked\b/);
    expect(tagOf(body, 'f-web')).not.toContain('value="filled');

    // Each message under its field, tied to it for assistive technology.
    expect(tagOf(body, 'f-name')).toContain('aria-invalid="true"');
    expect(tagOf(body, 'f-name')).toContain('aria-describedby="f-name-error"');
    expect(emailInput?.attribs['aria-invalid']).toBe('true');
    expect(tagOf(body, 'f-phone')).toContain('aria-describedby="f-phone-error f-phone-description"');
    expect(body).toMatch(
      /<input[^>]*id="f-phone"[^>]*><\/div><p [^>]*class="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"[^>]*id="f-phone-error">Please enter a valid phone number\.<\/p>/,
    );
    expect(tagOf(body, 'f-location')).not.toContain('aria-invalid');
    expect(body).toMatch(/id="f-name-error">Name must be at least 2 characters\.<\/p>/);
    // The list above the form links each problem to its field.
    expect(body).toContain('<h2 id="form-problems-title">Please check your request</h2>');
    expect(body).toContain('<li><a href="#f-phone">Phone</a>: Please enter a valid phone number.</li>');
    expect(body).toContain('<li>Space Size: Please select a space size.</li>');

    // No app script (it would render this URL, not the form); the full stylesheet linked plainly.
    expect(body).not.toContain('type="module"');
    expect(body).not.toContain('modulepreload');
    expect(body).not.toContain('media="print"');
    expect(body).not.toContain('<noscript>');
    expect(body).toContain('<link rel="stylesheet" crossorigin="" href="/assets/index-abc.css">');
    expect(body).toContain('<script src="/color-scheme.js"></script>');
    expect(body).not.toContain('data-prerendered-path');
  });

  it('answers the plain page of what to fix for a form whose page is not in the build', async () => {
    const response = await post(FORM_POSTS.contactMessage.action, {
      name: 'Theo',
      email: 'theo@example.com',
      subject: ' ',
      message: 'Hello',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<h1>Please check your message</h1>');
    expect(response.body).toContain('<a href="/contact">Back to the form</a>');
  });
});
