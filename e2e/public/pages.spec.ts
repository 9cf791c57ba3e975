import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { htmlToText, openPage, PUBLIC_ROUTES, readHead } from './helpers.ts';

test.describe('every public route', () => {
  test('answers 200 with its own title, description, h1 and content in the HTML before JavaScript', async ({
    request,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      const response = await request.get(route.path);
      expect(response.status(), route.path).toBe(200);
      expect(response.headers()['content-type'], route.path).toContain('text/html');
      const html = await response.text();
      const { title, description } = readHead(html);
      expect(title, route.path).toBe(route.title);
      expect(description, route.path).toMatch(route.description);
      expect(description?.length ?? 0, route.path).toBeGreaterThan(40);
      titles.add(title ?? '');
      descriptions.add(description ?? '');

      const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => htmlToText(match[1] ?? '').trim());
      expect(h1s, `${route.path}: exactly one h1`).toEqual([route.h1]);
      const text = htmlToText(html);
      for (const phrase of route.text) expect(text, `${route.path} before JavaScript`).toContain(phrase);
      // The shared chrome is in the served HTML too.
      for (const phrase of ['Services', 'About', 'FAQ', 'Contact', 'Become a Provider', 'Request Capture']) {
        expect(text, `${route.path} header`).toContain(phrase);
      }
      for (const phrase of ['Solutions', 'Portals', 'Resources', 'Admin Login', 'All rights reserved.']) {
        expect(text, `${route.path} footer`).toContain(phrase);
      }
    }
    expect(titles.size, 'titles differ per page').toBe(PUBLIC_ROUTES.length);
    expect(descriptions.size, 'descriptions differ per page').toBe(PUBLIC_ROUTES.length);
  });

  test('renders its heading and text in a browser with JavaScript disabled', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route.path);
        await expect(page, route.path).toHaveTitle(route.title);
        await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(route.h1);
        await expect(page.getByText(route.text[0], { exact: false }).first(), route.path).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'Request Capture' })).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} hydrates without console errors and keeps its title and description`, async ({
      page,
      consoleErrors,
    }) => {
      const response = await openPage(page, route.path);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', route.description);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('client-side navigation updates the title and description', async ({ page, consoleErrors }) => {
    await openPage(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page).toHaveTitle('Frequently Asked Questions | SpaceCapture');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /providers/i);
    await page.getByRole('banner').getByRole('link', { name: 'Request Capture' }).click();
    await expect(page).toHaveTitle('Request a Capture | SpaceCapture');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Capture');
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * The page's console errors, leaving out Chromium's own report of the document's 404 status
 * ("Failed to load resource: … 404") that every 404 answer gets: the status is the right answer for
 * an unknown path, and the tests check it.
 */
function consoleErrorsBesidesStatus(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const documentStatus = message.text().includes('status of 404') && message.location().url === page.url();
    if (!documentStatus) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('not-found page', () => {
  test('an unknown path answers 404 with the not-found page, without an error in the console', async ({
    page,
    request,
  }) => {
    const consoleErrors = consoleErrorsBesidesStatus(page);
    const path = `/no-such-page-${Date.now()}`;
    const served = await request.get(path);
    expect(served.status()).toBe(404);
    const text = htmlToText(await served.text());
    expect(text).toContain('Oops! Page not found');

    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(page.getByRole('main').getByRole('link', { name: 'Return to Home' })).toBeVisible();
    expect(consoleErrors).toEqual([]);

    const home = page.getByRole('main').getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Capture Any Space. Without Owning Hardware.');
  });

  test('a nested unknown path shows the not-found page too', async ({ page }) => {
    const consoleErrors = consoleErrorsBesidesStatus(page);
    const path = `/services/unknown-${Date.now()}`;
    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test('the API answers through the same server', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
});
