import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, toast } from '../auth/support.ts';
import {
  acceptQuote,
  createMember,
  createOrder,
  sendQuote,
  signInPage,
  sqlText,
  type TMarketDeps,
  type TMember,
  test,
} from '../support/marketplace.ts';

import { withSettingsTurn } from '../support/settings-turns.ts';

/**
 * The auto-offer cascade in the browser (decision 144): an admin turns it on in Settings; the
 * customer accepts the quote and the best-ranked provider gets the offer; it declines in its
 * portal and the next one gets it; that one lets the deadline pass and the third one gets it. The
 * admin's assignment card and bell show each step.
 *
 * Other browser tests run beside this one on the same server. The setting applies to every
 * approved order, so this test's order and providers sit where no other test's do: the order is
 * placed on South Georgia and the providers' only service bases are there, so they rank for no
 * other order and no other test's provider ranks for this one. Another test's approved order that
 * a pass meets while the setting is on finds nobody ranked: its cascade runs out at once and the
 * order stays approved for that test to assign by hand.
 */

test.describe.configure({ timeout: 180_000 });

const GRYTVIKEN = { lat: -54.2811, lon: -36.5092 };
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));

/** A provider able to do the capture near Grytviken: a device, an active certification, a base `km` away. */
async function capableProvider(deps: TMarketDeps, name: string, km: number): Promise<TMember> {
  const provider = await createMember(deps, 'provider_admin', name);
  const orgId = sqlText(provider.organization.id);
  const base = { label: name, lat: GRYTVIKEN.lat + km / 111, lon: GRYTVIKEN.lon, radiusKm: 100 };
  await deps.inspector.query(
    `insert into device_inventory (org_id, model, serial, capabilities)
     values (${orgId}, 'PRO3', ${sqlText(`SN-${randomUUID().slice(0, 12)}`)}, '{3d-model}')`,
  );
  await deps.inspector.query(
    `insert into provider_certifications (org_id, scope, status, regions, expiry)
     values (${orgId}, 'Matterport', 'active', '{}', now() + interval '365 days')`,
  );
  await deps.inspector.query(
    `insert into provider_availability (org_id, working_hours, blocked_dates, jobs_per_day, bases)
     values (${orgId}, ${sqlText(JSON.stringify(EVERY_DAY))}::jsonb, '{}', 3, ${sqlText(JSON.stringify([base]))}::jsonb)`,
  );
  return provider;
}

/** Sets "Offer approved orders automatically" on the Settings screen and saves. */
async function setAutoOffer(page: Page, on: boolean) {
  await page.goto('/admin/settings');
  const toggle = page.getByRole('switch', { name: 'Offer approved orders automatically' });
  await expect(toggle).toBeVisible();
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  await expect(toggle).toBeChecked({ checked: on });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'The feature flags were updated.')).toBeVisible();
}

test('the auto-offer cascade offers to the next provider on a decline and on an expiry, the admin told at each step', async ({
  page,
  browser,
  consoleErrors,
  admin,
  adminCookies,
  deps,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const customer = await createMember(deps, 'customer_admin');
  // Nearest first: the ranking offers to the nearest base first, all else being equal.
  const providers = [
    await capableProvider(deps, `Grytviken Scans ${suffix}`, 0),
    await capableProvider(deps, `King Edward Scans ${suffix}`, 15),
    await capableProvider(deps, `Cumberland Scans ${suffix}`, 40),
  ] as const;
  const names = [
    providers[0].organization.name,
    providers[1].organization.name,
    providers[2].organization.name,
  ] as const;

  const order = await createOrder(deps, customer.organization.id, { location: `King Edward Point ${suffix}` });
  const placed = await admin.put(`/api/admin/orders/${order.orderId}/place`, {
    data: { place: { label: 'Grytviken, South Georgia', ...GRYTVIKEN, timeZone: 'Atlantic/South_Georgia' } },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const ranking = (await (await admin.get(`/api/admin/assignments/ranking?orderId=${order.orderId}`)).json()) as {
    ranked: { name: string }[];
  };
  expect(ranking.ranked.map((provider) => provider.name)).toEqual([...names]);
  const { quoteId } = await sendQuote(admin, order.orderId);

  await page.context().addCookies(adminCookies);
  // The settings are shared by the whole run: no other test changes them meanwhile.
  await withSettingsTurn(async () => {
    await setAutoOffer(page, true);
    try {
      await acceptQuote(customer.api, quoteId);
      await deps.inspector.kickCascades();

      // The admin's assignment card shows the cascade and its first offer; the bell tells of it.
      await page.goto('/admin/assignments');
      const card = page.getByTestId('assignment-card').filter({ hasText: order.location });
      const panel = card.getByLabel('Auto-offer');
      await expect(panel.getByText('Auto-offer: running')).toBeVisible();
      await expect(panel.getByText(`1. ${names[0]}: offered`)).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Stop auto-offer' })).toBeVisible();
      const bell = page.getByRole('button', { name: /^Notifications/ });
      const told = async (providerName: string) => {
        await bell.click();
        const dropdown = page.getByRole('dialog', { name: 'Notifications' });
        await expect(
          dropdown
            .getByRole('listitem')
            .filter({ hasText: `Auto-offer: ${order.title}` })
            .filter({ hasText: `Offered to ${providerName} ` }),
        ).toBeVisible();
        await bell.click();
        await expect(dropdown).toBeHidden();
      };
      await told(names[0]);

      // The best-ranked provider declines in its portal.
      const providerContext = await browser.newContext();
      const providerPage = await providerContext.newPage();
      await signInPage(providerPage, providers[0]);
      await providerPage.goto('/provider/assignments');
      const firstJob = providerPage.getByTestId('job-card');
      await expect(firstJob).toHaveCount(1);
      await firstJob.getByRole('button', { name: 'Decline', exact: true }).click();
      await providerPage
        .getByRole('dialog', { name: 'Decline this job?' })
        .getByRole('button', { name: 'Decline job' })
        .click();
      await expect(toast(providerPage, 'Declined')).toBeVisible();
      await deps.inspector.kickCascades();

      // The next one has the offer: in the admin's card and bell, and in its own portal.
      await page.reload();
      await expect(panel.getByText(`1. ${names[0]}: declined`)).toBeVisible();
      await expect(panel.getByText(`2. ${names[1]}: offered`)).toBeVisible();
      await told(names[1]);
      await providerContext.clearCookies();
      await signInPage(providerPage, providers[1]);
      await providerPage.goto('/provider/assignments');
      const secondJob = providerPage.getByTestId('job-card');
      await expect(secondJob).toHaveCount(1);
      await expect(secondJob.getByRole('button', { name: 'Accept', exact: true })).toBeEnabled();

      // The second provider lets its acceptance deadline pass: the third one gets the offer.
      const cascade = (await (await admin.get(`/api/admin/orders/${order.orderId}/cascade`)).json()) as {
        cascade: { steps: { assignmentId: string }[] };
      };
      const secondOffer = cascade.cascade.steps[1]?.assignmentId;
      expect(secondOffer).toBeDefined();
      await deps.inspector.expireOffer(secondOffer as string);
      await page.reload();
      await expect(panel.getByText(`2. ${names[1]}: expired`)).toBeVisible();
      await expect(panel.getByText(`3. ${names[2]}: offered`)).toBeVisible();
      await expect(panel.getByText('Auto-offer: running')).toBeVisible();
      await told(names[2]);

      // The order's own page shows the cascade under its next step, not only the assignment card.
      await page.goto(`/admin/orders?order=${order.orderId}`);
      const onOrder = page.getByLabel('Auto-offer');
      await expect(onOrder.getByText('Auto-offer: running')).toBeVisible();
      await expect(onOrder.getByText(`1. ${names[0]}: declined`)).toBeVisible();
      await expect(onOrder.getByText(`3. ${names[2]}: offered`)).toBeVisible();
      await expect(page.getByTestId('order-next-step')).toContainText(`Offered to ${names[2]}`);
      await providerContext.clearCookies();
      await signInPage(providerPage, providers[2]);
      await providerPage.goto('/provider/assignments');
      await expect(providerPage.getByTestId('job-card')).toHaveCount(1);
      await providerContext.close();
    } finally {
      // Off again, so no other test's approved order is offered automatically.
      await setAutoOffer(page, false);
    }
  });
  expect(consoleErrors).toEqual([]);
});
