import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, invite, type TClient, uniqueEmail } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let admin: TClient;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(async () => {
  await t?.close();
});

describe('session tokens stay in the http-only cookie', () => {
  it('are not in the JSON of sign-in, get-session or list-sessions', async () => {
    const token = admin.jar.header()?.split('=')[1]?.split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(token);
      expect(response.body, url).not.toContain('"token"');
    }
    const sessions = (await admin.get('/api/auth/list-sessions')).json() as Array<{ current: boolean }>;
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
  });
});

describe('resend never makes two live links for one person', () => {
  it('refuses to resend an old invitation while a newer one is pending', async () => {
    const email = uniqueEmail('twice');
    const first = await invite(admin, { email, role: 'customer_user', organization: { name: 'Twice Org' } });
    expect((await admin.post(`/api/admin/invitations/${first.id}/revoke`)).statusCode).toBe(200);
    await invite(admin, { email, role: 'customer_user', organization: { id: first.organization.id } });
    const resend = await admin.post(`/api/admin/invitations/${first.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(errorOf(resend).message).toContain('Another pending invitation');
  });
});
