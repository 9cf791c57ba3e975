import type { Page } from '@playwright/test';
import {
  apiClientWithCookies,
  createAccount,
  expect,
  field,
  signInThroughUi,
  test,
  toast,
  totpCode,
} from './support.ts';

test.describe.configure({ timeout: 120_000 });

async function signOutFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('TOTP: enrol on /account with the QR code, then sign-in asks for a code or a recovery code', async ({
  page,
  playwright,
  adminCookies,
  inspector,
}) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const account = await createAccount({ playwright, admin, inspector }, { role: 'customer_user' });
  await admin.dispose();

  await signInThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await page.goto('/account');
  const security = page.locator('#security');
  await expect(security).toContainText('Off');

  // A wrong password is refused under the field.
  await field(security, 'Password').fill('not-my-password');
  await security.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(security.getByText(/invalid password/i)).toBeVisible();

  await field(security, 'Password').fill(account.password);
  const enrolled = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/two-factor/enable') && response.status() === 200,
  );
  await security.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const { totpURI, backupCodes } = (await (await enrolled).json()) as { totpURI: string; backupCodes: string[] };
  await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(security.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(
    backupCodes.length,
  );
  await expect(security.getByTestId('totp-secret')).toHaveText(new URL(totpURI).searchParams.get('secret') ?? '');

  await field(security, 'Authentication code').fill(totpCode(totpURI));
  await security.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(toast(page, 'Two-factor authentication on')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('On');

  // Sign-in now asks for the second factor: a wrong code fails, the app's code signs in.
  await signOutFromHeader(page);
  await signInThroughUi(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await field(page, 'Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Sign in failed')).toBeVisible();
  await field(page, 'Authentication code').fill(totpCode(totpURI));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // A recovery code works once instead.
  await signOutFromHeader(page);
  await signInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await field(page, 'Recovery code').fill(backupCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // Removing the factor needs the password; then sign-in is one step again.
  await page.goto('/account');
  await field(security, 'Password').fill(account.password);
  await security.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(toast(page, 'Two-factor authentication off')).toBeVisible();
  await expect(security).toContainText('Off');
  await signOutFromHeader(page);
  await signInThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});
