import {
  apiClientWithCookies,
  createAccount,
  expect,
  field,
  linkIn,
  newDevice,
  SUBJECTS,
  signInContext,
  signInThroughUi,
  test,
  toast,
  uniqueEmail,
  waitForMail,
} from './support.ts';

test.describe.configure({ timeout: 120_000 });

const NEW_PASSWORD = 'Another-Strong-Passphrase-7';
const SAME_ANSWER = 'If an account exists for this email, we have sent a link to choose a new password.';

test('password recovery: request a link, choose a new password, every session ends, sign in again', async ({
  page,
  browser,
  playwright,
  adminCookies,
  inspector,
}) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const account = await createAccount({ playwright, admin, inspector }, { role: 'provider_admin' });
  await admin.dispose();
  const otherDevice = await newDevice(browser);
  const otherPage = await otherDevice.newPage();
  await signInContext(otherDevice, playwright, account.email, account.password);

  // An unknown address gets the same answer (and no mail).
  const unknown = uniqueEmail('nobody');
  await page.goto('/auth?intent=provider');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password\?intent=provider$/);
  await field(page, 'Email').fill(unknown);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(SAME_ANSWER);

  await page.goto('/auth/forgot-password?intent=provider');
  await field(page, 'Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(SAME_ANSWER);
  expect((await inspector.emails()).some((mail) => mail.to.includes(unknown))).toBe(false);

  const link = linkIn(await waitForMail(inspector, account.email, SUBJECTS.reset));
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await field(page, 'New Password').fill(NEW_PASSWORD);
  await field(page, 'Confirm Password').fill(`${NEW_PASSWORD}!`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await field(page, 'Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password updated')).toContainText('Sign in with your new password.');
  await expect(page).toHaveURL(/\/auth$/);

  // The reset ended the other device's session.
  await otherPage.goto('/provider-dashboard');
  await expect(otherPage).toHaveURL(/\/auth\?intent=provider$/);
  await otherDevice.close();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link is not valid or has expired.');

  // The old password no longer works; the new one does.
  await signInThroughUi(page, account.email, account.password, 'provider');
  await expect(toast(page, 'Sign in failed')).toContainText('Invalid email or password.');
  await signInThroughUi(page, account.email, NEW_PASSWORD, 'provider');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
});
