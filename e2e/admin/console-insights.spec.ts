import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { AUDIT_CSV_COLUMNS } from '../../packages/shared/src/contracts/admin-console/audit.ts';
import { ADMIN_CONSOLE_MESSAGES } from '../../packages/shared/src/contracts/admin-console/common.ts';
import { adminCredentials, expect, field, toast, uniqueEmail } from '../auth/support.ts';
import { acceptAssignment, acceptQuote, assignOrder, createOrder, sendQuote, test } from '../support/marketplace.ts';
import { withSettingsTurn } from '../support/settings-turns.ts';

// Whole flows (invitations, sign-ups, e-mail) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

/** An invitation (one audit entry and one e-mail of this test's own). */
async function invite(admin: APIRequestContext, email: string) {
  const response = await admin.post('/api/admin/invitations', {
    data: {
      email,
      orgType: 'customer',
      roleSuggested: 'customer_admin',
      organization: { name: `Audit Org ${randomUUID().slice(0, 8)}` },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; organization: { id: string } };
}

function choice(page: Page, name: string) {
  return page.getByRole('combobox', { name, exact: true });
}

async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { download, text: await readFile(file, 'utf8') };
}

test('the audit log filters by URL, shows what changed and exports the same selection as CSV', async ({
  page,
  admin,
  adminCookies,
}) => {
  const email = uniqueEmail('audited');
  const invitation = await invite(admin, email);
  await page.context().addCookies(adminCookies);

  // More entries than one page holds: the table shows 25 and pages on, rather than growing without end.
  for (let n = 0; n < 25; n += 1) await invite(admin, uniqueEmail(`paged${n}`));
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit entries' }).locator('tbody > tr')).toHaveCount(25);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 26–/)).toBeVisible();

  // Entity and action are choices of the audited names; the actions follow the chosen entity.
  await choice(page, 'Entity').selectOption({ label: 'Invitation' });
  await expect(choice(page, 'Action').locator('option')).toHaveText([
    'All actions',
    'Create',
    'Resend',
    'Reveal link',
    'Revoke',
  ]);
  await choice(page, 'Action').selectOption({ label: 'Create' });
  await field(page, 'Entity ID').fill(invitation.id);
  // The actor is found by part of the address, in any case.
  await field(page, 'Actor').fill(adminCredentials().email.split('@')[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/entity=invitation&entityId=[^&]+&action=create&actor=/);
  const rows = page.getByRole('table', { name: 'Audit entries' }).locator('tbody > tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Create');
  await expect(rows.first()).toContainText(adminCredentials().email);

  await page.getByRole('button', { name: /^Show changes of invitation create/ }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.locator('tr', { hasText: email })).toContainText('added');

  // The filters live in the URL: a reload shows the same selection, filled into the form.
  await page.reload();
  await expect(field(page, 'Entity ID')).toHaveValue(invitation.id);
  await expect(rows).toHaveCount(1);

  const { download, text } = await downloadedText(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,invitation,${invitation.id},create,`);
  expect(lines[1]).toContain(adminCredentials().email);

  // Another entity with the same id matches nothing, in the list and in the CSV.
  await page.goto(`/admin/audit?entity=quote&entityId=${invitation.id}`);
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();
  const empty = await downloadedText(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
  expect(empty.text.trim()).toBe(AUDIT_CSV_COLUMNS.join(','));

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
});

test('the e-mail outbox tab lists an e-mail the admin caused and opens it with secrets redacted', async ({
  page,
  admin,
  adminCookies,
}) => {
  const email = uniqueEmail('outboxed');
  await invite(admin, email);
  await page.context().addCookies(adminCookies);

  await page.goto('/admin/audit');
  await page.getByRole('tab', { name: 'E-mail outbox' }).click();
  await expect(page).toHaveURL(/tab=outbox/);
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=/);

  const row = page.getByRole('table', { name: 'E-mails' }).locator('tbody > tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/invited to SpaceCapture/);
  await expect(row).toContainText(email);
  // Delivered to the test's mail server moments later: the list says so once it happened.
  // Each try waits for the reloaded list itself, so a slow reload on a loaded machine is not a miss.
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('sent', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.locator('td').nth(4)).toHaveText('1');

  // The status filter: nothing of this address failed.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByText('No e-mails match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('sent');
  await expect(row).toHaveCount(1);

  await page.getByRole('button', { name: `View e-mail` }).first().click();
  await expect(page).toHaveURL(/email=/);
  await expect(page.getByRole('heading', { level: 2, name: /invited to SpaceCapture/ })).toBeVisible();
  await expect(page.getByText('Secret links hidden')).toBeVisible();
  await expect(page.getByTestId('outbox-text')).toContainText('REDACTED');
  await expect(page.frameLocator('iframe[title^="HTML of"]').locator('body')).toContainText(/./);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).not.toHaveURL(/email=/);
  await expect(row).toHaveCount(1);
});

test('settings refuse an invalid deadline with its message, save a valid one and audit the change', async ({
  page,
  admin,
  adminCookies,
}) => {
  // The settings are shared by the whole run: no other test changes them meanwhile.
  await withSettingsTurn(async () => {
    const before = (await (await admin.get('/api/admin/settings')).json()) as {
      flags: { addressMaskingDefault: boolean; providerAcceptanceDeadlineHours: number; mfaRequiredForAdmins: boolean };
    };
    const original = before.flags;
    const changed =
      original.providerAcceptanceDeadlineHours === 720 ? 719 : original.providerAcceptanceDeadlineHours + 1;
    await page.context().addCookies(adminCookies);

    try {
      await page.goto('/admin/settings');
      for (const title of ['Platform Configuration', 'Feature Flags', 'Integration Settings']) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      const hours = page.getByRole('textbox', { name: 'Provider acceptance deadline (hours)' });
      await expect(hours).toHaveValue(String(original.providerAcceptanceDeadlineHours));

      await hours.fill('721');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(ADMIN_CONSOLE_MESSAGES.deadlineHours)).toBeVisible();
      await expect(hours).toHaveAttribute('aria-invalid', 'true');
      const unchanged = (await (await admin.get('/api/admin/settings')).json()) as typeof before;
      expect(unchanged.flags).toEqual(original);

      await hours.fill(String(changed));
      await expect(page.getByText(ADMIN_CONSOLE_MESSAGES.deadlineHours)).toBeHidden();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(toast(page, ADMIN_CONSOLE_MESSAGES.settingsSaved.message)).toBeVisible();
      await expect(page.getByText(/^Last saved /)).toBeVisible();
      const saved = (await (await admin.get('/api/admin/settings')).json()) as typeof before;
      expect(saved.flags.providerAcceptanceDeadlineHours).toBe(changed);

      // The change is in the audit log, with the value before and after.
      await page.goto('/admin/audit?entity=feature_flags');
      const newest = page.getByRole('table', { name: 'Audit entries' }).locator('tbody > tr').first();
      await expect(newest).toContainText('Update');
      await newest.getByRole('button', { name: /^Show changes/ }).click();
      const changedRow = page
        .getByRole('table', { name: 'Changes' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'providerAcceptanceDeadlineHours', exact: true }) });
      await expect(changedRow.first()).toContainText('changed');
      await expect(changedRow.first()).toContainText(String(original.providerAcceptanceDeadlineHours));
      await expect(changedRow.first()).toContainText(String(changed));
    } finally {
      // The flags are shared by every test of the run: put them back.
      const restored = await admin.put('/api/admin/settings', { data: original });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});

test('reporting shows the figures of data just created, and exports them as CSV', async ({
  page,
  admin,
  adminCookies,
  deps,
  market,
}) => {
  // A currency of its own, so this test's revenue is told apart from everyone else's.
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const currency = `Q${letters[Math.floor(Math.random() * 26)]}${letters[Math.floor(Math.random() * 26)]}`;
  const reportBefore = (await (await admin.get('/api/admin/reporting')).json()) as {
    quoteConversion: { sent: number };
    revenueByCurrency: { currency: string; total: number }[];
  };
  const revenueBefore = reportBefore.revenueByCurrency.find((row) => row.currency === currency)?.total ?? 0;

  // An order is quoted in its organisation's currency (decision 203): the organisation takes this one.
  const settings = await admin.patch(`/api/admin/customers/${market.customer.organization.id}`, { data: { currency } });
  expect(settings.status(), await settings.text()).toBe(200);
  const order = await createOrder(deps, market.customer.organization.id);
  const { quoteId } = await sendQuote(admin, order.orderId, {
    currency,
    items: [
      { label: 'Capture', amount: 1200 },
      { label: 'Processing', amount: 300 },
    ],
  });
  await acceptQuote(market.customer.api, quoteId);
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id);
  await acceptAssignment(market.provider.api, assignmentId);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/reporting');
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
  for (const title of ['Orders Report', 'Revenue Analytics', 'Provider Performance']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Orders by status' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Orders by month' })).toBeVisible();
  // The bars are drawn in the brand's colour, the one its primary buttons use.
  const colours = await page.evaluate(() => {
    const bar = document.querySelector('[role="img"][aria-label="Orders by status"] rect');
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const brand = getComputedStyle(probe).color;
    probe.remove();
    return { bar: bar ? getComputedStyle(bar).fill : null, brand };
  });
  expect(colours.bar).toBe(colours.brand);
  expect(colours.brand).not.toBe('rgb(34, 139, 230)');
  const sent = Number(await page.locator('[data-figure="Quotes sent"]').textContent());
  expect(sent).toBeGreaterThan(reportBefore.quoteConversion.sent);

  // Revenue of the accepted quote, in its own currency.
  const revenueChart = page.getByRole('img', { name: `Revenue by month (${currency})` });
  await expect(revenueChart).toBeVisible();
  const revenueFigure = page.locator(`[data-figure="Revenue (${currency})"]`);
  await expect(revenueFigure).toContainText((revenueBefore + 1500).toLocaleString('en-US'));

  // The provider's row: one offer, accepted.
  const providerRow = page
    .getByRole('table', { name: 'Provider performance' })
    .locator('tr', { hasText: market.provider.organization.name });
  await expect(providerRow.locator('td').nth(1)).toHaveText('1');
  await expect(providerRow.locator('td').nth(2)).toHaveText('1');
  await expect(providerRow.locator('td').nth(3)).toHaveText('100%');

  const performance = await downloadedText(page, () =>
    page.getByRole('link', { name: 'Export CSV: provider performance' }).click(),
  );
  expect(performance.download.suggestedFilename()).toMatch(/^report-provider_performance-.+\.csv$/);
  const [header, ...lines] = performance.text.trim().split(/\r?\n/);
  expect(header).toMatch(/^provider_id,provider,offers,accepted,/);
  expect(lines.find((line) => line.includes(market.provider.organization.name))).toBeTruthy();

  const revenue = await downloadedText(page, () =>
    page.getByRole('link', { name: 'Export CSV: revenue by currency' }).click(),
  );
  expect(revenue.text.split(/\r?\n/)[0]).toBe('currency,accepted_quotes,total');
  expect(revenue.text).toContain(`${currency},`);

  // A range without any of it: the figures follow the URL.
  await field(page, 'From').fill('2001-01-01');
  await field(page, 'To').fill('2001-01-31');
  await page.getByRole('button', { name: 'Show figures' }).click();
  await expect(page).toHaveURL(/from=2001-01-01&to=2001-01-31/);
  await expect(page.getByText(/Figures from 2001-01-01 to 2001-01-31/)).toBeVisible();
  await expect(page.locator('[data-figure="Quotes sent"]')).toHaveText('0');
  await expect(page.getByText('No accepted quotes in this range.')).toBeVisible();
});
