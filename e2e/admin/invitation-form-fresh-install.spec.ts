import { expect, test } from '../auth/support.ts';
import { startFreshInstall } from '../support/fresh-install.ts';

// A server of its own (fresh data folder, migrations) on a loaded machine.
test.describe.configure({ timeout: 240_000 });

/** This test's server runs in the test worker's thread: a first page load may take long there. */
const FIRST_LOAD = { timeout: 45_000 };

const ADMIN = { email: 'owner@first-invite.test', password: 'First-invite-passphrase-2026' };

test('on an install without organisations the invitation form offers a new one, whatever type is chosen', async ({
  browser,
}) => {
  const install = await startFreshInstall(ADMIN);
  try {
    const context = await browser.newContext({ baseURL: install.url });
    const page = await context.newPage();
    await page.goto('/auth?intent=admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible(FIRST_LOAD);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`${install.url}/admin`, FIRST_LOAD);
    await page.getByRole('navigation', { name: 'Admin Portal' }).getByRole('link', { name: 'Invitations' }).click();

    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Invitation' }) });
    const newOrganization = form.getByRole('radio', { name: 'New organization' });
    const existingOrganization = form.getByRole('radio', { name: 'Existing organization' });
    const name = form.getByRole('textbox', { name: 'New organization name', exact: true });
    await expect(newOrganization).toBeChecked();
    await expect(existingOrganization).toBeDisabled();
    await expect(name).toBeVisible();

    // Switching to providers and back (answered from the cache the second time) keeps it so.
    for (const type of ['provider', 'customer']) {
      await form.getByLabel('Organization type').selectOption(type);
      await expect(newOrganization).toBeChecked();
      await expect(name).toBeVisible();
    }
    await expect(form.getByRole('combobox', { name: 'Existing organization' })).toHaveCount(0);
    await context.close();
  } finally {
    await install.close();
  }
});
