import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInContext, toast } from '../auth/support.ts';
import { assignOrder, createMember, createOrder, type TMarketDeps, test } from '../support/marketplace.ts';

/**
 * The provider's Assigned Jobs, Device Inventory and Certification screens against the real API:
 * masking until acceptance (page and API), answers, the schedule proposal, devices and
 * certifications, and another provider kept out.
 */

// Whole flows (invitations, sign-ups, e-mail) on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });
// Dates typed into the page are read in the browser's zone: fix it, so the stored instants are known.
test.use({ timezoneId: 'UTC' });

const MASKED = 'Location revealed after acceptance';
/** Where admin notifications go (the server's COMPANY_EMAIL default; the test server sets none). */
const COMPANY_EMAIL = 'hello@spacecapture.example';
const DAY_MS = 86_400_000;

type TJob = { id: string; orderId: string; location: string; customer: string; proposedStart: string | null };

/** A datetime-local value (UTC, the page's zone here) for the day `days` ahead at `hour`:00. */
function localInput(days: number, hour: number) {
  const day = new Date(Date.now() + days * DAY_MS);
  day.setUTCHours(hour, 0, 0, 0);
  return { input: day.toISOString().slice(0, 16), iso: day.toISOString() };
}

/**
 * Signs the page in as `member`. A page still open under another user is left first: its polling
 * would otherwise answer 401 between the cookies being cleared and the new ones set.
 */
async function signIn(page: Page, deps: TMarketDeps, member: { email: string; password: string }) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInContext(page.context(), deps.playwright, member.email, member.password);
}

test('a masked offer hides the address until accepted; the accepted job takes a schedule proposal', async ({
  page,
  consoleErrors,
  admin,
  inspector,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id);

  // The API itself withholds the address and the customer while the offer is open.
  const listed = await market.provider.api.get('/api/provider/assignments');
  expect(listed.status()).toBe(200);
  const body = await listed.text();
  expect(body).toContain(MASKED);
  expect(body).not.toContain(order.location);
  expect(body).not.toContain(market.customer.organization.name);

  await signIn(page, deps, market.provider);
  await page.goto('/provider/assignments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assigned Jobs' })).toBeVisible();
  const card = page.getByTestId('job-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Location: ${MASKED}`);
  // The countdown is the real deadline's (whatever the deadline flag was when the offer was made).
  const { items } = JSON.parse(body) as { items: { id: string; respondBy: string }[] };
  const respondBy = new Date(items.find((item) => item.id === assignmentId)?.respondBy ?? '').getTime();
  const shown = (at: number) => {
    const minutes = Math.ceil((respondBy - at) / 60_000);
    return `Respond within ${Math.floor(minutes / 60)}h ${minutes % 60}m`;
  };
  // Rendered around now: a minute boundary may fall between the render and this line.
  const now = Date.now();
  const around = [now - 60_000, now, now + 60_000].map(shown);
  await expect(card.getByTestId('respond-by')).toHaveText(new RegExp(`^(${around.join('|')})$`));
  expect(await page.content()).not.toContain(order.location);
  await expect(card.getByRole('link', { name: 'Upload Deliverables' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('dialog', { name: 'Accept this job?' }).getByRole('button', { name: 'Accept job' }).click();
  await expect(toast(page, 'You accepted this job.')).toContainText('Accepted');
  await expect(card).toContainText(`Location: ${order.location}`);
  await expect(card).toContainText(`Client: ${market.customer.organization.name}`);
  await expect(card.getByRole('button', { name: 'Accept', exact: true })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Decline', exact: true })).toBeDisabled();
  await expect(card.getByRole('link', { name: 'Upload Deliverables' })).toHaveAttribute(
    'href',
    `/provider/uploads?order=${order.orderId}`,
  );

  // End before start: refused under the field, nothing sent.
  const start = localInput(7, 17);
  const end = localInput(7, 9);
  await card.getByLabel('Start', { exact: true }).fill(start.input);
  await card.getByLabel('End', { exact: true }).fill(end.input);
  await card.getByRole('button', { name: 'Propose schedule' }).click();
  await expect(card).toContainText('The window must end after it starts.');
  const unchanged = (await (await market.provider.api.get(`/api/provider/assignments/${assignmentId}`)).json()) as TJob;
  expect(unchanged.proposedStart).toBeNull();

  // A valid window: stored, shown, and the admins are e-mailed.
  const validStart = localInput(7, 9);
  const validEnd = localInput(7, 17);
  await card.getByLabel('Start', { exact: true }).fill(validStart.input);
  await card.getByLabel('End', { exact: true }).fill(validEnd.input);
  await card.getByRole('button', { name: 'Propose schedule' }).click();
  await expect(toast(page, 'Admin will review and confirm.')).toContainText('Schedule proposed');
  await expect(card).toContainText('Proposed window:');
  await expect(card).toContainText('(awaiting confirmation)');
  const events = await inspector.query<{ metadata: { start: string; end: string } }>(
    `SELECT metadata FROM job_events WHERE order_id = '${order.orderId}' AND type = 'deadline'`,
  );
  expect(events.map((event) => event.metadata)).toEqual([
    expect.objectContaining({ start: validStart.iso, end: validEnd.iso, assignmentId }),
  ]);
  const mail = await inspector.waitForEmail((item) => item.subject === `Schedule proposed: ${order.title}`);
  expect(mail.to).toEqual([COMPANY_EMAIL]);

  // Another provider never sees this job, in the list or by its id.
  const stranger = await createMember(deps, 'provider_admin');
  const theirs = (await (await stranger.api.get('/api/provider/assignments')).json()) as { items: TJob[] };
  expect(theirs.items.map((job) => job.id)).not.toContain(assignmentId);
  expect((await stranger.api.get(`/api/provider/assignments/${assignmentId}`)).status()).toBe(404);
  expect(
    (
      await stranger.api.post(`/api/provider/assignments/${assignmentId}/schedule`, {
        data: { start: validStart.iso, end: validEnd.iso },
      })
    ).status(),
  ).toBe(404);
  await signIn(page, deps, stranger);
  await page.goto('/provider/assignments');
  await expect(page.getByText('No jobs assigned yet.')).toBeVisible();
  expect(await page.content()).not.toContain(order.location);
  expect(consoleErrors).toEqual([]);
});

test('an admin offers the job with a compensation, which the provider sees', async ({
  page,
  consoleErrors,
  adminCookies,
  inspector,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/assignments');
  const card = page.getByTestId('assignment-card').filter({ hasText: order.location });
  await card.getByRole('radio', { name: new RegExp(market.provider.organization.name) }).check();
  await card.getByRole('textbox', { name: 'Compensation' }).fill('980.25');
  await card.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(toast(page, 'Assigned')).toContainText('Provider has been assigned to this order.');
  await expect(card).toContainText(`Latest assignment: ${market.provider.organization.name}`);
  await expect(card).toContainText('compensation $980.25');
  const [stored] = await inspector.query<{ compensation: string }>(
    `SELECT compensation FROM assignments WHERE order_id = '${order.orderId}'`,
  );
  expect(Number(stored?.compensation)).toBe(980.25);

  await signIn(page, deps, market.provider);
  await page.goto('/provider/assignments');
  await expect(page.getByTestId('job-card')).toContainText('Compensation: $980.25');
  expect(consoleErrors).toEqual([]);
});

test('declining an offer asks first, then the offer leaves the list', async ({
  page,
  consoleErrors,
  admin,
  inspector,
  deps,
  market,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  // Offered with a compensation, which the provider sees on the job.
  const { assignmentId } = await assignOrder(admin, order.orderId, market.provider.organization.id, {
    compensation: 1250.5,
  });

  await signIn(page, deps, market.provider);
  await page.goto('/provider/assignments');
  const card = page.getByTestId('job-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Compensation: $1,250.50');

  await card.getByRole('button', { name: 'Decline', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this job?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: 'Decline', exact: true }).click();
  await page.getByRole('dialog', { name: 'Decline this job?' }).getByRole('button', { name: 'Decline job' }).click();
  await expect(toast(page, 'Declined')).toBeVisible();
  await expect(page.getByText('No jobs assigned yet.')).toBeVisible();
  const [row] = await inspector.query<{ status: string; accepted: boolean }>(
    `SELECT status, accepted FROM assignments WHERE id = '${assignmentId}'`,
  );
  expect(row).toEqual({ status: 'declined', accepted: false });
  expect(consoleErrors).toEqual([]);
});

test('a provider admin adds, edits and removes devices; a duplicate serial is refused under the field', async ({
  page,
  consoleErrors,
  inspector,
  deps,
}) => {
  const provider = await createMember(deps, 'provider_admin');
  const serial = `SN-${randomUUID().slice(0, 12)}`;

  await signIn(page, deps, provider);
  await page.goto('/provider/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Device Inventory' })).toBeVisible();
  await expect(page.getByText('No devices registered yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Add device' });

  // Nothing chosen: the contract's messages, nothing stored.
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(form).toContainText('Choose a model: PRO, MINION, META or MEGA.');
  await expect(form).toContainText('Enter the serial number (up to 64 characters).');

  await form.getByLabel('Model').selectOption('META');
  await form.getByRole('textbox', { name: 'Serial', exact: true }).fill(serial);
  const capabilities = form.getByRole('combobox', { name: 'Capabilities' });
  await capabilities.fill('LiDAR');
  await capabilities.press('Enter');
  await capabilities.fill('Outdoor scans');
  await capabilities.press('Enter');
  // Close the suggestions, as a person does before moving on.
  await capabilities.press('Escape');
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(toast(page, 'Device added')).toBeVisible();
  const row = page.getByTestId('device-row').filter({ hasText: serial });
  await expect(row).toContainText('META');
  await expect(row).toContainText('LiDAR');
  await expect(row).toContainText('Outdoor scans');

  // The same serial again: the server's 409 under the field.
  await form.getByLabel('Model').selectOption('PRO');
  await form.getByRole('textbox', { name: 'Serial', exact: true }).fill(serial);
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(form).toContainText('A device with this serial number is already registered.');
  await expect(page.getByTestId('device-row')).toHaveCount(1);

  // Edit in a dialog.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit device' });
  await edit.getByLabel('Model').selectOption('MEGA');
  await edit.getByRole('button', { name: 'Save device' }).click();
  await expect(toast(page, 'Device updated')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('MEGA');
  const [stored] = await inspector.query<{ model: string }>(
    `SELECT model FROM device_inventory WHERE serial = '${serial}'`,
  );
  expect(stored?.model).toBe('MEGA');

  // Remove, after confirming.
  await row.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this device?' })
    .getByRole('button', { name: 'Remove device' })
    .click();
  await expect(toast(page, 'Device removed')).toBeVisible();
  await expect(page.getByText('No devices registered yet.')).toBeVisible();
  // The browser logs the refused duplicate (409); nothing else may go wrong.
  expect(consoleErrors.filter((text) => !text.includes('409'))).toEqual([]);
});

test('a certification submitted for verification is listed as pending', async ({
  page,
  consoleErrors,
  inspector,
  deps,
}) => {
  const provider = await createMember(deps, 'provider_admin');
  const scope = `Matterport Pro3 operator ${randomUUID().slice(0, 8)}`;

  await signIn(page, deps, provider);
  await page.goto('/provider/certification');
  await expect(page.getByRole('heading', { level: 1, name: 'Certification' })).toBeVisible();
  await expect(page.getByText('No certifications yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Submit a certification' });

  await form.getByRole('textbox', { name: 'Scope' }).fill(scope);
  const regions = form.getByRole('combobox', { name: 'Regions' });
  await regions.fill('Yorkshire');
  await regions.press('Enter');
  await regions.fill('Greater London');
  await regions.press('Enter');
  // A past expiry is refused before sending.
  await form.getByLabel('Expiry').fill('2020-01-31');
  await form.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(form).toContainText('The expiry date must be in the future.');
  await expect(page.getByText('No certifications yet.')).toBeVisible();

  const expiryYear = new Date().getUTCFullYear() + 2;
  await form.getByLabel('Expiry').fill(`${expiryYear}-06-30`);
  await form.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(toast(page, 'Certification submitted')).toBeVisible();
  const row = page.getByTestId('certification-row').filter({ hasText: scope });
  await expect(row).toContainText('pending');
  await expect(row).toContainText('Yorkshire, Greater London');
  await expect(row).toContainText(String(expiryYear));
  await expect(row).not.toContainText('Expired');
  const [stored] = await inspector.query<{ status: string; org_id: string }>(
    `SELECT status, org_id FROM provider_certifications WHERE scope = '${scope}'`,
  );
  expect(stored).toEqual({ status: 'pending', org_id: provider.organization.id });
  expect(consoleErrors).toEqual([]);
});
