import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { COMPANY_EMAIL, expectToast, field, minimalPdf, openPage, sqlText, uniqueEmail } from './helpers.ts';

type TApplicationRow = {
  status: string;
  org_name: string;
  contact: Record<string, unknown>;
  region: string | null;
  devices_owned: string[];
  devices_notes: string | null;
  portfolio_links: string[];
  portfolio_file: { originalName: string; contentType: string; size: number; sha256: string } | null;
  notes: string | null;
};

const SUBMIT = { name: 'Submit Application' } as const;
const TYPE_MESSAGE = 'Portfolio must be a .pdf, .zip, .jpg, .jpeg or .png file.';

function applicationsOf(inspector: { query<T>(sql: string): Promise<T[]> }, email: string) {
  return inspector.query<TApplicationRow>(
    `select status, org_name, contact, region, devices_owned, devices_notes, portfolio_links, portfolio_file, notes
       from provider_applications where contact->>'email' = ${sqlText(email)}`,
  );
}

type TApplicationValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  website?: string;
  regions: string;
  device: string;
  experience: string;
  additionalInfo?: string;
};

async function fillApplication(page: Page, values: TApplicationValues) {
  await field(page, 'First Name').fill(values.firstName);
  await field(page, 'Last Name').fill(values.lastName);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Phone').fill(values.phone);
  await field(page, 'Company Name').fill(values.company);
  if (values.website !== undefined) await field(page, 'Website (Optional)').fill(values.website);
  await field(page, 'Regions Covered').fill(values.regions);
  await field(page, 'Devices Owned').selectOption({ label: values.device });
  await field(page, 'Experience Level').selectOption({ label: values.experience });
  if (values.additionalInfo !== undefined) {
    await field(page, 'Additional Information (Optional)').fill(values.additionalInfo);
  }
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
}

function sampleApplication(email: string): TApplicationValues {
  return {
    firstName: 'Priya',
    lastName: 'Natarajan',
    email,
    phone: '+44 20 7946 0321',
    company: 'Natarajan Scans Ltd',
    website: 'https://natarajan-scans.example.com',
    regions: 'Greater London, Kent',
    device: 'META',
    experience: 'Advanced (3-5 years)',
    additionalInfo: 'Available weekends.',
  };
}

test.describe('provider application', () => {
  test('the page shows the benefits; the form has a 4-row textarea and shows every required message', async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, '/provider');
    for (const benefit of ['Expand Your Business', 'Maximize ROI', 'Quality Projects', 'Flexible Schedule']) {
      await expect(page.getByRole('heading', { name: benefit, level: 3 })).toBeVisible();
    }
    await expect(field(page, 'Additional Information (Optional)')).toHaveAttribute('rows', '4');
    await expect(page.getByLabel('Portfolio (Optional)')).toHaveAttribute('accept', '.pdf,.zip,.jpg,.jpeg,.png');

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/public/')) posts.push(request.url());
    });
    await page.getByRole('button', SUBMIT).click();
    const expected: [string, string][] = [
      ['First Name', 'First name must be at least 2 characters.'],
      ['Last Name', 'Last name must be at least 2 characters.'],
      ['Email', 'Please enter a valid email address.'],
      ['Phone', 'Please enter a valid phone number.'],
      ['Company Name', 'Company name is required.'],
      ['Regions Covered', 'Please enter the regions you cover.'],
      ['Devices Owned', 'Please select which devices you own.'],
      ['Experience Level', 'Please select your experience level.'],
    ];
    for (const [label, message] of expected) {
      await expect(field(page, label), label).toHaveAccessibleDescription(message);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toHaveAccessibleDescription(
      'You must agree to the terms and conditions.',
    );
    // The website is optional: empty is fine, but a given value must be a URL.
    await expect(field(page, 'Website (Optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Website (Optional)').fill('not a url');
    await page.getByRole('button', SUBMIT).click();
    await expect(field(page, 'Website (Optional)')).toHaveAccessibleDescription('Please enter a valid URL.');

    expect(posts).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an application with a PDF portfolio is stored with its file and confirmed', async ({
    page,
    inspector,
    consoleErrors,
  }) => {
    const email = uniqueEmail('provider');
    const pdf = minimalPdf();
    await openPage(page, '/provider');
    await fillApplication(page, sampleApplication(email));
    await page.getByLabel('Portfolio (Optional)').setInputFiles({
      name: 'natarajan-portfolio.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(page.getByLabel('Portfolio (Optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', SUBMIT).click();

    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    await expect(page.getByRole('button', SUBMIT)).toHaveCount(0);
    await expectToast(page, 'Application Submitted', "We'll review your application and get back to you soon.");
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

    const rows = await applicationsOf(inspector, email);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      status: 'new',
      org_name: 'Natarajan Scans Ltd',
      contact: {
        first_name: 'Priya',
        last_name: 'Natarajan',
        email,
        phone: '+44 20 7946 0321',
        website: 'https://natarajan-scans.example.com',
      },
      region: 'Greater London, Kent',
      devices_owned: ['META'],
      devices_notes: 'advanced',
      portfolio_links: ['natarajan-portfolio.pdf'],
      notes: 'Available weekends.',
    });
    expect(row.portfolio_file).toMatchObject({
      originalName: 'natarajan-portfolio.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });

    await inspector.waitForEmail(
      (mail) =>
        mail.subject === 'New Provider Application' && mail.to.includes(COMPANY_EMAIL) && mail.replyTo === email,
    );
    const toApplicant = await inspector.waitForEmail(
      (mail) => mail.subject === 'New Provider Application' && mail.to.includes(email),
    );
    expect(toApplicant.text).toContain('natarajan-portfolio.pdf');
    expect(consoleErrors).toEqual([]);
  });

  test('without a portfolio or website, with no device yet: empty lists and nulls', async ({ page, inspector }) => {
    const email = uniqueEmail('provider-plain');
    await openPage(page, '/provider');
    const { website: _website, additionalInfo: _info, ...values } = sampleApplication(email);
    await fillApplication(page, {
      ...values,
      device: 'None yet (planning to purchase)',
      experience: 'Beginner (0-1 years)',
    });
    await page.getByRole('button', SUBMIT).click();
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();

    const rows = await applicationsOf(inspector, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      contact: { website: null },
      devices_owned: [],
      devices_notes: 'beginner',
      portfolio_links: [],
      portfolio_file: null,
      notes: null,
    });
  });

  test('a .exe portfolio is refused in the browser and nothing is sent', async ({ page, inspector }) => {
    const email = uniqueEmail('provider-exe');
    await openPage(page, '/provider');
    await fillApplication(page, sampleApplication(email));
    const portfolio = page.getByLabel('Portfolio (Optional)');
    await portfolio.setInputFiles({
      name: 'portfolio.exe',
      mimeType: 'application/vnd.microsoft.portable-executable',
      buffer: Buffer.from('MZ\x90\x00fake executable', 'latin1'),
    });
    await expect(portfolio).toHaveAttribute('aria-invalid', 'true');
    await expect(portfolio).toHaveAccessibleDescription(TYPE_MESSAGE);

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/public/')) posts.push(request.url());
    });
    await page.getByRole('button', SUBMIT).click();
    await expect(page.getByText(TYPE_MESSAGE)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toHaveCount(0);
    expect(posts).toEqual([]);
    expect(await applicationsOf(inspector, email)).toEqual([]);

    // Choosing an allowed file clears the message.
    await portfolio.setInputFiles({ name: 'portfolio.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect(portfolio).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(TYPE_MESSAGE)).toHaveCount(0);
  });

  test("the server's 400 for a file that only pretends to be a PDF appears under the field", async ({
    page,
    inspector,
  }) => {
    const email = uniqueEmail('provider-fake-pdf');
    await openPage(page, '/provider');
    await fillApplication(page, sampleApplication(email));
    const portfolio = page.getByLabel('Portfolio (Optional)');
    // The browser checks the name only; the server reads the first bytes and refuses.
    await portfolio.setInputFiles({
      name: 'portfolio.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ this is not a PDF at all', 'latin1'),
    });
    await expect(portfolio).not.toHaveAttribute('aria-invalid', 'true');

    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/public/provider-applications') && response.request().method() === 'POST',
    );
    await page.getByRole('button', SUBMIT).click();
    expect((await answer).status()).toBe(400);
    await expect(portfolio).toHaveAttribute('aria-invalid', 'true');
    await expect(portfolio).toHaveAccessibleDescription(TYPE_MESSAGE);
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toHaveCount(0);
    await expect(page.getByRole('button', SUBMIT)).toBeEnabled();
    await expect(field(page, 'First Name')).toHaveValue('Priya');
    expect(await applicationsOf(inspector, email)).toEqual([]);
  });
});
