import { randomUUID } from 'node:crypto';
import { expect } from '../auth/support.ts';
import { axeViolations } from '../support/axe.ts';
import { scheduledOrder, signInPage, test } from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };

/** The Monday of the week a YYYY-MM-DD date is in, and the date a week from it. */
function mondayOf(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('the week calendar shows a confirmed capture on its day, moves by week and opens the job', async ({
  page,
  deps,
  market,
}) => {
  const scheduled = await scheduledOrder(deps, market);
  await signInPage(page, market.provider);

  // An unplaced order's window is on the viewer's calendar: its day as the browser reckons it.
  await page.goto('/provider/schedule');
  const day = await page.evaluate((iso) => {
    const start = new Date(iso);
    return `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
  }, scheduled.start.toISOString());
  const monday = mondayOf(day);
  const calendar = page.getByRole('region', { name: 'Week', exact: true });
  await expect(calendar.getByRole('button', { name: 'This week' })).toBeDisabled();

  // A week or more ahead: Next week until the capture's week is shown, the week in the URL.
  while (!new URL(page.url()).searchParams.get('week')?.startsWith(monday)) {
    await calendar.getByRole('button', { name: 'Next week' }).click();
    await expect(page).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}$/);
    expect(new URL(page.url()).searchParams.get('week')! <= monday).toBe(true);
  }
  const block = calendar
    .getByTestId('week-day')
    .and(page.locator(`[data-date="${day}"]`))
    .getByTestId('week-block');
  await expect(block).toHaveCount(1);
  await expect(block).toContainText('Confirmed');
  await expect(block).toContainText(scheduled.title);
  await expect(calendar.getByTestId('week-block')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // The week before has nothing; a reload keeps the week the URL names.
  await calendar.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?week=${addDays(monday, -7)}$`));
  await expect(calendar.getByTestId('week-block')).toHaveCount(0);
  await page.goto(`/provider/schedule?week=${day}`);
  await expect(block).toHaveCount(1);

  // By keyboard: the block is a link to the job's page.
  await block.focus();
  await expect(block).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/provider/jobs/${scheduled.assignmentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: scheduled.title })).toBeVisible();

  // This week again, from any week.
  await page.goBack();
  await calendar.getByRole('button', { name: 'This week' }).click();
  await expect(calendar.getByRole('button', { name: 'This week' })).toBeDisabled();
  expect(new URL(page.url()).searchParams.get('week')! < monday).toBe(true);

  // On a phone the week is a list of days, one under the other, and nothing scrolls sideways.
  await page.setViewportSize(PHONE);
  await page.goto(`/provider/schedule?week=${monday}`);
  await expect(block).toBeVisible();
  const days = calendar.getByTestId('week-day');
  await expect(days).toHaveCount(7);
  const first = await days.nth(0).boundingBox();
  const second = await days.nth(1).boundingBox();
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.width).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
});

test('at 390 px the job page gives the map links and the site phone once accepted, without scrolling sideways', async ({
  page,
  deps,
  market,
}) => {
  // Named after a town the gazetteer knows, so the order is placed: Canterbury, Europe/London.
  const scheduled = await scheduledOrder(deps, market, {
    location: `${randomUUID().slice(0, 4)} Castle Street, Canterbury CT1 2AB`,
  });
  await page.setViewportSize(PHONE);
  await signInPage(page, market.provider);

  await page.goto('/provider/assignments');
  const card = page.getByTestId('job-card').filter({ hasText: scheduled.title });
  await card.getByRole('link', { name: 'Job page' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/jobs/${scheduled.assignmentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: scheduled.title })).toBeVisible();

  const site = page.getByRole('region', { name: 'Site' });
  await expect(site).toContainText(scheduled.location);
  await expect(site.getByRole('link', { name: 'Open in a maps app' })).toHaveAttribute('href', /^geo:51\.\d+,1\.\d+$/);
  await expect(site.getByRole('link', { name: 'View on OpenStreetMap' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=51\.\d+&mlon=1\.\d+#map=17\/51\.\d+\/1\.\d+$/,
  );
  await expect(site.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
  await expect(page.getByTestId('capture-window')).toContainText('(Europe/London)');
  await expect(page.getByRole('region', { name: 'Brief' })).toContainText('Virtual Tour');
  await expect(page.getByTestId('step-confirmed')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('step-delivered')).toHaveAttribute('data-done', 'false');
  await expect(
    page.getByRole('region', { name: 'Uploads' }).getByRole('link', { name: 'Upload Deliverables' }),
  ).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
});
