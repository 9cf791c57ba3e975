import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addNetworkLatency, COMPANY_EMAIL, expectToast, field, openPage, sqlText, uniqueEmail } from './helpers.ts';

/** The constraint-validation state of a form field (the root tsconfig has no DOM types). */
type TValidated = { validity: { valueMissing: boolean; typeMismatch: boolean } };

type TMessageRow = { status: string; name: string; email: string; subject: string; message: string };

function messagesOf(inspector: { query<T>(sql: string): Promise<T[]> }, email: string) {
  return inspector.query<TMessageRow>(
    `select status, name, email, subject, message from contact_messages where email = ${sqlText(email)}`,
  );
}

function fields(page: Page) {
  return {
    name: field(page, 'Your Name'),
    email: field(page, 'Email Address'),
    subject: field(page, 'Subject'),
    message: field(page, 'Message'),
    send: page.getByRole('button', { name: 'Send Message' }),
  };
}

test.describe('contact page', () => {
  test('shows the Get In Touch details and the form with its placeholders and a 5-row message box', async ({
    page,
  }) => {
    await openPage(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(
      page.getByText("Have questions about our services? Get in touch with our team and we'll be happy to help."),
    ).toBeVisible();

    const panel = page.getByRole('region', { name: 'Get In Touch' });
    await expect(panel.getByRole('link', { name: COMPANY_EMAIL })).toHaveAttribute('href', `mailto:${COMPANY_EMAIL}`);
    await expect(panel.getByText('Phone', { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: /\+1/ })).toHaveAttribute('href', /^tel:/);
    await expect(panel.getByText('Office', { exact: true })).toBeVisible();
    await expect(panel.locator('address')).toContainText('San Francisco');
    await expect(panel.locator('address')).toContainText('United States');
    await expect(panel.getByRole('heading', { name: 'Connect With Us' })).toBeVisible();
    for (const network of ['LinkedIn', 'Twitter', 'Instagram']) {
      await expect(panel.getByRole('link', { name: network })).toHaveAttribute('href', /^https:\/\//);
    }

    await expect(page.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
    const form = fields(page);
    await expect(form.name).toHaveAttribute('placeholder', /\S+ \S+/);
    await expect(form.email).toHaveAttribute('type', 'email');
    await expect(form.email).toHaveAttribute('placeholder', /@/);
    await expect(form.subject).toHaveAttribute('placeholder', 'How can we help you?');
    await expect(form.message).toHaveAttribute('placeholder', 'Please provide details about your inquiry...');
    await expect(form.message).toHaveAttribute('rows', '5');
  });

  test("the browser's own required check stops an incomplete message", async ({ page, inspector }) => {
    await openPage(page, '/contact');
    const form = fields(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/public/')) posts.push(request.url());
    });
    await form.send.click();
    for (const field of [form.name, form.email, form.subject, form.message]) {
      await expect(field).toHaveAttribute('required', '');
      expect(await field.evaluate((element) => (element as unknown as TValidated).validity.valueMissing)).toBe(true);
    }
    const email = uniqueEmail('contact-incomplete');
    await form.name.fill('Sam');
    await form.email.fill('not-an-address');
    await form.subject.fill('Hello');
    await form.message.fill('Hi there');
    await form.send.click();
    expect(await form.email.evaluate((element) => (element as unknown as TValidated).validity.typeMismatch)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);
    expect(posts).toEqual([]);
    expect(await messagesOf(inspector, email)).toEqual([]);
  });

  test('Send Message → Sending... → Thank You!, stored and mailed; Send Another Message gives an empty form', async ({
    page,
    inspector,
    consoleErrors,
  }) => {
    const email = uniqueEmail('contact');
    const subject = `Pricing question ${email.slice(8, 16)}`;
    await openPage(page, '/contact');
    const form = fields(page);
    await form.name.fill('Morgan Lee');
    await form.email.fill(email);
    await form.subject.fill(subject);
    await form.message.fill('Do you capture outdoor gardens?\nThanks!');

    await addNetworkLatency(page, 2000);
    await form.send.click();
    // One check for both: the button reads Sending... and is disabled while the request is in flight.
    await expect(page.getByRole('button', { name: 'Sending...', disabled: true })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expectToast(page, 'Message Sent', "We'll respond to your inquiry as soon as possible.");
    await expect(
      page.getByText("Your message has been successfully sent. We'll get back to you as soon as possible."),
    ).toBeVisible();

    expect(await messagesOf(inspector, email)).toEqual([
      {
        status: 'new',
        name: 'Morgan Lee',
        email,
        subject,
        message: 'Do you capture outdoor gardens?\nThanks!',
      },
    ]);
    const mail = await inspector.waitForEmail((candidate) => candidate.replyTo === email);
    expect(mail.to).toEqual([COMPANY_EMAIL]);
    expect(mail.subject).toContain('New Contact Message');
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain('Do you capture outdoor gardens?');

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    const again = fields(page);
    await expect(again.send).toBeVisible();
    for (const field of [again.name, again.email, again.subject, again.message]) await expect(field).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });
});
