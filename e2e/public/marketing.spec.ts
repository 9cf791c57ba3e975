import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { openPage } from './helpers.ts';

test.describe('landing page', () => {
  test('hero, steps, space types and Why Choose', async ({ page }) => {
    await openPage(page, '/');
    const hero = page.getByRole('region', { name: 'Capture Any Space. Without Owning Hardware.' });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Capture Any Space. Without Owning Hardware.');
    await expect(hero.getByRole('link', { name: 'Request Capture' })).toHaveAttribute('href', '/request');
    await expect(hero.getByRole('link', { name: 'Become a Provider' })).toHaveAttribute('href', '/provider');

    const customers = page.getByRole('article', { name: 'For Customers' });
    await expect(customers.getByRole('heading', { level: 4 })).toHaveText([
      'Request Capture',
      'Get Matched',
      'Receive Results',
    ]);
    const providers = page.getByRole('article', { name: 'For Providers' });
    await expect(providers.getByRole('heading', { level: 4 })).toHaveText([
      'Join Network',
      'Accept Projects',
      'Grow Business',
    ]);

    const spaces = page.getByRole('region', { name: 'Any space, any size' });
    await expect(spaces.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText([
      'Residential',
      'Retail',
      'Commercial',
      'Industrial',
      'Public Spaces',
      'Events',
    ]);

    const why = page.getByRole('region', { name: 'Why Choose SpaceCapture' });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText([
      'Certified Providers',
      'Fast Turnaround',
      'Quality Assurance',
      'Hassle-Free',
      'Secure Delivery',
      'Global Network',
    ]);

    const closing = page.getByRole('region', { name: 'Ready to capture your space?' });
    await expect(closing.getByRole('link', { name: 'Request Capture' })).toHaveAttribute('href', '/request');
  });

  test('the hero buttons lead to the request form and the provider page', async ({ page }) => {
    await openPage(page, '/');
    const hero = page.getByRole('region', { name: 'Capture Any Space. Without Owning Hardware.' });
    await hero.getByRole('link', { name: 'Request Capture' }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Capture');
    await page.goBack();
    await page
      .getByRole('region', { name: 'Capture Any Space. Without Owning Hardware.' })
      .getByRole('link', { name: 'Become a Provider' })
      .click();
    await expect(page).toHaveURL(/\/provider$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a Provider');
  });
});

test('about page: mission, three-step process, devices and Get Started', async ({ page }) => {
  await openPage(page, '/about');
  await expect(page.getByRole('heading', { name: 'Make every space accessible in 3D' })).toBeVisible();
  const process = page.getByRole('region', { name: 'From request to results in three steps' });
  await expect(process.getByRole('heading', { level: 3 })).toHaveText([
    'Request & Requirements',
    'Match & Capture',
    'Delivery & Access',
  ]);
  await expect(page.getByText('official devices PRO, MINION or META')).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/request$/);
});

/** Spec §9 service catalogue: name shown, price range, turnaround, compatible devices. */
const USE_CASES = [
  { name: 'Real Estate', price: '$99-$299', turnaround: '24-48 hours' },
  { name: 'Insurance & Claims', price: '$149-$349', turnaround: 'same day to 24 hours' },
  { name: 'Architecture, Engineering & Construction', price: '$299-$999+', turnaround: '48-72 hours' },
  { name: 'Cultural Heritage & Museums', price: '$249-$799', turnaround: '48-96 hours' },
  { name: 'Retail & Showrooms', price: '$199-$499', turnaround: '24-48 hours' },
  { name: 'Hospitality & Venues', price: '$199-$699', turnaround: '24-72 hours' },
] as const;
const DELIVERABLES = [
  { name: 'Floor Plans', price: '$99-$299', turnaround: '24-48 hours', devices: ['MINION', 'PRO', 'META'] },
  { name: 'Indoor Virtual Tour', price: '$149-$399', turnaround: '24-48 hours', devices: ['MINION', 'PRO', 'META'] },
  { name: 'Outdoor Capture', price: '$199-$499', turnaround: '24-48 hours', devices: ['PRO', 'META'] },
  { name: 'Aerial View', price: '$299-$599', turnaround: '48-72 hours', devices: ['PRO', 'META'] },
  { name: 'Point Clouds', price: '$399-$999+', turnaround: '48-96 hours', devices: ['META'] },
] as const;

function catalogue(page: Page) {
  const panel = page.getByRole('tabpanel');
  return {
    panel,
    cardTitles: panel.getByRole('listitem').getByRole('heading', { level: 2 }),
    filter: (name: string) => panel.getByRole('button', { name, exact: true }),
    clear: panel.getByRole('button', { name: 'Clear Filters' }),
  };
}

test.describe('services page', () => {
  test('use-case filters narrow the cards, several at once, and Clear Filters restores them', async ({ page }) => {
    await openPage(page, '/services');
    const useCasesTab = page.getByRole('tab', { name: 'Use Cases & Applications' });
    await expect(useCasesTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Products & Deliverables' })).toHaveAttribute('aria-selected', 'false');

    const { panel, cardTitles, filter, clear } = catalogue(page);
    await expect(cardTitles).toHaveText(USE_CASES.map((useCase) => useCase.name));
    for (const useCase of USE_CASES) {
      const card = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: useCase.name }) });
      await expect(card).toContainText(useCase.price);
      await expect(card).toContainText(useCase.turnaround);
      await expect(card.getByRole('link', { name: /Request Service/ })).toHaveAttribute('href', '/request');
    }

    await filter('Real Estate').click();
    await expect(filter('Real Estate')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles).toHaveText(['Real Estate']);
    await filter('Retail & Showrooms').click();
    await expect(cardTitles).toHaveText(['Real Estate', 'Retail & Showrooms']);
    await filter('Insurance & Claims').click();
    await expect(cardTitles).toHaveText(['Real Estate', 'Insurance & Claims', 'Retail & Showrooms']);
    // Pressing a selected filter again removes it.
    await filter('Real Estate').click();
    await expect(filter('Real Estate')).toHaveAttribute('aria-pressed', 'false');
    await expect(cardTitles).toHaveText(['Insurance & Claims', 'Retail & Showrooms']);

    await clear.click();
    await expect(cardTitles).toHaveCount(6);
    for (const useCase of USE_CASES) await expect(filter(useCase.name)).toHaveAttribute('aria-pressed', 'false');
  });

  test('switching tab shows the deliverables and clears the filters', async ({ page }) => {
    await openPage(page, '/services');
    const { panel, cardTitles, filter } = catalogue(page);
    await filter('Cultural Heritage & Museums').click();
    await expect(cardTitles).toHaveCount(1);

    await page.getByRole('tab', { name: 'Products & Deliverables' }).click();
    await expect(page.getByRole('tab', { name: 'Products & Deliverables' })).toHaveAttribute('aria-selected', 'true');
    await expect(cardTitles).toHaveText(DELIVERABLES.map((deliverable) => deliverable.name));
    for (const deliverable of DELIVERABLES) {
      const card = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: deliverable.name }) });
      await expect(card).toContainText(deliverable.price);
      await expect(card).toContainText(deliverable.turnaround);
      for (const device of deliverable.devices) {
        await expect(card.getByRole('listitem').filter({ hasText: device })).toHaveCount(1);
      }
    }

    await filter('Aerial View').click();
    await filter('Point Clouds').click();
    await expect(cardTitles).toHaveText(['Aerial View', 'Point Clouds']);

    await page.getByRole('tab', { name: 'Use Cases & Applications' }).click();
    await expect(cardTitles).toHaveCount(6);
    await page.getByRole('tab', { name: 'Products & Deliverables' }).click();
    await expect(cardTitles).toHaveCount(5);
    for (const deliverable of DELIVERABLES) {
      await expect(filter(deliverable.name)).toHaveAttribute('aria-pressed', 'false');
    }
  });

  test('Request Service opens the request form; the bottom call to action links to request and estimator', async ({
    page,
  }) => {
    await openPage(page, '/services');
    await expect(page.getByRole('heading', { name: 'Not sure what you need?' })).toBeVisible();
    const cta = page.getByRole('main');
    await expect(cta.getByRole('link', { name: 'Request Capture' })).toHaveAttribute('href', '/request');
    await expect(cta.getByRole('link', { name: 'Get a Quote Estimate' })).toHaveAttribute('href', '/quote-estimator');
    await cta.getByRole('link', { name: 'Get a Quote Estimate' }).click();
    await expect(page).toHaveURL(/\/quote-estimator$/);
    await page.goBack();

    await page.getByRole('link', { name: /^Request Service\s*:\s*Insurance & Claims$/ }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Capture');
  });
});

test.describe('FAQ page', () => {
  test('four categories, General by default, one question open at a time', async ({ page }) => {
    await openPage(page, '/faq');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['General', 'For Customers', 'For Providers', 'Technical']);
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('button', { expanded: true })).toHaveCount(0);
    const first = panel.getByRole('button', { name: 'What is SpaceCapture?' });
    const second = panel.getByRole('button', { name: 'How does it work?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('managed marketplace for 3D space capture')).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('managed marketplace for 3D space capture')).toBeHidden();
    await second.click();
    await expect(panel.getByRole('button', { expanded: true })).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("states the spec's facts: 24-72 hours, 14 days, devices, formats", async ({ page }) => {
    await openPage(page, '/faq');
    const facts = [
      { category: 'General', facts: ['24-72 hours'] },
      { category: 'For Customers', facts: ['Rush options'] },
      { category: 'For Providers', facts: ['14 days', 'PRO, MINION, META or MEGA'] },
      { category: 'Technical', facts: ['OBJ/FBX', 'E57/PLY', 'HTML tours', 'PDF plans'] },
    ] as const;
    const panel = page.getByRole('tabpanel');
    for (const { category, facts: statements } of facts) {
      const tab = page.getByRole('tab', { name: category });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      for (const fact of statements) {
        // Open the question whose answer states the fact, as a reader would, and read it there.
        const item = panel.getByRole('listitem').filter({ hasText: fact }).first();
        const question = item.getByRole('button');
        if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
        await expect(question).toHaveAttribute('aria-expanded', 'true');
        await expect(item.getByText(fact).first()).toBeVisible();
      }
    }
  });
});
