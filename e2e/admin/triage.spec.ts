import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiClient, expect, linkIn, SUBJECTS, toast, waitForMail } from '../auth/support.ts';
import { createOrder, test } from '../support/marketplace.ts';

// Whole flows (invitations, sign-ups, e-mail) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

/** A capture request as the public form sends it. */
async function submitLead(
  request: APIRequestContext,
  input: { name: string; email: string; company: string; location: string },
) {
  const response = await request.post('/api/public/capture-requests', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      name: input.name,
      email: input.email,
      phone: '+44 1227 555 0101',
      companyName: input.company,
      spaceType: 'residential',
      location: input.location,
      spaceSize: 'large',
      captureType: 'virtual-tour',
      timeline: 'urgent',
      additionalInfo: 'Keys with the neighbour at number 9.',
      terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A provider application as the public form sends it (multipart, the application as JSON). */
async function submitApplication(
  request: APIRequestContext,
  input: { company: string; email: string; regions: string; devices: string },
) {
  const response = await request.post('/api/public/provider-applications', {
    headers: { 'Idempotency-Key': randomUUID() },
    multipart: {
      payload: JSON.stringify({
        firstName: 'Tess',
        lastName: 'Marsh',
        email: input.email,
        phone: '+44 1227 555 0199',
        companyName: input.company,
        website: 'https://tess-marsh.example',
        regions: input.regions,
        devices: input.devices,
        experienceLevel: 'expert',
        additionalInfo: 'Heritage buildings mostly.',
        terms: true,
      }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function leadCard(page: Page, text: string) {
  return page.getByTestId('lead-card').filter({ hasText: text });
}

function applicationCard(page: Page, text: string) {
  return page.getByTestId('application-card').filter({ hasText: text });
}

test('the admin turns a brand-new prospect into an order under a new organisation and invites the contact', async ({
  page,
  consoleErrors,
  adminCookies,
  inspector,
  playwright,
  request,
  market,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const name = `Petra ${suffix}`;
  const email = `petra.${suffix}@example.test`;
  const company = `Seaview Lets ${suffix}`;
  await submitLead(request, { name, email, company, location: `Canterbury ${suffix}, Kent` });
  expect(market.customer.organization.name).not.toBe(company);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/triage');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(suffix);
  const card = leadCard(page, name);
  // Everything the prospect told us is on the card.
  await expect(card).toContainText(company);
  await expect(card).toContainText(email);
  await expect(card).toContainText('+44 1227 555 0101');
  await expect(card).toContainText('Large (5,000-20,000 sq ft)');
  await expect(card).toContainText('Urgent (ASAP, 1-3 days)');
  await expect(card).toContainText('Keys with the neighbour at number 9.');

  // No such customer yet: a new organisation, named after the company, with the contact invited.
  await card.getByText('New organization', { exact: true }).click();
  await expect(card.getByRole('textbox', { name: 'Organization name' })).toHaveValue(company);
  await expect(card.getByRole('textbox', { name: /Invite contact/ })).toHaveValue(email);
  await card.getByRole('button', { name: 'Create Order and invite' }).click();
  await expect(toast(page, 'Lead converted to order successfully')).toContainText('Success');
  // Handled: it leaves the open list, and is found under "All" with its order.
  await expect(card).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show leads' }).selectOption('all');
  await expect(card).toContainText('converted');
  await expect(card.getByRole('link', { name: 'Open the order' })).toBeVisible();

  const [org] = await inspector.query<{ id: string; type: string }>(
    `SELECT id, type FROM organizations WHERE name = '${company}'`,
  );
  expect(org?.type).toBe('customer');
  const [order] = await inspector.query<{ status: string }>(
    `SELECT status FROM orders WHERE customer_org_id = '${org?.id}'`,
  );
  expect(order?.status).toBe('triage');

  // The contact joins from the e-mail (signed in by it) and finds the order in their own organisation.
  const invitation = new URL(linkIn(await waitForMail(inspector, email, SUBJECTS.invitation)));
  const contact = await apiClient(playwright);
  const signUp = await contact.post('/api/auth/sign-up', {
    data: {
      name: 'Prospect Contact',
      password: 'Prospect-Pass-2026!',
      invitationToken: invitation.searchParams.get('invite'),
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const orders = (await (await contact.get('/api/customer/orders')).json()) as { items: { location: string }[] };
  expect(orders.items.map((item) => item.location)).toEqual([`Canterbury ${suffix}, Kent`]);
  await contact.dispose();
  expect(consoleErrors).toEqual([]);
});

test('the triage lists show open items by default, filter by status and search, all kept in the URL', async ({
  page,
  consoleErrors,
  admin,
  adminCookies,
  request,
  market,
}) => {
  const tag = randomUUID().slice(0, 8);
  await submitLead(request, {
    name: `Open ${tag}`,
    email: `open.${tag}@example.test`,
    company: 'A Ltd',
    location: 'Dover',
  });
  const handled = await submitLead(request, {
    name: `Handled ${tag}`,
    email: `handled.${tag}@example.test`,
    company: 'B Ltd',
    location: 'Dover',
  });
  const converted = await admin.post(`/api/admin/leads/${handled}/convert`, {
    data: { customerOrgId: market.customer.organization.id },
  });
  expect(converted.status()).toBe(201);
  await submitApplication(request, {
    company: `Waiting Scans ${tag}`,
    email: `waiting.${tag}@example.test`,
    regions: 'Dover',
    devices: 'pro',
  });
  const declined = await submitApplication(request, {
    company: `Declined Scans ${tag}`,
    email: `declined.${tag}@example.test`,
    regions: 'Dover',
    devices: 'none',
  });
  expect((await admin.post(`/api/admin/applications/${declined}/reject`, { data: {} })).status()).toBe(200);

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/triage');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`leadQ=${tag}`));
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await expect(leadCard(page, `Open ${tag}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Show leads' }).selectOption('converted');
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await expect(leadCard(page, `Handled ${tag}`)).toContainText('converted');
  await page.getByRole('combobox', { name: 'Show leads' }).selectOption('all');
  await expect(page.getByTestId('lead-card')).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Search applications' }).fill(tag);
  // The search is applied once it is in the URL (before, the open list may hold one card too).
  await expect(page).toHaveURL(new RegExp(`applicationQ=${tag}`));
  await expect(page.getByTestId('application-card')).toHaveCount(1);
  await expect(applicationCard(page, `Waiting Scans ${tag}`)).toBeVisible();

  // A reload (or a shared link) shows the same lists.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(tag);
  await expect(page.getByRole('combobox', { name: 'Show leads' })).toHaveValue('all');
  await expect(page.getByTestId('lead-card')).toHaveCount(2);
  await expect(page.getByTestId('application-card')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Show applications' }).selectOption('rejected');
  await expect(applicationCard(page, `Declined Scans ${tag}`)).toContainText('rejected');
  await expect(page.getByTestId('application-card')).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search leads' }).fill(`nothing-${tag}`);
  await expect(page.getByText('No leads match these filters.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an approved application brings its devices and regions to the assignment picker, which judges it by its service base', async ({
  page,
  consoleErrors,
  admin,
  adminCookies,
  deps,
  request,
  market,
}) => {
  const tag = randomUUID().slice(0, 8);
  const kent = `Kent Capture ${tag}`;
  const berlin = `Berlin Capture ${tag}`;
  await submitApplication(request, {
    company: kent,
    email: `kent.${tag}@example.test`,
    regions: 'Kent, Sussex',
    devices: 'meta',
  });
  const berlinId = await submitApplication(request, {
    company: berlin,
    email: `berlin.${tag}@example.test`,
    regions: 'Berlin',
    devices: 'meta',
  });
  expect((await admin.post(`/api/admin/applications/${berlinId}/approve`, { data: {} })).status()).toBe(200);
  const order = await createOrder(deps, market.customer.organization.id, {
    location: `7 Canterbury Road ${tag}, Kent`,
    captureType: 'point-cloud',
  });

  await page.context().addCookies(adminCookies);
  await page.goto('/admin/triage');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(kent);
  const card = applicationCard(page, kent);
  await expect(card).toContainText('Kent, Sussex');
  await expect(card).toContainText('Devices: META');
  await expect(card).toContainText('Experience: Expert (5+ years)');
  await expect(card).toContainText('+44 1227 555 0199');
  await expect(card.getByRole('link', { name: 'https://tess-marsh.example' })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Application approved')).toContainText(
    `${kent} is a provider now; kent.${tag}@example.test is invited to join it.`,
  );
  await expect(card).toHaveCount(0);

  await page.goto('/admin/assignments');
  const job = page.getByTestId('assignment-card').filter({ hasText: order.location });
  const kentOption = job.getByRole('radio', { name: new RegExp(kent) });
  const kentLabel = job.locator('label').filter({ hasText: kent });
  await expect(kentLabel).toContainText('Devices: META');
  await expect(kentLabel).toContainText('Regions: Kent, Sussex');
  // One verdict, from geography: regions named in an application place no one on the map, so a
  // new provider is out until it records a service base, and the picker leads to its checklist.
  await expect(kentLabel.getByTestId('provider-dispatch-reasons')).toContainText('No service base recorded.');
  await expect(kentLabel).not.toContainText('Serves Kent');
  await expect(kentLabel.getByRole('link', { name: `Open ${kent}'s checklist` })).toBeVisible();
  const berlinLabel = job.locator('label').filter({ hasText: berlin });
  await expect(berlinLabel.getByTestId('provider-dispatch-reasons')).toContainText('No service base recorded.');

  // An offer names its pay.
  await kentOption.check();
  await job.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(job).toContainText('Enter the compensation the provider is paid for this job.');
  await job.getByRole('textbox', { name: 'Compensation' }).fill('720');
  await job.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(toast(page, 'Assigned')).toContainText('Provider has been assigned to this order.');
  await expect(job).toContainText(`Latest assignment: ${kent}`);
  await expect(job).toContainText('compensation $720.00');
  expect(consoleErrors).toEqual([]);
});
