import { expect, toast, uniqueEmail } from '../auth/support.ts';
import { test } from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

test('Resend is offered on invitations it can renew, never on an accepted one, and the server refuses that too', async ({
  page,
  adminCookies,
  deps,
  market,
}) => {
  // An invitation that was revoked, to renew with Resend.
  const revokedEmail = uniqueEmail('revoked-invite');
  const created = await deps.admin.post('/api/admin/invitations', {
    data: {
      email: revokedEmail,
      orgType: 'customer',
      roleSuggested: 'customer_user',
      organization: { id: market.customer.organization.id },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: revokedId } = (await created.json()) as { id: string };
  expect((await deps.admin.post(`/api/admin/invitations/${revokedId}/revoke`)).status()).toBe(200);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/invitations');
  const table = page.getByRole('table', { name: 'Invitations' });

  // The customer's own invitation was used to sign up: nothing to resend or revoke.
  const accepted = table.getByRole('row').filter({ hasText: market.customer.email });
  await expect(accepted).toContainText('accepted');
  await expect(accepted.getByRole('button')).toHaveCount(0);

  // A revoked one can be renewed: a new link goes out and it is pending again.
  const revoked = table.getByRole('row').filter({ hasText: revokedEmail });
  await expect(revoked).toContainText('revoked');
  await revoked.getByRole('button', { name: `Resend invitation to ${revokedEmail}` }).click();
  await expect(toast(page, 'Resent')).toContainText(`A new link was sent to ${revokedEmail}`);
  await expect(revoked).toContainText('pending');
  await expect(revoked.getByRole('button', { name: `Revoke invitation to ${revokedEmail}` })).toBeVisible();

  // Asked directly, the server refuses the accepted one and says why.
  const invitations = (await (await deps.admin.get('/api/admin/invitations?limit=100')).json()) as {
    items: { id: string; email: string }[];
  };
  const acceptedId = invitations.items.find((item) => item.email === market.customer.email)?.id;
  expect(acceptedId).toBeDefined();
  const refused = await deps.admin.post(`/api/admin/invitations/${acceptedId}/resend`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    `The invitation for ${market.customer.email} was accepted: the account exists, so there is nothing to resend.`,
  );
});
