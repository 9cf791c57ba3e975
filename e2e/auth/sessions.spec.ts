import type { Page } from '@playwright/test';
import {
  apiClientWithCookies,
  createAccount,
  expect,
  newDevice,
  signInContext,
  signInThroughUi,
  test,
  toast,
} from './support.ts';

test.describe.configure({ timeout: 120_000 });

async function expectSignedOut(page: Page) {
  await page.goto('/customer-dashboard');
  await expect(page).toHaveURL(/\/auth\?intent=customer$/);
}

async function expectSignedIn(page: Page) {
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('sign-out scopes: other devices, this device, everywhere', async ({
  page,
  browser,
  playwright,
  adminCookies,
  inspector,
}) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const account = await createAccount({ playwright, admin, inspector }, { role: 'customer_admin' });
  await admin.dispose();

  // Device A signs in through the page; device B is another browser.
  await signInThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  const deviceB = await newDevice(browser);
  const pageB = await deviceB.newPage();
  await signInContext(deviceB, playwright, account.email, account.password);
  await expectSignedIn(pageB);

  await page.goto('/account');
  const sessions = page.getByRole('table', { name: 'Signed-in devices' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  // Scope "others": B is signed out, A stays.
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(toast(page, 'Signed out')).toContainText('Your other devices have been signed out.');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expectSignedOut(pageB);
  await expectSignedIn(page);

  // Scope "local" on B: B leaves for /, A stays.
  await signInContext(deviceB, playwright, account.email, account.password);
  await pageB.goto('/account');
  await pageB.getByRole('button', { name: 'Sign out of this device' }).click();
  await expect(pageB).toHaveURL(/\/$/);
  await expectSignedOut(pageB);
  await expectSignedIn(page);

  // Scope "global" on A: both are signed out.
  await signInContext(deviceB, playwright, account.email, account.password);
  await expectSignedIn(pageB);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
  await expectSignedOut(pageB);
  await deviceB.close();
});
