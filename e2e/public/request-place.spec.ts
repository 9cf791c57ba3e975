import { randomUUID } from 'node:crypto';
import { expect, signInContext, toast } from '../auth/support.ts';
import { scheduledOrder, test } from '../support/marketplace.ts';
import { fillCaptureRequest, openPage, uniqueEmail } from './helpers.ts';

// Accounts by invitation and whole order flows on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

/** A day a week ahead, as a date input takes it. */
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test('a visitor picks a place from the type-ahead on /request, and the admin sees the order placed without setting it', async ({
  page,
  browser,
  adminCookies,
  admin,
  market,
  consoleErrors,
}) => {
  const email = uniqueEmail('placed');
  await openPage(page, '/request');
  await fillCaptureRequest(page, {
    name: 'Avery Quinn',
    email,
    phone: '+44 113 496 0000',
    company: 'Quinn Lofts',
    spaceType: 'Commercial',
    location: 'x',
    spaceSize: 'Medium (1,000-5,000 sq ft)',
    captureType: 'Virtual Tour',
    timeline: 'Standard (1-2 weeks)',
  });
  const location = page.getByRole('combobox', { name: 'Location', exact: true });
  await location.fill('Leeds');
  const option = page.getByRole('option', { name: 'Leeds, England, GB' });
  await expect(option).toBeVisible();
  // The keyboard picks it: down to the first place, Enter.
  await location.press('ArrowDown');
  await location.press('Enter');
  await expect(location).toHaveValue('Leeds, England, GB');
  await expect(page.getByText('On the map: Leeds, England, GB (Europe/London).')).toBeVisible();

  await page.getByLabel('Date 1').fill(inAWeek);
  await page.getByLabel('From', { exact: true }).fill('09:00');
  await page.getByLabel('Until', { exact: true }).fill('12:00');
  await page.getByRole('textbox', { name: 'Access Notes (Optional)' }).fill('Loading bay at the back.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Request Submitted Successfully!' })).toBeVisible();

  // The admin converts the lead; the order carries the place and the window in its zone.
  const leads = await admin.get(`/api/admin/leads?q=${encodeURIComponent(email)}`);
  const lead = ((await leads.json()) as { items: { id: string }[] }).items[0];
  const converted = await admin.post(`/api/admin/leads/${lead?.id}/convert`, {
    data: { customerOrgId: market.customer.organization.id },
  });
  expect(converted.status(), await converted.text()).toBe(201);
  const { order } = (await converted.json()) as { order: { id: string; title: string } };

  const adminContext = await browser.newContext();
  await adminContext.addCookies(adminCookies);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/orders?order=${order.id}`);
  const where = adminPage.getByTestId('order-place');
  await expect(where).toContainText('Leeds, England, GB (Europe/London)');
  await expect(where).toContainText(/9:00\s?AM – 12:00\s?PM \(Europe\/London\)/);
  await expect(where).toContainText('Loading bay at the back.');
  await expect(where.getByRole('button', { name: 'Change place' })).toBeVisible();
  await adminContext.close();
  expect(consoleErrors).toEqual([]);
});

test('an admin places an order typed as an address, from the same type-ahead', async ({
  page,
  adminCookies,
  admin,
  market,
}) => {
  const response = await admin.post('/api/public/capture-requests', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      name: 'Dana Flint',
      email: uniqueEmail('unplaced'),
      phone: '+44 117 496 0000',
      spaceType: 'commercial',
      location: `Unit ${randomUUID().slice(0, 6)}, Harbourside`,
      spaceSize: 'medium',
      captureType: 'virtual-tour',
      timeline: 'standard',
      terms: true,
    },
  });
  const leadId = ((await response.json()) as { id: string }).id;
  const converted = await admin.post(`/api/admin/leads/${leadId}/convert`, {
    data: { customerOrgId: market.customer.organization.id },
  });
  const { order } = (await converted.json()) as { order: { id: string } };

  await page.context().addCookies(adminCookies);
  await page.goto(`/admin/orders?order=${order.id}`);
  const where = page.getByTestId('order-place');
  await expect(where).toContainText('Not placed on the map');
  await where.getByRole('button', { name: 'Set place' }).click();
  const place = where.getByRole('combobox', { name: 'Place', exact: true });
  // The box starts on the part of the address that could name a town, not on the unit.
  await expect(place).toHaveValue('Harbourside');
  await place.fill('Bristol');
  await page.getByRole('option', { name: 'Bristol, England, GB' }).click();
  await where.getByRole('button', { name: 'Save place' }).click();
  await expect(toast(page, 'Place saved')).toBeVisible();
  await expect(where).toContainText('Bristol, England, GB (Europe/London)');
});

test('a provider sets availability and sees the schedule page with a capture in its place’s time zone', async ({
  page,
  playwright,
  admin,
  deps,
  market,
}) => {
  const scheduled = await scheduledOrder(deps, market);
  const placed = await admin.put(`/api/admin/orders/${scheduled.orderId}/place`, {
    data: { place: { label: 'Tokyo, Tokyo, JP', lat: 35.6895, lon: 139.6917, timeZone: 'Asia/Tokyo' } },
  });
  expect(placed.status(), await placed.text()).toBe(200);

  await signInContext(page.context(), playwright, market.provider.email, market.provider.password);
  await page.goto('/provider/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  // The confirmed capture, 09:00–17:00 UTC, in Tokyo's time: 6:00 PM – 2:00 AM the next day.
  const entry = page.getByTestId('schedule-entry').filter({ hasText: scheduled.title });
  await expect(entry).toContainText('(Asia/Tokyo)');
  await expect(entry).toContainText(/6:00\s?PM/);

  const panel = page.getByRole('region', { name: 'Availability' });
  await panel.getByRole('checkbox', { name: 'Saturday' }).check();
  await panel.getByLabel('Saturday from').fill('10:00');
  await panel.getByLabel('Saturday until').fill('14:00');
  await panel.getByRole('textbox', { name: 'Jobs per day' }).fill('3');
  const base = panel.getByRole('combobox', { name: 'Base 1', exact: true });
  await base.fill('Bristol');
  await page.getByRole('option', { name: 'Bristol, England, GB' }).click();
  await panel.getByRole('textbox', { name: 'Radius (km)' }).fill('80');
  await panel.getByRole('button', { name: 'Save availability' }).click();
  await expect(toast(page, 'Availability saved')).toBeVisible();
  await expect(panel.getByTestId('availability-summary')).toContainText('Sat 10:00–14:00');
  await expect(panel.getByTestId('availability-summary')).toContainText('Bristol, England, GB (within 80 km)');

  // Saved for dispatch: a reload shows the same.
  await page.reload();
  await expect(page.getByTestId('availability-summary')).toContainText('Jobs per day: 3');
});
