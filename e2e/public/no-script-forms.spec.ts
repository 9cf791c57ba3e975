import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { field, fillCaptureRequest, minimalPdf, PUBLIC_ROUTES, sqlText, uniqueEmail } from './helpers.ts';

/**
 * The public forms before (or without) their script: a slow phone or a blocked script still sends
 * a plain HTML form. It must post to the server, never put what the visitor typed into a URL
 * (history, logs, referrers), and answer a page of its own.
 */
test.use({ javaScriptEnabled: false });

/** Every URL the page requests from now on (navigations included). */
function recordUrls(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Submits the form and waits until the browser has left the form's own page. */
async function submit(page: Page, button: string) {
  const formUrl = page.url();
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.href !== formUrl);
}

/** None of the values appears in any URL, however it was encoded. */
function expectNoValuesIn(urls: string[], values: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replaceAll('+', ' '));
    for (const value of values) expect(decoded, `${value} in ${url}`).not.toContain(value);
  }
}

test.describe('public forms without JavaScript', () => {
  test('a capture request posts, shows the success page and stores the lead; no field reaches a URL', async ({
    page,
    inspector,
  }) => {
    const email = uniqueEmail('noscript-request');
    await page.goto('/request');
    const urls = recordUrls(page);
    await fillCaptureRequest(page, {
      name: 'Noor Scriptless',
      email,
      phone: '+1 415 555 0142',
      company: 'Scriptless Realty',
      spaceType: 'Residential',
      location: 'Berkeley, CA',
      spaceSize: 'Small (up to 1,000 sq ft)',
      captureType: 'Floor Plan',
      timeline: 'Flexible (2+ weeks)',
      additionalInfo: 'Gate code 4242.',
    });
    await submit(page, 'Submit Request');

    expectNoValuesIn([...urls, page.url()], ['Noor Scriptless', email, '415 555 0142', 'Berkeley', '4242']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request Submitted Successfully!');
    await expect(
      page.getByText(
        'Thank you! An admin will review your request shortly and get back to you with a quote and the next steps.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

    const leads = await inspector.query<{ status: string; contact: Record<string, unknown> }>(
      `select status, contact from order_leads where contact->>'email' = ${sqlText(email)}`,
    );
    expect(leads).toEqual([
      {
        status: 'new',
        contact: { name: 'Noor Scriptless', email, phone: '+1 415 555 0142', company: 'Scriptless Realty' },
      },
    ]);
  });

  test('a capture request with mistakes answers the form again, entries kept and each message beside its field', async ({
    page,
    inspector,
  }) => {
    const email = uniqueEmail('noscript-invalid');
    await page.goto('/request');
    const urls = recordUrls(page);
    await field(page, 'Full Name').fill('Q');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone').fill('12');
    await field(page, 'Space Type').selectOption({ label: 'Commercial' });
    await page.getByRole('combobox', { name: 'Location', exact: true }).fill('Berkeley, CA');
    await field(page, 'Access Notes (Optional)').fill('Ring twice.\nThen wait.');
    await submit(page, 'Submit Request');

    expectNoValuesIn([...urls, page.url()], [email, 'Berkeley', 'Ring twice']);
    // The form's own page, in the site's look: its header and heading, the form below the list.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Capture');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle(/^Please check your request \| Request a Capture/);
    await expect(page.getByRole('heading', { name: 'Please check your request' })).toBeVisible();
    const problems = page.getByRole('list', { name: 'What to fix' });
    await expect(problems.getByRole('listitem')).toHaveText([
      'Full Name: Name must be at least 2 characters.',
      'Phone: Please enter a valid phone number.',
      'Space Size: Please select a space size.',
      'What do you need?: Please select what you need.',
      'Timeline: Please select a timeline.',
      'Terms of Service and Privacy Policy: You must agree to the terms and conditions.',
    ]);

    // Every entry is back in its field, each message is the field's own description.
    await expect(field(page, 'Full Name')).toHaveValue('Q');
    await expect(field(page, 'Full Name')).toHaveAccessibleDescription('Name must be at least 2 characters.');
    await expect(field(page, 'Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Email')).toHaveValue(email);
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('Please enter a valid phone number.');
    await expect(field(page, 'Space Type')).toHaveValue('commercial');
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue('Berkeley, CA');
    await expect(field(page, 'Access Notes (Optional)')).toHaveValue('Ring twice.\nThen wait.');
    await expect(field(page, 'Timeline')).toHaveAccessibleDescription('Please select a timeline.');
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ });
    await expect(terms).toHaveAccessibleDescription('You must agree to the terms and conditions.');
    await expect(page.getByText('Please select a timeline.', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Full Name' }).click();
    await expect(field(page, 'Full Name')).toBeFocused();
    expect(await inspector.query(`select id from order_leads where contact->>'email' = ${sqlText(email)}`)).toEqual([]);

    // Corrected in place and sent again: stored with what was kept.
    await field(page, 'Full Name').fill('Quinn Plain');
    await field(page, 'Phone').fill('+1 510 555 0177');
    await field(page, 'Space Size').selectOption({ label: 'Small (up to 1,000 sq ft)' });
    await field(page, 'What do you need?').selectOption({ label: 'Floor Plan' });
    await field(page, 'Timeline').selectOption({ label: 'Flexible (2+ weeks)' });
    await terms.check();
    await submit(page, 'Submit Request');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request Submitted Successfully!');
    const leads = await inspector.query<{ contact: Record<string, unknown>; details: Record<string, unknown> }>(
      `select contact, details from order_leads where contact->>'email' = ${sqlText(email)}`,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]?.contact).toMatchObject({ name: 'Quinn Plain', email, phone: '+1 510 555 0177' });
    expect(leads[0]?.details).toMatchObject({
      spaceType: 'commercial',
      location: 'Berkeley, CA',
      accessNotes: 'Ring twice.\nThen wait.',
      timeline: 'flexible',
    });
  });

  test('a provider application with mistakes comes back with its entries, its ticked terms and the file to choose again', async ({
    page,
  }) => {
    const email = uniqueEmail('noscript-provider-invalid');
    await page.goto('/provider');
    await field(page, 'First Name').fill('Ines');
    await field(page, 'Email').fill(email);
    await field(page, 'Regions Covered').fill('Madrid');
    await field(page, 'Devices Owned').selectOption({ label: 'PRO' });
    await page.getByLabel('Portfolio (Optional)').setInputFiles({
      name: 'ines-portfolio.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(),
    });
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
    await submit(page, 'Submit Application');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a Provider');
    await expect(page.getByRole('heading', { name: 'Please check your application' })).toBeVisible();
    await expect(field(page, 'First Name')).toHaveValue('Ines');
    await expect(field(page, 'Email')).toHaveValue(email);
    await expect(field(page, 'Regions Covered')).toHaveValue('Madrid');
    await expect(field(page, 'Devices Owned').locator('option:checked')).toHaveText('PRO');
    await expect(
      page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }),
    ).toBeChecked();
    await expect(field(page, 'Last Name')).toHaveAccessibleDescription(/./);
    await expect(page.getByLabel('Portfolio (Optional)')).toHaveAccessibleDescription(
      /Please choose your file again: it is not kept until the other fields are corrected\./,
    );
  });

  test('a contact message with mistakes comes back with its entries and the message beside its field', async ({
    page,
  }) => {
    await page.goto('/contact');
    await field(page, 'Your Name').fill('Theo Plaintext');
    await field(page, 'Email Address').fill('theo@example.com');
    // Only spaces: the browser's own check of a required field lets it through, the server's does not.
    await field(page, 'Subject').fill('   ');
    await field(page, 'Message').fill('Can you capture a barn?');
    await submit(page, 'Send Message');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByRole('heading', { name: 'Please check your message' })).toBeVisible();
    await expect(field(page, 'Your Name')).toHaveValue('Theo Plaintext');
    await expect(field(page, 'Email Address')).toHaveValue('theo@example.com');
    await expect(field(page, 'Message')).toHaveValue('Can you capture a barn?');
    await expect(field(page, 'Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Subject')).toHaveAccessibleDescription(/./);
    await expect(field(page, 'Email Address')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a provider application posts with its portfolio file and shows the success page', async ({
    page,
    inspector,
  }) => {
    const email = uniqueEmail('noscript-provider');
    const pdf = minimalPdf();
    await page.goto('/provider');
    const urls = recordUrls(page);
    await field(page, 'First Name').fill('Ines');
    await field(page, 'Last Name').fill('Offline');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone').fill('+34 91 555 0107');
    await field(page, 'Company Name').fill('Offline Scans SL');
    await field(page, 'Regions Covered').fill('Madrid');
    await field(page, 'Devices Owned').selectOption({ label: 'PRO' });
    await field(page, 'Experience Level').selectOption({ label: 'Advanced (3-5 years)' });
    await page.getByLabel('Portfolio (Optional)').setInputFiles({
      name: 'offline-portfolio.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
    await submit(page, 'Submit Application');

    expectNoValuesIn([...urls, page.url()], ['Offline', email, '555 0107', 'Madrid', 'offline-portfolio']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Received!');
    await expect(
      page.getByText(
        "Thank you for applying. We'll review your application and get back to you soon with the next steps.",
      ),
    ).toBeVisible();

    const rows = await inspector.query<{ org_name: string; region: string; portfolio_file: Record<string, unknown> }>(
      `select org_name, region, portfolio_file from provider_applications where contact->>'email' = ${sqlText(email)}`,
    );
    expect(rows).toEqual([
      {
        org_name: 'Offline Scans SL',
        region: 'Madrid',
        portfolio_file: expect.objectContaining({
          originalName: 'offline-portfolio.pdf',
          sha256: createHash('sha256').update(pdf).digest('hex'),
        }),
      },
    ]);
  });

  test('a contact message posts and shows the Thank You page', async ({ page, inspector }) => {
    const email = uniqueEmail('noscript-contact');
    await page.goto('/contact');
    const urls = recordUrls(page);
    await field(page, 'Your Name').fill('Theo Plaintext');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Subject').fill('Scriptless question');
    await field(page, 'Message').fill('Can you capture a barn?');
    await submit(page, 'Send Message');

    expectNoValuesIn([...urls, page.url()], ['Theo Plaintext', email, 'Scriptless question', 'barn']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You!');
    await expect(
      page.getByText("Your message has been successfully sent. We'll get back to you as soon as possible."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send Another Message' })).toHaveAttribute('href', '/contact');
    expect(await inspector.query(`select subject from contact_messages where email = ${sqlText(email)}`)).toEqual([
      { subject: 'Scriptless question' },
    ]);
  });

  test('every form on a public page posts to the server, or cannot be sent before its script runs', async ({
    page,
  }) => {
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      for (const form of await page.locator('form').all()) {
        const method = (await form.getAttribute('method'))?.toLowerCase();
        const action = await form.getAttribute('action');
        if (method === 'post' && action?.startsWith('/api/public/')) continue;
        // The quote estimator computes in the browser: without script its button stays disabled.
        const submits = form.locator('button[type="submit"], input[type="submit"]');
        await expect(submits.first(), route.path).toBeDisabled();
        for (const button of await submits.all()) await expect(button, route.path).toBeDisabled();
      }
    }
  });
});
