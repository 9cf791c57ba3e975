import { expect, test } from '../support/test.ts';
import { openPage, type TWindow } from './helpers.ts';

const HEADER_LINKS = [
  { name: 'Services', path: '/services', h1: 'Our Services' },
  { name: 'About', path: '/about', h1: 'About SpaceCapture' },
  { name: 'FAQ', path: '/faq', h1: 'Frequently Asked Questions' },
  { name: 'Contact', path: '/contact', h1: 'Contact Us' },
  { name: 'Become a Provider', path: '/provider', h1: 'Become a Provider' },
  { name: 'Request Capture', path: '/request', h1: 'Request a Capture' },
] as const;

test.describe('header', () => {
  test('each link navigates to its page', async ({ page, consoleErrors }) => {
    await openPage(page, '/');
    const header = page.getByRole('banner');
    for (const link of HEADER_LINKS) {
      await header.getByRole('link', { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.h1);
    }
    // The brand link leads home.
    await header.getByRole('link', { name: 'SpaceCapture' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test('marks the current page and stays at the top while scrolling', async ({ page }) => {
    await openPage(page, '/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'Services', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(header).toHaveCSS('position', 'sticky');
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as TWindow).scrollY)).toBeGreaterThan(500);
    await expect(header).toBeInViewport();
  });
});

test.describe('footer', () => {
  test('has the Solutions, Portals, Resources and Contact columns with working links', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const heading of ['Solutions', 'Portals', 'Resources', 'Contact']) {
      await expect(footer.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }

    const portals = footer.getByRole('navigation', { name: 'Portals' });
    await expect(portals.getByRole('link', { name: 'Customer Portal' })).toHaveAttribute(
      'href',
      '/auth?intent=customer',
    );
    await expect(portals.getByRole('link', { name: 'Provider Portal' })).toHaveAttribute(
      'href',
      '/auth?intent=provider',
    );
    await expect(portals.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/auth?intent=admin');

    const solutions = footer.getByRole('navigation', { name: 'Solutions' });
    await expect(solutions.getByRole('link', { name: 'Quote Estimator' })).toHaveAttribute('href', '/quote-estimator');
    const platform = solutions.getByRole('link', { name: /Space Platform/ });
    await expect(platform).toHaveAttribute('href', /^https:\/\//);
    await expect(platform).toHaveAttribute('target', '_blank');
    await expect(platform).toHaveAttribute('rel', /noopener/);

    const resources = footer.getByRole('navigation', { name: 'Resources' });
    const hardware = resources.getByRole('link', { name: /Capture Hardware/ });
    await expect(hardware).toHaveAttribute('href', /^https:\/\//);
    await expect(hardware).toHaveAttribute('target', '_blank');

    await expect(footer.getByRole('link', { name: 'hello@spacecapture.example' })).toHaveAttribute(
      'href',
      'mailto:hello@spacecapture.example',
    );

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Quote Estimator' }).click();
    await expect(page).toHaveURL(/\/quote-estimator$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote Estimator');
  });

  test('shows the current year in the copyright line', async ({ page }) => {
    await openPage(page, '/faq');
    const year = new Date().getFullYear();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${year} SpaceCapture. All rights reserved.`);
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the toggle opens and closes the menu, and a link in it navigates', async ({ page, consoleErrors }) => {
    await openPage(page, '/');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('link', { name: 'Services', exact: true });

    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Services', 'About', 'FAQ', 'Contact', 'Become a Provider', 'Request Capture']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeHidden();

    await toggle.click();
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    // Navigating closes the menu.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('Escape closes the open menu', async ({ page }) => {
    await openPage(page, '/about');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }),
    ).toBeHidden();
  });

  test('the desktop width shows the links without a toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await openPage(page, '/');
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Services', exact: true })).toBeVisible();
  });
});
