import { rm } from 'node:fs/promises';
import { expect, test, toast } from '../auth/support.ts';
import { startE2eServer } from '../support/e2e-server.ts';

// A server of its own (fresh data folder, migrations) on a loaded machine.
test.describe.configure({ timeout: 240_000 });

/** This test's server runs in the test worker's thread: a first page load may take long there. */
const FIRST_LOAD = { timeout: 45_000 };

test('the first admin created from the printed setup link is told they are signed in and lands in the admin portal', async ({
  browser,
}) => {
  const { app, database, dataDir, url, setupLink } = await startE2eServer({ prefix: 'spacecapture-setup-' });
  try {
    expect(setupLink, 'the setup link printed at start').not.toBeNull();
    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    await page.goto(setupLink!);
    await expect(page.getByRole('heading', { name: 'Create the first admin' })).toBeVisible(FIRST_LOAD);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@first-setup.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('First-setup-passphrase-2026');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('First-setup-passphrase-2026');
    await page.getByRole('button', { name: 'Create admin', exact: true }).click();

    await expect(toast(page, 'Admin account created')).toContainText('You are signed in as the master admin.');
    await expect(toast(page, 'Admin account created')).not.toContainText('Sign in with your new admin account');
    await expect(page).toHaveURL(`${url}/admin`, FIRST_LOAD);
    await expect(page.getByRole('navigation', { name: 'Admin Portal' })).toBeVisible();
    await context.close();
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
