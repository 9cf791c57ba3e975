import {
  apiClient,
  apiClientWithCookies,
  createAccount,
  expect,
  field,
  linkIn,
  newDevice,
  PASSWORD,
  SUBJECTS,
  signInContext,
  test,
  toast,
  uniqueEmail,
  waitForMail,
} from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('an organisation admin invites a teammate, sees them join, removes them and revokes an invitation', async ({
  page,
  browser,
  playwright,
  adminCookies,
  inspector,
}) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const orgName = `Harbor Realty ${Date.now()}`;
  const owner = await createAccount(
    { playwright, admin, inspector },
    { role: 'customer_admin', organizationName: orgName },
  );
  await admin.dispose();
  await signInContext(page.context(), playwright, owner.email, owner.password);

  await page.goto('/customer/organization');
  await expect(page.getByRole('heading', { level: 1, name: 'Organization' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organization Details' })).toBeVisible();
  await expect(page.getByText(orgName).first()).toBeVisible();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members.getByRole('row').filter({ hasText: owner.email })).toContainText('Customer admin');

  // Invite a teammate: the invitation is pending, for the customer_user role.
  const teammate = uniqueEmail('teammate');
  await field(page, 'Email').fill(teammate);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toContainText(`Invite sent to ${teammate}`);
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row').filter({ hasText: teammate })).toContainText('Customer user');

  // The teammate joins with the e-mailed link.
  const invitation = new URL(linkIn(await waitForMail(inspector, teammate, SUBJECTS.invitation)));
  const invitee = await apiClient(playwright);
  const signUp = await invitee.post('/api/auth/sign-up', {
    data: { name: 'Team Mate', password: PASSWORD, invitationToken: invitation.searchParams.get('invite') },
  });
  expect(signUp.status()).toBe(201);
  await invitee.dispose();

  // The teammate sees the team but cannot manage it.
  const teammateDevice = await newDevice(browser);
  const teammatePage = await teammateDevice.newPage();
  await signInContext(teammateDevice, playwright, teammate, PASSWORD);
  await teammatePage.goto('/customer/organization');
  await expect(teammatePage.getByRole('table', { name: 'Team members' })).toContainText(owner.email);
  await expect(teammatePage.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  await expect(teammatePage.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // The owner removes the teammate: their account ends.
  await page.reload();
  const row = members.getByRole('row').filter({ hasText: teammate });
  await expect(row).toContainText('Customer user');
  await expect(members.getByRole('row').filter({ hasText: owner.email }).getByRole('button')).toHaveCount(0);
  await row.getByRole('button', { name: `Remove ${teammate}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: teammate })).toHaveCount(0);
  await teammatePage.goto('/customer-dashboard');
  await expect(teammatePage).toHaveURL(/\/auth\?intent=customer$/);
  await teammateDevice.close();

  // A pending invitation can be revoked.
  const second = uniqueEmail('second');
  await field(page, 'Email').fill(second);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(pending.getByRole('row').filter({ hasText: second })).toBeVisible();
  await pending
    .getByRole('row')
    .filter({ hasText: second })
    .getByRole('button', { name: /^Revoke/ })
    .click();
  await expect(toast(page, 'Revoked')).toBeVisible();
  await expect(pending.getByRole('row').filter({ hasText: second })).toHaveCount(0);
});

test('a provider admin sees their organisation', async ({ page, playwright, adminCookies, inspector }) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const orgName = `Scan Partners ${Date.now()}`;
  const owner = await createAccount(
    { playwright, admin, inspector },
    { role: 'provider_admin', organizationName: orgName },
  );
  await admin.dispose();
  await signInContext(page.context(), playwright, owner.email, owner.password);
  await page.goto('/provider/organization');
  await expect(page.getByRole('heading', { name: 'Organization Details' })).toBeVisible();
  await expect(page.getByText(orgName).first()).toBeVisible();
  await expect(page.getByText('They join', { exact: false })).toContainText('Provider user');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
});
