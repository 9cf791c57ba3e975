import { apiClientWithCookies, createAccount, expect, signInContext, test, toast } from './support.ts';

test.describe.configure({ timeout: 90_000 });

test('the sidebar collapses to icons with Ctrl+B and stays collapsed after a reload', async ({
  page,
  adminCookies,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().addCookies(adminCookies);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin Portal' });
  const sidebar = page.locator('#portal-sidebar');
  const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
  await expect(page.getByText('Admin Portal', { exact: true })).toBeVisible();

  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  // Icons only: the labels stay for assistive technology.
  await expect(nav.getByRole('link', { name: 'Invitations' })).toBeVisible();
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(7 * 24 * 3600 - 120);
  expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600);

  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);

  // Navigating keeps the state; the button toggles it back.
  await nav.getByRole('link', { name: 'Invitations' }).click();
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
  await page.keyboard.press('Meta+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect((await page.context().cookies()).find((candidate) => candidate.name === 'sidebar_state')?.value).toBe('true');
});

test('below 768 px the sidebar is a drawer', async ({ page, adminCookies }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.context().addCookies(adminCookies);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin Portal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  const nav = drawer.getByRole('navigation', { name: 'Admin Portal' });
  await expect(nav).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(288);

  await nav.getByRole('link', { name: 'Invitations' }).click();
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Ctrl+B opens and closes the drawer too.
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Admin Portal' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the header has the account link and Sign Out, which ends the session and goes to /', async ({
  page,
  playwright,
  adminCookies,
  inspector,
}) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const account = await createAccount({ playwright, admin, inspector }, { role: 'provider_admin' });
  await admin.dispose();
  await signInContext(page.context(), playwright, account.email, account.password);

  await page.goto('/provider-dashboard');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: `Account: ${account.email}` }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Provider Portal' })).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();

  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/provider-dashboard');
  await expect(page).toHaveURL(/\/auth\?intent=provider$/);
});

test('a failed sign-out shows Sign out failed and stays', async ({ page, playwright, adminCookies, inspector }) => {
  const admin = await apiClientWithCookies(playwright, adminCookies);
  const account = await createAccount({ playwright, admin, inspector }, { role: 'customer_admin' });
  await admin.dispose();
  await signInContext(page.context(), playwright, account.email, account.password);
  await page.goto('/customer-dashboard');
  await page.route('**/api/auth/sign-out', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'The server could not end the session.' } }),
    }),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'Sign out failed')).toContainText('The server could not end the session.');
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // 401/403/404 mean there is no session left to end: still signed out, to /.
  await page.unroute('**/api/auth/sign-out');
  await page.route('**/api/auth/sign-out', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unauthenticated', message: 'Please sign in.' } }),
    }),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
});
