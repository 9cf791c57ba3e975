import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { field, openPage } from './helpers.ts';

/**
 * Spec §9, written out here independently of the app's estimator: base + per m² by space type,
 * a location multiplier, an urgency multiplier and turnaround, range = rounded price ×0.9 … ×1.1,
 * device by size (industrial or above 1000 m² forces META).
 */
const BASE: Record<string, { base: number; perSquareMeter: number }> = {
  Residential: { base: 100, perSquareMeter: 0.5 },
  Commercial: { base: 200, perSquareMeter: 0.7 },
  Industrial: { base: 300, perSquareMeter: 0.9 },
  Outdoor: { base: 150, perSquareMeter: 0.4 },
  Cultural: { base: 200, perSquareMeter: 0.6 },
};
const LOCATION: Record<string, number> = { Urban: 1.1, Suburban: 1.0, Rural: 1.2 };
const URGENCY: Record<string, { multiplier: number; days: number; label: string }> = {
  Standard: { multiplier: 1, days: 5, label: 'Standard (5+ days)' },
  Priority: { multiplier: 1.2, days: 3, label: 'Priority (2-3 days)' },
  Urgent: { multiplier: 1.5, days: 1, label: 'Urgent (24 hours)' },
};

function expectedEstimate(spaceType: string, squareMeters: number, location: string, urgency: string) {
  const pricing = BASE[spaceType]!;
  const price = Math.round(
    (pricing.base + pricing.perSquareMeter * squareMeters) * LOCATION[location]! * URGENCY[urgency]!.multiplier,
  );
  const device =
    squareMeters > 1000 || spaceType === 'Industrial'
      ? 'META'
      : squareMeters < 100
        ? 'MINION'
        : squareMeters < 500
          ? 'PRO'
          : 'META';
  return { low: Math.round(price * 0.9), high: Math.round(price * 1.1), days: URGENCY[urgency]!.days, device };
}

function inputs(page: Page) {
  return {
    spaceType: field(page, 'Space Type'),
    size: field(page, 'Size (square meters)'),
    location: field(page, 'Location Type'),
    urgency: field(page, 'Urgency'),
    calculate: page.getByRole('button', { name: 'Calculate' }),
    card: page.getByRole('region', { name: 'Your Estimate' }),
  };
}

/** The range shown on the card, as numbers. */
async function shownRange(page: Page): Promise<[number, number]> {
  const text =
    (await inputs(page)
      .card.getByText(/^\$[\d,]+ - \$[\d,]+$/)
      .textContent()) ?? '';
  const [low, high] = [...text.matchAll(/\$([\d,]+)/g)].map((match) => Number(match[1]!.replaceAll(',', '')));
  return [low!, high!];
}

test.describe('quote estimator', () => {
  test('Calculate stays disabled until all four inputs are filled', async ({ page, consoleErrors }) => {
    await openPage(page, '/quote-estimator');
    const form = inputs(page);
    await expect(form.urgency.locator('option')).toHaveText([
      'Select urgency',
      URGENCY.Standard!.label,
      URGENCY.Priority!.label,
      URGENCY.Urgent!.label,
    ]);
    await expect(form.spaceType.locator('option')).toHaveText([
      'Select space type',
      'Residential',
      'Commercial',
      'Industrial',
      'Outdoor',
      'Cultural',
    ]);
    await expect(form.location.locator('option')).toHaveText(['Select location type', 'Urban', 'Suburban', 'Rural']);

    await expect(form.calculate).toBeDisabled();
    await form.spaceType.selectOption({ label: 'Residential' });
    await expect(form.calculate).toBeDisabled();
    await form.size.fill('120');
    await expect(form.calculate).toBeDisabled();
    await form.location.selectOption({ label: 'Urban' });
    await expect(form.calculate).toBeDisabled();
    await form.urgency.selectOption({ label: URGENCY.Standard!.label });
    await expect(form.calculate).toBeEnabled();
    // Emptying one input disables it again.
    await form.size.fill('');
    await expect(form.calculate).toBeDisabled();
    await form.size.fill('   ');
    await expect(form.calculate).toBeDisabled();
    expect(consoleErrors).toEqual([]);
  });

  const cases = [
    { spaceType: 'Residential', size: '80', location: 'Suburban', urgency: 'Standard' },
    { spaceType: 'Residential', size: '100', location: 'Rural', urgency: 'Priority' },
    { spaceType: 'Commercial', size: '499', location: 'Suburban', urgency: 'Standard' },
    { spaceType: 'Industrial', size: '50', location: 'Rural', urgency: 'Urgent' },
    { spaceType: 'Cultural', size: '700', location: 'Urban', urgency: 'Urgent' },
    { spaceType: 'Outdoor', size: '1500', location: 'Suburban', urgency: 'Standard' },
    // The size is read as an integer: 250.9 counts as 250.
    { spaceType: 'Outdoor', size: '250.9', location: 'Rural', urgency: 'Standard' },
  ] as const;

  test('the range, turnaround and device follow the spec formula', async ({ page, consoleErrors }) => {
    await openPage(page, '/quote-estimator');
    const form = inputs(page);
    for (const example of cases) {
      const label = `${example.spaceType} ${example.size} m² ${example.location} ${example.urgency}`;
      const expected = expectedEstimate(
        example.spaceType,
        Number.parseInt(example.size, 10),
        example.location,
        example.urgency,
      );
      await form.spaceType.selectOption({ label: example.spaceType });
      await form.size.fill(example.size);
      await form.location.selectOption({ label: example.location });
      await form.urgency.selectOption({ label: URGENCY[example.urgency]!.label });
      await form.calculate.click();

      await expect(form.card.getByText('Estimated Price', { exact: true })).toBeVisible();
      expect(await shownRange(page), label).toEqual([expected.low, expected.high]);
      await expect(form.card, label).toContainText(`${expected.days} business ${expected.days === 1 ? 'day' : 'days'}`);
      await expect(form.card.getByText(/^(MINION|PRO|META|MEGA)$/), label).toHaveText(expected.device);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('changing an input clears the shown estimate; a size that is not a positive number is refused', async ({
    page,
  }) => {
    await openPage(page, '/quote-estimator');
    const form = inputs(page);
    await form.spaceType.selectOption({ label: 'Commercial' });
    await form.size.fill('200');
    await form.location.selectOption({ label: 'Urban' });
    await form.urgency.selectOption({ label: URGENCY.Urgent!.label });
    await form.calculate.click();
    await expect(form.card.getByText('Estimated Price', { exact: true })).toBeVisible();
    await form.location.selectOption({ label: 'Rural' });
    await expect(form.card.getByText('Estimated Price', { exact: true })).toHaveCount(0);

    await form.size.fill('abc');
    await form.calculate.click();
    await expect(form.size).toHaveAttribute('aria-invalid', 'true');
    await expect(form.card.getByText('Estimated Price', { exact: true })).toHaveCount(0);
  });

  test('the estimate card links to the request form and to the contact page', async ({ page }) => {
    await openPage(page, '/quote-estimator');
    const card = inputs(page).card;
    await card.getByRole('link', { name: 'Request Capture' }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Capture');
    await page.goBack();
    await inputs(page).card.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  });
});
