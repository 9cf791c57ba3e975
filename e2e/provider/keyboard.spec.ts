import type { Page } from '@playwright/test';
import { expect, toast } from '../auth/support.ts';
import { backOutOfDialog, expectRing, skipToMain, tabTo } from '../support/keyboard.ts';
import { assignOrder, createOrder, signInPage, sqlText, test } from '../support/marketplace.ts';

// Invitations, an order and an offer on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });
// The window is typed in the browser's zone, in the US layout Chromium draws here: fix both.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const DAY_MS = 86_400_000;

/**
 * What a person types into a date-and-time input for `days` ahead at `hour`:00 — month, day and
 * year, Tab out of the year (it takes more than four digits), then hour, minute and A or P — with
 * the value and instant it gives.
 */
function typedWindowEnd(days: number, hour: number) {
  const day = new Date(Date.now() + days * DAY_MS);
  day.setUTCHours(hour, 0, 0, 0);
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${two(day.getUTCMonth() + 1)}${two(day.getUTCDate())}${day.getUTCFullYear()}`;
  const time = `${two(hour % 12 || 12)}00${hour < 12 ? 'A' : 'P'}`;
  return { date, time, value: day.toISOString().slice(0, 16), iso: day.toISOString() };
}

async function typeWindowEnd(page: Page, keys: { date: string; time: string }) {
  await page.keyboard.type(keys.date);
  await page.keyboard.press('Tab');
  await page.keyboard.type(keys.time);
}

test('by keyboard alone the provider backs out of declining an offer, accepts it and proposes a schedule window', async ({
  page,
  deps,
  market,
  inspector,
  consoleErrors,
}) => {
  const order = await createOrder(deps, market.customer.organization.id);
  const { assignmentId } = await assignOrder(deps.admin, order.orderId, market.provider.organization.id);

  await signInPage(page, market.provider);
  await page.goto('/provider/assignments');
  const card = page.getByTestId('job-card');
  await expect(card).toHaveCount(1);
  const accept = card.getByRole('button', { name: 'Accept', exact: true });
  const decline = card.getByRole('button', { name: 'Decline', exact: true });

  await skipToMain(page);
  await tabTo(page, decline);

  // Decline asks first; Escape backs out to Decline and the offer stays open.
  const dialog = page.getByRole('dialog', { name: 'Decline this job?' });
  await backOutOfDialog(page, decline, dialog);
  const [open] = await inspector.query<{ status: string }>(
    `SELECT status FROM assignments WHERE id = ${sqlText(assignmentId)}`,
  );
  expect(open?.status).toBe('offered');

  await tabTo(page, accept, { back: true, max: 1 });
  await page.keyboard.press('Enter');
  // Accept asks too; its confirm button is reached by Tab inside the dialog.
  const acceptDialog = page.getByRole('dialog', { name: 'Accept this job?' });
  await expect(acceptDialog).toBeVisible();
  await tabTo(page, acceptDialog.getByRole('button', { name: 'Accept job' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'You accepted this job.')).toContainText('Accepted');
  await expect(card).toContainText(`Location: ${order.location}`);
  // Accept turns off once answered: the job itself keeps focus, with its ring.
  await expect(card).toBeFocused();
  await expectRing(page);

  // The proposal form appears in the card: both ends typed part by part, then Enter on the button.
  const form = card.getByRole('form', { name: 'Propose a schedule window' });
  const start = typedWindowEnd(7, 9);
  const end = typedWindowEnd(7, 17);
  const startInput = form.getByLabel('Start', { exact: true });
  const endInput = form.getByLabel('End', { exact: true });
  await tabTo(page, startInput);
  await typeWindowEnd(page, start);
  await expect(startInput).toHaveValue(start.value);
  await tabTo(page, endInput);
  await typeWindowEnd(page, end);
  await expect(endInput).toHaveValue(end.value);
  await tabTo(page, form.getByRole('button', { name: 'Propose schedule' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Admin will review and confirm.')).toContainText('Schedule proposed');
  await expect(card).toContainText('(awaiting confirmation)');
  const events = await inspector.query<{ metadata: { start: string; end: string } }>(
    `SELECT metadata FROM job_events WHERE order_id = ${sqlText(order.orderId)} AND type = 'deadline'`,
  );
  expect(events.map((event) => event.metadata)).toEqual([
    expect.objectContaining({ start: start.iso, end: end.iso, assignmentId }),
  ]);
  await page.keyboard.press('Tab');
  await expectRing(page);
  expect(consoleErrors).toEqual([]);
});
