import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, expect, test, toast, uniqueEmail } from '../auth/support.ts';

// Whole flows (invitations, sign-ups, e-mail) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

type TLeadItem = { id: string; status: string; orderId: string | null; contact: { email: string } };

/** A capture request as the public form sends it; the lead is found by its unique e-mail. */
async function submitCaptureRequest(
  request: APIRequestContext,
  input: { name: string; email: string; location: string },
) {
  const response = await request.post('/api/public/capture-requests', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      name: input.name,
      email: input.email,
      phone: '+44 20 7946 0958',
      companyName: 'Analytical Engines Ltd',
      spaceType: 'commercial',
      location: input.location,
      spaceSize: 'medium',
      captureType: 'virtual-tour',
      timeline: 'standard',
      additionalInfo: 'Two floors, open plan.',
      terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function findLead(admin: APIRequestContext, email: string): Promise<TLeadItem> {
  const response = await admin.get(`/api/admin/leads?status=all&q=${encodeURIComponent(email)}`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: TLeadItem[] };
  const lead = items.find((item) => item.contact.email === email);
  if (!lead) throw new Error(`no lead for ${email}`);
  return lead;
}

function leadCard(page: Page, name: string) {
  return page.getByTestId('lead-card').filter({ hasText: name });
}

test('the admin triages a lead into an order, quotes it, sends the quote and assigns a provider', async ({
  page,
  playwright,
  admin,
  adminCookies,
  inspector,
  request,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const leadName = `Ada ${suffix}`;
  const leadEmail = uniqueEmail('lead');
  const secondName = `Bea ${suffix}`;
  const secondEmail = uniqueEmail('lead2');
  await submitCaptureRequest(request, { name: leadName, email: leadEmail, location: `London ${suffix}` });
  await submitCaptureRequest(request, { name: secondName, email: secondEmail, location: `Leeds ${suffix}` });

  const customerOrg = `Customer ${suffix}`;
  const providerOrg = `Provider ${suffix}`;
  await createAccount({ playwright, admin, inspector }, { role: 'customer_admin', organizationName: customerOrg });
  await createAccount({ playwright, admin, inspector }, { role: 'provider_admin', organizationName: providerOrg });

  await page.context().addCookies(adminCookies);

  // Dashboard: the quick links and the live counts.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('attention-newLeads')).toContainText(/\d+/);
  await expect(page.getByRole('link', { name: /Triage/ }).first()).toBeVisible();

  // Triage: the missing-organisation toast, a status change, then the order.
  await page.goto('/admin/triage');
  await expect(page.getByRole('heading', { level: 2, name: 'New Order Leads' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Provider Applications' })).toBeVisible();
  const card = leadCard(page, leadName);
  await expect(card).toContainText(leadEmail);
  await expect(card).toContainText(`London ${suffix}`);
  await expect(card).toContainText('new');
  await card.getByRole('button', { name: 'Create Order' }).click();
  await expect(toast(page, 'Select customer org')).toContainText(
    'Choose a customer organization to create the order under.',
  );
  await card.getByRole('button', { name: 'Move to triage' }).click();
  await expect(toast(page, 'Lead updated')).toContainText('Status set to triage');
  await expect(card.getByRole('button', { name: 'Move to triage' })).toBeDisabled();
  await card.getByLabel('Customer organization').selectOption({ label: customerOrg });
  await card.getByRole('button', { name: 'Create Order' }).click();
  await expect(toast(page, 'Lead converted to order successfully')).toContainText('Success');
  // Handled: the lead leaves the open leads, and is listed under "All" as converted.
  await expect(card).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show leads' }).selectOption('all');
  await expect(card).toContainText('converted');
  const orderId = (await findLead(admin, leadEmail)).orderId;
  expect(orderId).toBeTruthy();

  // Quotes: no order, bad JSON, then a draft with the default items, sent.
  await page.goto('/admin/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Item 1 label' })).toHaveValue('Capture');
  await expect(page.getByRole('textbox', { name: 'Item 2 label' })).toHaveValue('Processing');
  await expect(page.getByRole('textbox', { name: 'SLA' })).toHaveValue('Standard SLA: 5 business days after capture');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(toast(page, 'Select an order')).toContainText('Please choose an order to quote.');
  await page.getByLabel('Order').selectOption(orderId as string);
  await page.getByRole('switch', { name: 'Paste JSON' }).check();
  const json = page.getByRole('textbox', { name: 'Price breakdown (JSON)' });
  await json.fill('{"items": [');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  // The parse error's own message (the browser's JSON.parse wording) under the field.
  await expect(page.locator('.mantine-Textarea-error')).toContainText(/JSON/);
  await json.fill(
    JSON.stringify({
      items: [
        { label: 'Capture', amount: 1000 },
        { label: 'Processing', amount: 500 },
      ],
      currency: 'USD',
    }),
  );
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(toast(page, 'Quote created')).toContainText('Draft quote has been created.');
  const quotes = page.getByRole('table', { name: 'Quotes' });
  const row = quotes.getByRole('row').filter({ hasText: customerOrg });
  await expect(row).toContainText('draft');
  await expect(row).toContainText('$1,500.00');
  await row.getByRole('button', { name: /Send quote/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send quote', exact: true }).click();
  await expect(toast(page, 'Quote sent')).toContainText('Customer can now accept or decline.');
  await expect(row).toContainText('sent');
  await expect(row.getByRole('button', { name: /Send quote/ })).toHaveCount(0);

  // The second lead becomes an order through the API (triage orders are assignable).
  const second = await findLead(admin, secondEmail);
  const options = (await (await admin.get('/api/admin/organizations/options?type=customer')).json()) as {
    items: { id: string; name: string }[];
  };
  const org = options.items.find((item) => item.name === customerOrg);
  const converted = await admin.post(`/api/admin/leads/${second.id}/convert`, { data: { customerOrgId: org?.id } });
  expect(converted.status(), await converted.text()).toBe(201);

  // Assignments: no provider, then the provider.
  await page.goto('/admin/assignments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible();
  const order = page.getByTestId('assignment-card').filter({ hasText: `Leeds ${suffix}` });
  await expect(order).toContainText('No assignment yet.');
  await expect(order.getByRole('button', { name: 'Confirm latest schedule' })).toBeDisabled();
  await order.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(toast(page, 'Pick a provider')).toContainText('Select a provider organization first.');
  await order.getByRole('radio', { name: new RegExp(providerOrg) }).check();
  await order.getByRole('textbox', { name: 'Compensation' }).fill('450');
  await order.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(toast(page, 'Assigned')).toContainText('Provider has been assigned to this order.');
  await expect(order).toContainText(`Latest assignment: ${providerOrg}`);
  await expect(order).toContainText('assigned');
});
