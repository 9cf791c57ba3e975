import { TEXT_MESSAGES } from '@spacecapture/shared/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  createClient,
  errorOf,
  STRONG_PASSWORD,
  type TClient,
  type TNewUser,
  type TResponse,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import {
  captureRequestInput,
  contactMessageInput,
  expectErrorShape,
  expectNothingStored,
  multipartBody,
  providerApplicationInput,
} from '../../../test/public-forms.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';

/**
 * Text with a control character (a pasted NUL, an escape sequence) is refused with a 400 that
 * names the field, on every kind of input: query strings, path parameters and JSON bodies.
 * PostgreSQL cannot store or compare NUL in text, so before this rule such input gave a 500.
 * Decision 067.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TClient;
let provider: TClient;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin());
  const customerUser = await newUser('customer_admin', { name: 'Control Customer' });
  customer = customerUser.client;
  const providerUser = await newUser('provider_admin', { name: 'Control Provider' });
  provider = providerUser.client;
});
afterAll(async () => {
  await t.close();
});

/** The answer is the one error shape, validation_failed, naming `field` with `message`. */
function expectRefused(response: TResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expectErrorShape(response.json(), 'validation_failed');
  expect(errorOf(response).fields?.[field], response.body).toBe(message);
}

describe('public forms', () => {
  it('refuse a NUL or a line break in a one-line field and store nothing', async () => {
    for (const [url, payload, field] of [
      ['/api/public/capture-requests', captureRequestInput({ name: 'Nul\u0000 Name' }), 'name'],
      ['/api/public/capture-requests', captureRequestInput({ location: 'Main St\n1' }), 'location'],
      ['/api/public/contact-messages', contactMessageInput({ subject: 'Hello\u0000' }), 'subject'],
      ['/api/public/contact-messages', contactMessageInput({ subject: 'Hello\r\nBcc: x@example.com' }), 'subject'],
    ] as const) {
      await expectNothingStored(t.db, async () => {
        const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: uniqueAddress() });
        expectRefused(response, field, TEXT_MESSAGES.singleLine);
      });
    }
  });

  it('refuse a NUL in a multi-line field and store nothing', async () => {
    for (const [url, payload, field] of [
      ['/api/public/capture-requests', captureRequestInput({ additionalInfo: 'a\u0000b' }), 'additionalInfo'],
      ['/api/public/contact-messages', contactMessageInput({ message: 'Line\u0000 one' }), 'message'],
      ['/api/public/contact-messages', contactMessageInput({ message: 'ring \u0007 bell' }), 'message'],
    ] as const) {
      await expectNothingStored(t.db, async () => {
        const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: uniqueAddress() });
        expectRefused(response, field, TEXT_MESSAGES.multiLine);
      });
    }
  });

  it('refuse a control character in the provider application sent as multipart', async () => {
    const body = await multipartBody(providerApplicationInput({ firstName: 'Ada\u0000' }));
    await expectNothingStored(t.db, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/public/provider-applications',
        ...body,
        remoteAddress: uniqueAddress(),
      });
      expectRefused(response, 'firstName', TEXT_MESSAGES.singleLine);
    });
  });

  it('keep tabs and line breaks (LF or CRLF) of multi-line fields', async () => {
    const additionalInfo = 'Two floors:\r\n\tground\r\n\tfirst';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/capture-requests',
      payload: captureRequestInput({ name: 'Tab\tName', additionalInfo }),
      remoteAddress: uniqueAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const leads = await t.db.execute(
      `select contact->>'name' as name, details->>'additionalInfo' as info from order_leads where id = '${response.json().id}'` as never,
    );
    const row = (leads as unknown as { rows: Array<{ name: string; info: string }> }).rows[0];
    expect(row?.name).toBe('Tab\tName');
    expect(row?.info).toBe(additionalInfo);

    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact-messages',
      payload: contactMessageInput({ message: 'Hello,\n\nsee below.\n' }),
      remoteAddress: uniqueAddress(),
    });
    expect(contact.statusCode, contact.body).toBe(201);
  });
});

describe('query strings and path parameters', () => {
  it('admin list searches refuse a NUL in q', async () => {
    for (const list of ['orders', 'providers', 'customers', 'support-requests', 'outbox']) {
      const response = await admin.get(`/api/admin/${list}?q=a%00b`);
      expectRefused(response, 'q', TEXT_MESSAGES.singleLine);
    }
  });

  it('audit filters refuse a NUL in actor and entityId, on the page and the CSV', async () => {
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expectRefused(await admin.get(`${path}?actor=%00`), 'actor', TEXT_MESSAGES.singleLine);
      expectRefused(await admin.get(`${path}?entityId=e-1%00`), 'entityId', TEXT_MESSAGES.singleLine);
      expectRefused(await admin.get(`${path}?from=2026-01-01%00`), 'from', TEXT_MESSAGES.singleLine);
    }
  });

  it('cursors and the customer search refuse a NUL', async () => {
    expectRefused(await admin.get('/api/admin/invitations?cursor=%00'), 'cursor', TEXT_MESSAGES.singleLine);
    expectRefused(await admin.get('/api/admin/leads?cursor=%00'), 'cursor', TEXT_MESSAGES.singleLine);
    expectRefused(await customer.get('/api/customer/orders?q=%00'), 'q', TEXT_MESSAGES.singleLine);
  });

  it('path parameters: a NUL in a member id or a download token is a 400', async () => {
    const member = await customer.delete('/api/organization/members/%00');
    expect(member.statusCode, member.body).toBe(400);
    expect(Object.keys(errorOf(member).fields ?? {})).toEqual(['userId']);
    expectRefused(await customer.get('/api/files/a%00b'), 'token', TEXT_MESSAGES.singleLine);
  });
});

describe('JSON bodies of the portals', () => {
  it('admin: cancel reason, invitation organisation name, quote SLA and item label', async () => {
    await expectNothingStored(t.db, async () => {
      expectRefused(
        await admin.post(`/api/admin/orders/${SOME_ID}/cancel`, { reason: 'no\u0000' }),
        'reason',
        TEXT_MESSAGES.multiLine,
      );
      expectRefused(
        await admin.post('/api/admin/invitations', {
          email: uniqueEmail('nul'),
          orgType: 'customer',
          roleSuggested: 'customer_admin',
          organization: { name: 'Acme\u0000' },
        }),
        'organization.name',
        TEXT_MESSAGES.singleLine,
      );
      expectRefused(
        await admin.post('/api/admin/quotes', { orderId: SOME_ID, priceBreakdown: DEFAULT_BREAKDOWN, sla: 'x\u0000' }),
        'sla',
        TEXT_MESSAGES.singleLine,
      );
      expectRefused(
        await admin.post('/api/admin/quotes', {
          orderId: SOME_ID,
          priceBreakdown: { ...DEFAULT_BREAKDOWN, items: [{ label: 'Cap\u0000ture', amount: 1 }] },
        }),
        'priceBreakdown.items.0.label',
        TEXT_MESSAGES.singleLine,
      );
      expectRefused(
        await admin.post(`/api/admin/applications/${SOME_ID}/reject`, { reason: 'no\u0000' }),
        'reason',
        TEXT_MESSAGES.multiLine,
      );
    });
  });

  it('customer: support request, organisation name and rating comment', async () => {
    await expectNothingStored(t.db, async () => {
      expectRefused(
        await customer.post('/api/customer/support', { subject: 'Help\u0000', message: 'Please' }),
        'subject',
        TEXT_MESSAGES.singleLine,
      );
      expectRefused(
        await customer.post('/api/customer/support', { subject: 'Help', message: 'Line one\n\u0000' }),
        'message',
        TEXT_MESSAGES.multiLine,
      );
      expectRefused(
        await customer.request('PATCH', '/api/customer/organization', { name: 'Acme\u001B[31m' }),
        'name',
        TEXT_MESSAGES.singleLine,
      );
      expectRefused(
        await customer.post(`/api/customer/orders/${SOME_ID}/rating`, { score: 5, comment: 'great\u0000' }),
        'comment',
        TEXT_MESSAGES.multiLine,
      );
    });
    const accepted = await customer.post('/api/customer/support', { subject: 'Help', message: 'Line one\n\tLine two' });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('provider: device serial and capability, certification scope, settings', async () => {
    expectRefused(
      await provider.post('/api/provider/devices', { model: 'PRO', serial: 'SN\u00001' }),
      'serial',
      TEXT_MESSAGES.singleLine,
    );
    expectRefused(
      await provider.post('/api/provider/devices', { model: 'PRO', serial: 'SN1', capabilities: ['lidar\u0000'] }),
      'capabilities.0',
      TEXT_MESSAGES.singleLine,
    );
    expectRefused(
      await provider.post('/api/provider/certifications', { scope: 'Scope\u0000', regions: [] }),
      'scope',
      TEXT_MESSAGES.singleLine,
    );
    const settings = {
      contactEmail: null,
      phone: null,
      availability: 'Weekdays\nWeekends on request',
      serviceRegions: ['Berlin'],
      notifications: { newProjectAssignments: true, projectUpdates: true, paymentNotifications: true },
    };
    expectRefused(
      await provider.request('PUT', '/api/provider/settings', { ...settings, availability: 'Weekdays\u0000' }),
      'availability',
      TEXT_MESSAGES.multiLine,
    );
    expectRefused(
      await provider.request('PUT', '/api/provider/settings', { ...settings, serviceRegions: ['Ber\nlin'] }),
      'serviceRegions.0',
      TEXT_MESSAGES.singleLine,
    );
    const saved = await provider.request('PUT', '/api/provider/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().availability).toBe('Weekdays\nWeekends on request');
  });

  it('authentication: a NUL in a token is a 400, not a failed lookup', async () => {
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    expectRefused(
      await client.post('/api/auth/reset-password', { token: 'a\u0000b', newPassword: STRONG_PASSWORD }),
      'token',
      TEXT_MESSAGES.singleLine,
    );
    // A body that starts with a byte order mark is the same body to the library, so the same refusal.
    const withBom = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
      remoteAddress: uniqueAddress(),
      payload: `\uFEFF${JSON.stringify({ token: 'a\u0000b', newPassword: STRONG_PASSWORD })}`,
    });
    expectRefused(withBom, 'token', TEXT_MESSAGES.singleLine);
    expectRefused(
      await client.post('/api/auth/setup-admin', {
        token: 'a\u0000b',
        email: uniqueEmail('setup'),
        password: STRONG_PASSWORD,
      }),
      'token',
      TEXT_MESSAGES.singleLine,
    );
  });

  it('sign-up refuses a NUL in the invitation token', async () => {
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    const response = await client.post('/api/auth/sign-up', {
      name: 'Nul Tester',
      password: STRONG_PASSWORD,
      invitationToken: 'abc\u0000',
    });
    expectRefused(response, 'invitationToken', TEXT_MESSAGES.singleLine);
  });
});
