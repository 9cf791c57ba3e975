import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureRequestInput, contactMessageInput } from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('stores a submission whose text holds a pasted NUL, without the NUL, instead of failing', async () => {
  for (const [url, payload] of [
    ['/api/public/capture-requests', captureRequestInput({ name: 'Nul\u0000 Name', additionalInfo: 'a\u0000b' })],
    ['/api/public/contact-messages', contactMessageInput({ subject: 'Hello\u0000', message: 'Line\u0000 one' })],
  ] as const) {
    const response = await t.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
  }
  const leads = await t.db.execute("select contact->>'name' as name from order_leads" as never);
  expect((leads as unknown as { rows: Array<{ name: string }> }).rows[0]?.name).toBe('Nul Name');
});
