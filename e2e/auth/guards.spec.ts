import { PORTAL_NAMES, PORTAL_ROUTES, pagesOf, type TPortalName } from './routes.ts';
import { apiClientWithCookies, createAccount, expect, signInContext, type TAccountRole, test } from './support.ts';

test.describe.configure({ mode: 'default', timeout: 120_000 });

test('signed out, every portal route and /account send to /auth with the portal intent and the page asked for', async ({
  page,
}) => {
  for (const portal of PORTAL_NAMES) {
    for (const [path] of PORTAL_ROUTES[portal].pages) {
      await page.goto(path);
      // The portal's home is where signing in lands anyway; any other page is carried as `next`.
      const next = path === PORTAL_ROUTES[portal].home ? '' : `&next=${encodeURIComponent(path)}`;
      await expect(page, path).toHaveURL(new RegExp(`/auth\\?intent=${portal}${escapeRegExp(next)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        { customer: 'Customer Access', provider: 'Provider Access', admin: 'Admin Access' }[portal],
      );
    }
  }
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\?intent=customer&next=%2Faccount$/);
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('the guard shows Loading... while the session loads', async ({ page, adminCookies }) => {
  await page.context().addCookies(adminCookies);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/triage');
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Triage' })).toBeVisible();
});

test('an unknown portal path shows the not-found page', async ({ page }) => {
  await page.goto('/admin/nothing-here');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});

const ROLES: readonly [TAccountRole | 'master_admin', TPortalName][] = [
  ['customer_admin', 'customer'],
  ['customer_user', 'customer'],
  ['provider_admin', 'provider'],
  ['provider_user', 'provider'],
  ['master_admin', 'admin'],
];

for (const [role, own] of ROLES) {
  test(`${role}: its own portal opens with every route of its table; the other portals send it to /`, async ({
    page,
    playwright,
    adminCookies,
    inspector,
  }) => {
    if (role === 'master_admin') {
      await page.context().addCookies(adminCookies);
    } else {
      const admin = await apiClientWithCookies(playwright, adminCookies);
      const account = await createAccount({ playwright, admin, inspector }, { role });
      await admin.dispose();
      await signInContext(page.context(), playwright, account.email, account.password);
    }

    const table = PORTAL_ROUTES[own];
    const pages = pagesOf(own, role);
    // A label may be followed by a count (the inbox's unread messages, from other tests' messages).
    const label = (title: string) => new RegExp(`^${escapeRegExp(title)}(\\s*\\d+.*)?$`);
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      const nav = page.getByRole('navigation', { name: table.title });
      await expect(nav.getByRole('link', { name: label(title) })).toHaveAttribute('aria-current', 'page');
    }
    // The sidebar lists the spec's labels in order.
    await expect(page.getByRole('navigation', { name: table.title }).getByRole('link')).toHaveText(
      pages.map(([, title]) => label(title)),
    );

    for (const other of PORTAL_NAMES.filter((portal) => portal !== own)) {
      await page.goto(PORTAL_ROUTES[other].home);
      await expect(page, `${role} on ${other}`).toHaveURL(/\/$/);
    }

    // A signed-in visitor of /auth goes to their home.
    await page.goto('/auth');
    await expect(page).toHaveURL(new RegExp(`${table.home}$`));
  });
}
