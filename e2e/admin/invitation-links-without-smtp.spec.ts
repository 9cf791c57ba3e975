import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { and, eq } from 'drizzle-orm';
import { expect, PASSWORD, test, toast } from '../auth/support.ts';
import { linkOfMail, startFreshInstall } from '../support/fresh-install.ts';

// A server of its own (fresh data folder, migrations) and a whole sign-up on a loaded machine.
test.describe.configure({ timeout: 240_000 });

/** This test's server runs in the test worker's thread: a first page load may take long there. */
const FIRST_LOAD = { timeout: 45_000 };

const ADMIN = { email: 'owner@fresh-install.test', password: 'Fresh-install-passphrase-2026' };

test('a fresh install without SMTP_URL: the admin invites, copies the link, and the invitee signs up from it', async ({
  browser,
}) => {
  const install = await startFreshInstall(ADMIN);
  try {
    const adminDevice = await browser.newContext({
      baseURL: install.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await adminDevice.newPage();
    await page.goto('/auth?intent=admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible(FIRST_LOAD);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`${install.url}/admin`, FIRST_LOAD);

    await page.getByRole('navigation', { name: 'Admin Portal' }).getByRole('link', { name: 'Invitations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
    const invitee = `invitee-${randomUUID().slice(0, 8)}@fresh-install.test`;
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Invitation' }) });
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee);
    await form.getByLabel('Suggested role').selectOption('customer_admin');
    // A fresh install has no organisation yet: the form offers only a new one.
    await expect(form.getByRole('textbox', { name: 'New organization name', exact: true })).toBeVisible();
    await form.getByRole('textbox', { name: 'New organization name', exact: true }).fill('First Customer Ltd');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, `Invite sent to ${invitee}`)).toContainText('Invitation sent');

    // Copy link, right after creating it: on the clipboard and in the field.
    await form.getByRole('button', { name: `Copy link for ${invitee}` }).click();
    await expect(toast(page, 'Link copied')).toContainText(`The invitation link for ${invitee} is on your clipboard.`);
    const shown = form.getByRole('textbox', { name: `Invitation link for ${invitee}` });
    await expect(shown).toHaveValue(new RegExp(`^${install.url}/auth\\?intent=customer&tab=signup&`));
    const link = await shown.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The pending invitation offers it in the list too; showing the link was audited.
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: invitee });
    await expect(row).toContainText('pending');
    await expect(row.getByRole('button', { name: `Copy link for ${invitee}` })).toBeVisible();
    const [invitation] = await install.db
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.email, invitee));
    const audits = await install.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, invitation!.id), eq(schema.auditLog.action, 'reveal_link')));
    expect(audits).toHaveLength(1);

    // The same link is in the invitation e-mail, written to DATA_DIR/mail.
    expect(await linkOfMail(install, invitee, "You're invited")).toBe(link);
    await adminDevice.close();

    // The invitee, on another device, opens the copied link and joins: signed in at once.
    const inviteeDevice = await browser.newContext({ baseURL: install.url });
    const inviteePage = await inviteeDevice.newPage();
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('heading', { name: 'Join First Customer Ltd' })).toBeVisible(FIRST_LOAD);
    await expect(inviteePage.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(invitee);
    await inviteePage.getByRole('textbox', { name: 'Name', exact: true }).fill('First Customer');
    await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await inviteePage.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
    await inviteePage.getByRole('button', { name: 'Join and sign in', exact: true }).click();
    await expect(inviteePage).toHaveURL(`${install.url}/customer-dashboard`, FIRST_LOAD);
    await expect(inviteePage.getByRole('navigation', { name: 'Customer Portal' })).toBeVisible();
    await inviteeDevice.close();
  } finally {
    await install.close();
  }
});
