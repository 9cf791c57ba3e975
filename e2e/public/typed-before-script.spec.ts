import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import {
  emulateSlowPhone,
  field,
  holdScripts,
  minimalPdf,
  sqlText,
  uniqueEmail,
  waitForFormHydration,
} from './helpers.ts';

/**
 * Issue 27 item 1: on a slow phone a visitor types into the prerendered form before its script has
 * arrived (it loads at the first interaction, decision 112). Every entry — text, select, date and
 * time, the place box, the file, the ticked box — must survive the script taking the form over, and
 * the form it hydrates into must send exactly them.
 *
 * The page loads on the slow-phone profile; every script it asks for after loading (the form's code)
 * is held until the typing is done, then released, and the test waits until React owns the form.
 */

// The slow-phone profile loads the page and the form's code at 50 kB/s.
test.describe.configure({ timeout: 120_000 });

/** Opens a form page on the slow phone with its interaction-loaded code held back. */
async function openBeforeScript(page: Page, path: string) {
  await emulateSlowPhone(page);
  await page.goto(path);
  return holdScripts(page);
}

/** Lets the held code in, waits until it owns the form, and then a moment of the page's own work. */
async function letScriptRun(page: Page, scripts: Awaited<ReturnType<typeof holdScripts>>) {
  // The first keystroke asked for the form's code: it is held, so nothing has run on the form yet.
  expect(scripts.heldCount()).toBeGreaterThan(0);
  await scripts.release();
  await waitForFormHydration(page);
}

function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const TERMS = /I agree to the Terms of Service and Privacy Policy/;

test.describe('entries typed before the form script ran', () => {
  test('the quote estimator keeps its four inputs and calculates from them', async ({ page }) => {
    const scripts = await openBeforeScript(page, '/quote-estimator');
    await field(page, 'Space Type').selectOption({ label: 'Commercial' });
    await field(page, 'Size (square meters)').fill('250');
    await field(page, 'Location Type').selectOption({ label: 'Urban' });
    await field(page, 'Urgency').selectOption({ label: 'Priority (2-3 days)' });
    await letScriptRun(page, scripts);

    await expect(field(page, 'Size (square meters)')).toHaveValue('250');
    const calculate = page.getByRole('button', { name: 'Calculate' });
    await expect(calculate).toBeEnabled();
    await calculate.click();
    // (200 + 0.7 × 250) × 1.1 × 1.2 = 495 → $446 - $545, as spec §9 reads.
    const card = page.getByRole('region', { name: 'Your Estimate' });
    await expect(card.getByText('$446 - $545')).toBeVisible();
    await expect(field(page, 'Space Type')).toHaveValue('commercial');
    await expect(field(page, 'Location Type')).toHaveValue('urban');
    await expect(field(page, 'Size (square meters)')).toHaveValue('250');
  });

  test('the capture request keeps every field, the place box and the window, and sends them', async ({
    page,
    inspector,
  }) => {
    const email = uniqueEmail('typed-early-request');
    const date = dayAhead(20);
    const scripts = await openBeforeScript(page, '/request');
    await field(page, 'Full Name').fill('Early Typist');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone').fill('+1 415 555 0133');
    await field(page, 'Company Name (Optional)').fill('Early Realty');
    await field(page, 'Space Type').selectOption({ label: 'Commercial' });
    await page.getByRole('combobox', { name: 'Location', exact: true }).fill('Oakland, CA');
    await page.getByLabel('Date 1').fill(date);
    await page.getByLabel('From', { exact: true }).fill('09:00');
    await page.getByLabel('Until', { exact: true }).fill('12:00');
    await field(page, 'Access Notes (Optional)').fill('Keys at the front desk.');
    await field(page, 'Space Size').selectOption({ label: 'Medium (1,000-5,000 sq ft)' });
    await field(page, 'What do you need?').selectOption({ label: 'Virtual Tour' });
    await field(page, 'Timeline').selectOption({ label: 'Standard (1-2 weeks)' });
    await field(page, 'Additional Information (Optional)').fill('Typed before the script.');
    await page.getByRole('checkbox', { name: TERMS }).check();
    await letScriptRun(page, scripts);

    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue('Oakland, CA');
    await expect(page.getByRole('checkbox', { name: TERMS })).toBeChecked();
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/public/capture-requests'),
    );
    await page.getByRole('button', { name: 'Submit Request' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name: 'Early Typist',
      email,
      phone: '+1 415 555 0133',
      companyName: 'Early Realty',
      spaceType: 'commercial',
      location: 'Oakland, CA',
      preferredWindows: [{ date, from: '09:00', to: '12:00' }],
      accessNotes: 'Keys at the front desk.',
      spaceSize: 'medium',
      captureType: 'virtual-tour',
      timeline: 'standard',
      additionalInfo: 'Typed before the script.',
      terms: true,
    });
    await expect(page.getByRole('heading', { name: 'Request Submitted Successfully!' })).toBeVisible();
    const leads = await inspector.query<{ details: { location: string; requestedWindows: unknown[] } }>(
      `select details from order_leads where contact->>'email' = ${sqlText(email)}`,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]?.details.location).toBe('Oakland, CA');
    expect(leads[0]?.details.requestedWindows).toHaveLength(1);
  });

  test('the provider application keeps every field, the chosen file and the ticked terms', async ({
    page,
    inspector,
  }) => {
    const email = uniqueEmail('typed-early-provider');
    const scripts = await openBeforeScript(page, '/provider');
    await field(page, 'First Name').fill('Early');
    await field(page, 'Last Name').fill('Applicant');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone').fill('+44 20 7946 0555');
    await field(page, 'Company Name').fill('Early Scans Ltd');
    await field(page, 'Website (Optional)').fill('https://early-scans.example.com');
    await field(page, 'Regions Covered').fill('Greater London');
    await field(page, 'Devices Owned').selectOption({ label: 'PRO' });
    await field(page, 'Experience Level').selectOption({ index: 2 });
    const experience = await field(page, 'Experience Level').inputValue();
    await page.getByLabel('Portfolio (Optional)').setInputFiles({
      name: 'early-portfolio.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(),
    });
    await field(page, 'Additional Information (Optional)').fill('Applied before the script.');
    await page.getByRole('checkbox', { name: TERMS }).check();
    await letScriptRun(page, scripts);

    await expect(field(page, 'Regions Covered')).toHaveValue('Greater London');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    const rows = await inspector.query<{
      org_name: string;
      contact: Record<string, unknown>;
      region: string | null;
      devices_owned: string[];
      portfolio_file: { originalName: string } | null;
      notes: string | null;
    }>(
      `select org_name, contact, region, devices_owned, portfolio_file, notes
         from provider_applications where contact->>'email' = ${sqlText(email)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      org_name: 'Early Scans Ltd',
      contact: {
        first_name: 'Early',
        last_name: 'Applicant',
        email,
        phone: '+44 20 7946 0555',
        website: 'https://early-scans.example.com',
      },
      region: 'Greater London',
      devices_owned: ['PRO'],
      portfolio_file: { originalName: 'early-portfolio.pdf' },
    });
    expect(rows[0]?.notes).toContain('Applied before the script.');
    expect(experience).not.toBe('');
  });

  test('the contact form keeps its four fields and sends them', async ({ page, inspector }) => {
    const email = uniqueEmail('typed-early-contact');
    const scripts = await openBeforeScript(page, '/contact');
    await field(page, 'Your Name').fill('Early Writer');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Subject').fill('Typed before the script');
    await field(page, 'Message').fill('Every word of this was typed before the page came alive.');
    await letScriptRun(page, scripts);

    await expect(field(page, 'Message')).toHaveValue('Every word of this was typed before the page came alive.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    expect(
      await inspector.query(`select name, subject, message from contact_messages where email = ${sqlText(email)}`),
    ).toEqual([
      {
        name: 'Early Writer',
        subject: 'Typed before the script',
        message: 'Every word of this was typed before the page came alive.',
      },
    ]);
  });
});
