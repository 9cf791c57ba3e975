import type { Page } from '@playwright/test';
import {
  expect,
  linkIn,
  nameOf,
  newDevice,
  PASSWORD,
  SUBJECTS,
  test,
  toast,
  uniqueEmail,
  waitForMail,
} from './support.ts';

// Whole sign-up flows (hashing, e-mail delivery) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const INVITE_ONLY = 'Signup is invite-only. Please use your invitation link or contact an admin.';
/** A new device's first page loads the app's code on a loaded machine. */
const FIRST_LOAD = { timeout: 45_000 };

async function inviteInUi(page: Page, input: { email: string; role: string; organization: string }) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Invitation' }) });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(input.email);
  await form.getByLabel('Suggested role').selectOption(input.role);
  await form.getByText('New organization', { exact: true }).click();
  await form.getByRole('textbox', { name: 'New organization name', exact: true }).fill(input.organization);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: `Invite sent to ${input.email}` }),
  ).toContainText('Invitation sent');
}

/** Follows the e-mailed invitation link and joins with a name and password, which signs in. */
async function acceptInvitation(
  page: Page,
  inspector: Parameters<typeof waitForMail>[0],
  email: string,
  intent: string,
) {
  const link = linkIn(await waitForMail(inspector, email, SUBJECTS.invitation));
  expect(link).toContain(`intent=${intent}`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accept your invitation', FIRST_LOAD);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  const accountType = intent === 'provider' ? /^Provider: / : /^Customer: /;
  await expect(page.getByRole('textbox', { name: 'Account type', exact: true })).toHaveValue(accountType);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(nameOf(email));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in', exact: true }).click();
  await expect(toast(page, 'Welcome to SpaceCapture')).toContainText('you are signed in');
}

test('the admin invites a customer and a provider; each joins from the e-mail and lands on their dashboard', async ({
  page,
  browser,
  adminCookies,
  inspector,
}) => {
  await page.context().addCookies(adminCookies);
  await page.goto('/admin/invitations');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();

  const customer = uniqueEmail('customer');
  const provider = uniqueEmail('provider');
  await inviteInUi(page, { email: customer, role: 'customer_admin', organization: `Acme ${customer}` });
  await inviteInUi(page, { email: provider, role: 'provider_admin', organization: `Scan Co ${provider}` });

  // Newest first, both pending, with Resend on all and Revoke on pending.
  // Other tests invite people at the same time, so compare positions rather than expect neighbours.
  const rows = page.getByRole('table', { name: 'Invitations' }).getByRole('row');
  const providerRow = rows.filter({ hasText: provider });
  await expect(providerRow).toContainText('pending');
  await expect(rows.filter({ hasText: customer })).toContainText('pending');
  const texts = await rows.allInnerTexts();
  expect(texts.findIndex((text) => text.includes(provider))).toBeLessThan(
    texts.findIndex((text) => text.includes(customer)),
  );
  await expect(providerRow.getByRole('button', { name: /^Revoke/ })).toBeVisible();
  await expect(providerRow.getByRole('button', { name: /^Resend/ })).toBeVisible();

  for (const [email, intent, home, title] of [
    [customer, 'customer', '/customer-dashboard', 'Customer Portal'],
    [provider, 'provider', '/provider-dashboard', 'Provider Portal'],
  ] as const) {
    const invitee = await newDevice(browser);
    const inviteePage = await invitee.newPage();
    await acceptInvitation(inviteePage, inspector, email, intent);
    await expect(inviteePage).toHaveURL(new RegExp(`${home}$`));
    await expect(inviteePage.getByRole('navigation', { name: title })).toBeVisible();
    await invitee.close();
  }

  // The list shows both as accepted now; accepted invitations cannot be revoked.
  await page.reload();
  await expect(rows.filter({ hasText: customer })).toContainText('accepted');
  await expect(rows.filter({ hasText: customer }).getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
});

test('a sign-up without an invitation is refused with the invite-only message', async ({ page }) => {
  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' })).toContainText(INVITE_ONLY);
  await expect(page.getByRole('button', { name: 'Join and sign in' })).toHaveCount(0);
});

test("passwords that differ show Passwords don't match and send nothing", async ({ page, admin, inspector }) => {
  const email = uniqueEmail('mismatch');
  const invited = await admin.post('/api/admin/invitations', {
    data: { email, orgType: 'provider', roleSuggested: 'provider_user', organization: { name: `Mismatch ${email}` } },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/sign-up')) sent = true;
  });
  await page.goto(linkIn(await waitForMail(inspector, email, SUBJECTS.invitation)));
  await expect(page.getByRole('textbox', { name: 'Account type', exact: true })).toHaveValue(/^Provider: /);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mismatch');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Join and sign in', exact: true }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  expect(sent).toBe(false);
});

test('the admin sign-in has no Sign Up tab', async ({ page }) => {
  await page.goto('/auth?intent=admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Access');
  await expect(page.getByText('Sign in with your admin account. Admin access is invite-only.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('resending an invitation invalidates the old link', async ({ page, browser, adminCookies, inspector }) => {
  const email = uniqueEmail('resend');
  await page.context().addCookies(adminCookies);
  await page.goto('/admin/invitations');
  await inviteInUi(page, { email, role: 'customer_user', organization: `Resend Org ${email}` });
  const oldLink = linkIn(await waitForMail(inspector, email, SUBJECTS.invitation, 1));

  const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Resend/ }).click();
  await expect(toast(page, 'Resent')).toBeVisible();
  const newLink = linkIn(await waitForMail(inspector, email, SUBJECTS.invitation, 2));
  expect(newLink).not.toBe(oldLink);

  // The old link's token is refused; the new one works.
  const invitee = await newDevice(browser);
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(oldLink);
  await expect(inviteePage.getByRole('alert').filter({ hasText: 'This invitation cannot be used' })).toContainText(
    'This invitation link is not valid.',
    FIRST_LOAD,
  );
  await expect(inviteePage.getByRole('button', { name: 'Join and sign in' })).toHaveCount(0);

  await inviteePage.goto(newLink);
  await inviteePage.getByRole('textbox', { name: 'Name', exact: true }).fill(nameOf(email));
  await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await inviteePage.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
  await inviteePage.getByRole('button', { name: 'Join and sign in', exact: true }).click();
  await expect(toast(inviteePage, 'Welcome to SpaceCapture')).toBeVisible();
  await expect(inviteePage).toHaveURL(/\/customer-dashboard$/);
  await invitee.close();
});

test('a revoked invitation cannot be used to sign up', async ({ page, browser, adminCookies, inspector }) => {
  const email = uniqueEmail('revoked');
  await page.context().addCookies(adminCookies);
  await page.goto('/admin/invitations');
  await inviteInUi(page, { email, role: 'provider_user', organization: `Revoked Org ${email}` });
  const link = linkIn(await waitForMail(inspector, email, SUBJECTS.invitation));

  const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Revoke/ }).click();
  await expect(toast(page, 'Revoked')).toBeVisible();
  await expect(row).toContainText('revoked');
  await expect(row.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Resend/ })).toBeVisible();

  const invitee = await newDevice(browser);
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole('alert').filter({ hasText: 'This invitation cannot be used' })).toContainText(
    'This invitation was withdrawn.',
    FIRST_LOAD,
  );
  await expect(inviteePage.getByRole('button', { name: 'Join and sign in' })).toHaveCount(0);
  await invitee.close();
});
