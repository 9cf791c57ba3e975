import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, PASSWORD, test, toast } from '../auth/support.ts';
import { deliverableBytes } from '../support/deliverable-bytes.ts';
import { linkOfMail, mailTo, startFreshInstall, type TFreshInstall } from '../support/fresh-install.ts';

/**
 * The everyday flow on a fresh install without SMTP_URL, each person on a device of their own and
 * everything through the pages: a visitor requests a capture on the public site; the first admin
 * turns the lead into an order for a new organisation and invites its contact; the order is placed
 * from its address, and its page leads the admin to the quote; the customer joins from the
 * invitation in one step, lands on the waiting quote and accepts it; the admin invites a provider, who joins and works
 * through its checklist (a device, a service base, a certification the admin verifies); the order's
 * next step leads to the picker, whose one verdict ranks the provider first; the provider accepts and
 * proposes a window; the admin confirms it; the provider uploads once the window opens and marks
 * the order delivered; the customer downloads the file and approves the delivery.
 */

// A server of its own (fresh data folder, migrations), three people, an upload and the customer's
// approval on a loaded machine.
test.describe.configure({ timeout: 420_000 });

/** This test's server runs in the test worker's thread: a first page load may take long there. */
const FIRST_LOAD = { timeout: 45_000 };

const ADMIN = { email: 'owner@journey.test', password: 'Journey-passphrase-2026' };
/** Where the admins' notifications go (the server's COMPANY_EMAIL default). */
const COMPANY_EMAIL = 'hello@spacecapture.example';
const CUSTOMER = { email: 'buyer@harbour-lets.test', organization: 'Harbour Lets Ltd' };
const PROVIDER = { email: 'ops@kent-scans.test', organization: 'Kent Scans Ltd' };
const LOCATION = '12 Harbour Street, Canterbury, Kent';
/** The order's title, as the portal and the admin console name it. */
const TITLE = `Point Cloud — Retail, ${LOCATION}`;

/** The admin's invitation form: a new organisation for the invitee, then the link copied. */
async function inviteAndCopyLink(page: Page, invitee: { email: string; organization: string }, role: string) {
  await page.getByRole('navigation', { name: 'Admin Portal' }).getByRole('link', { name: 'Invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Invitation' }) });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee.email);
  await form.getByLabel('Suggested role').selectOption(role);
  await form.getByText('New organization', { exact: true }).click();
  await form.getByRole('textbox', { name: 'New organization name', exact: true }).fill(invitee.organization);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, `Invite sent to ${invitee.email}`)).toContainText('Invitation sent');
  await form.getByRole('button', { name: `Copy link for ${invitee.email}` }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The invitee opens the copied link on their own device and joins with a name and password: signed in. */
async function signUpFromLink(browser: Browser, install: TFreshInstall, link: string, email: string, home: string) {
  const device = await browser.newContext({ baseURL: install.url, timezoneId: 'UTC' });
  const page = await device.newPage();
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Join and sign in', exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(email.split('@')[0] ?? email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in', exact: true }).click();
  await expect(page).toHaveURL(`${install.url}${home}`, FIRST_LOAD);
  return page;
}

/** The next whole minute at least 20 s away (a datetime-local input takes minutes), in UTC. */
function nextMinuteWindow() {
  const start = new Date(Date.now() + 20_000);
  start.setUTCSeconds(0, 0);
  start.setUTCMinutes(start.getUTCMinutes() + 1);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return { start: start.toISOString().slice(0, 16), end: end.toISOString().slice(0, 16) };
}

test('a fresh install without SMTP_URL: from the first admin to a customer downloading the delivered file', async ({
  browser,
}, testInfo) => {
  const install = await startFreshInstall(ADMIN);
  try {
    // The first admin signs in and invites the customer's admin with a copied link.
    const adminDevice = await browser.newContext({
      baseURL: install.url,
      timezoneId: 'UTC',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const admin = await adminDevice.newPage();
    await admin.goto('/auth?intent=admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible(FIRST_LOAD);
    await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await admin.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(admin).toHaveURL(`${install.url}/admin`, FIRST_LOAD);
    const adminNav = admin.getByRole('navigation', { name: 'Admin Portal' });

    // 1. A visitor asks for a capture on the public site, with no account yet.
    const visitorDevice = await browser.newContext({ baseURL: install.url, timezoneId: 'UTC' });
    const visitor = await visitorDevice.newPage();
    await visitor.goto('/request');
    await expect(visitor.getByRole('button', { name: 'Submit Request' })).toBeVisible(FIRST_LOAD);
    await visitor.getByRole('textbox', { name: 'Full Name' }).fill('Morgan Harbour');
    await visitor.getByRole('textbox', { name: 'Email' }).fill(CUSTOMER.email);
    await visitor.getByRole('textbox', { name: 'Phone' }).fill('+44 1227 555 0199');
    await visitor.getByRole('textbox', { name: 'Company Name (Optional)' }).fill(CUSTOMER.organization);
    await visitor.getByLabel('Space Type').selectOption({ label: 'Retail' });
    await visitor.getByRole('combobox', { name: 'Location', exact: true }).fill(LOCATION);
    await visitor.getByLabel('Space Size').selectOption({ label: 'Large (5,000-20,000 sq ft)' });
    await visitor.getByLabel('What do you need?').selectOption({ label: 'Point Cloud' });
    await visitor.getByLabel('Timeline').selectOption({ label: 'Urgent (ASAP, 1-3 days)' });
    await visitor.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
    await visitor.getByRole('button', { name: 'Submit Request' }).click();
    await expect(visitor.getByRole('heading', { name: 'Request Submitted Successfully!' })).toBeVisible();
    await visitorDevice.close();

    // The admin triages it: a new organisation named after the company, its contact invited, and
    // the note left in the lead's place opens the order.
    await adminNav.getByRole('link', { name: 'Triage', exact: true }).click();
    const lead = admin.getByTestId('lead-card').filter({ hasText: CUSTOMER.email });
    await expect(lead).toContainText('Urgent (ASAP, 1-3 days)');
    await lead.getByText('New organization', { exact: true }).click();
    await expect(lead.getByRole('textbox', { name: 'Organization name' })).toHaveValue(CUSTOMER.organization);
    await expect(lead.getByRole('textbox', { name: /Invite contact/ })).toHaveValue(CUSTOMER.email);
    await lead.getByRole('button', { name: 'Create Order and invite' }).click();
    const converted = admin.getByTestId('converted-lead');
    await expect(converted).toContainText(`${CUSTOMER.email} is invited to join it.`);
    await converted.getByRole('link', { name: 'Open order' }).click();
    await expect(admin).toHaveURL(/\/admin\/orders\?order=/);
    const orderId = new URL(admin.url()).searchParams.get('order') as string;

    // 2. The order's page says where it stands, where it is (found from the address) and the next
    //    step, whose button opens the quote form on this order.
    await expect(admin.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
    await expect(admin.getByTestId('order-place')).toContainText('Canterbury, England, GB (Europe/London)');
    await expect(admin.getByTestId('place-matched')).toContainText('“Canterbury”');
    const nextStep = admin.getByTestId('order-next-step');
    await expect(nextStep).toContainText('Next step · Your move');
    await expect(nextStep).toContainText('The order waits for its quote.');
    await nextStep.getByRole('link', { name: 'Create quote' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
    await expect(admin.getByLabel('Order')).toHaveValue(orderId);
    await admin.getByRole('button', { name: 'Create Quote' }).click();
    await expect(toast(admin, 'Quote created')).toContainText('Draft quote has been created.');
    const quoteRow = admin
      .getByRole('table', { name: 'Quotes' })
      .getByRole('row')
      .filter({ hasText: CUSTOMER.organization });
    await quoteRow.getByRole('button', { name: /Send quote/ }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Send quote', exact: true }).click();
    await expect(toast(admin, 'Quote sent')).toContainText('Customer can now accept or decline.');
    await expect(quoteRow).toContainText('sent');

    // 3. The customer joins from the invitation e-mail in one step, and lands where the quote waits;
    //    accepts it, after confirming.
    const customerLink = await linkOfMail(install, CUSTOMER.email, 'invited to SpaceCapture');
    const customer = await signUpFromLink(browser, install, customerLink, CUSTOMER.email, '/customer/quotes');
    await expect(customer.getByRole('heading', { level: 1, name: 'Quotes & Invoices' })).toBeVisible(FIRST_LOAD);
    const detail = customer.getByLabel('Order detail');
    const quoteCard = customer.getByRole('article', { name: TITLE });
    await expect(quoteCard.getByText('sent', { exact: true })).toBeVisible();
    await quoteCard.getByRole('button', { name: 'Accept' }).click();
    await customer
      .getByRole('dialog', { name: 'Accept this quote?' })
      .getByRole('button', { name: 'Accept quote' })
      .click();
    await expect(toast(customer, 'Quote accepted')).toBeVisible();
    await expect(quoteCard.getByText('accepted', { exact: true })).toBeVisible();

    // 4. The admin invites a provider's admin, who joins and is shown what dispatch still needs,
    //    each item a link to where it is set: a device, a service base with working hours, and a
    //    certification, which the admin verifies on the provider's record.
    const providerLink = await inviteAndCopyLink(admin, PROVIDER, 'provider_admin');
    const provider = await signUpFromLink(browser, install, providerLink, PROVIDER.email, '/provider-dashboard');
    const checklist = provider.getByRole('list', { name: 'Readiness checklist' });
    await expect(checklist.getByTestId('readiness-devices')).toContainText('Devices registered: to do');
    await checklist.getByRole('link', { name: 'Fix: devices registered' }).click();
    await expect(provider.getByRole('heading', { level: 1, name: 'Device Inventory' })).toBeVisible();
    const deviceForm = provider.getByRole('form', { name: 'Add device' });
    await deviceForm.getByLabel('Model').selectOption('META');
    await deviceForm.getByRole('textbox', { name: 'Serial', exact: true }).fill('META-KS-0001');
    await deviceForm.getByRole('button', { name: 'Add device' }).click();
    await expect(toast(provider, 'Device added')).toBeVisible();
    await expect(provider.getByTestId('device-row').filter({ hasText: 'META-KS-0001' })).toContainText('META');

    await provider.goBack();
    await checklist.getByRole('link', { name: 'Fix: service base recorded' }).click();
    await expect(provider.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await provider.getByRole('checkbox', { name: day, exact: true }).check();
    }
    const base = provider.getByRole('combobox', { name: 'Base 1', exact: true });
    await base.fill('Canterbury');
    await provider.getByRole('option', { name: 'Canterbury, England, GB' }).click();
    await provider.getByRole('textbox', { name: 'Radius (km)', exact: true }).fill('40');
    await provider.getByRole('button', { name: 'Save availability' }).click();
    await expect(provider.getByTestId('availability-summary')).toContainText('Canterbury, England, GB (within 40 km)');

    await provider.goBack();
    await expect(checklist.getByTestId('readiness-service-base')).toHaveAttribute('data-done', 'true');
    await checklist.getByRole('link', { name: 'Fix: certification verified' }).click();
    const certification = provider.getByRole('form', { name: 'Submit a certification' });
    await certification.getByRole('textbox', { name: 'Scope', exact: true }).fill('Matterport Pro3 operator');
    await certification.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(provider.getByText('pending', { exact: true })).toBeVisible();

    await adminNav.getByRole('link', { name: 'Providers', exact: true }).click();
    await admin.getByRole('link', { name: PROVIDER.organization }).click();
    const readiness = admin.getByRole('list', { name: 'Readiness checklist' });
    await expect(readiness.getByTestId('readiness-certification')).toContainText(
      'A certification waits for an admin to verify it.',
    );
    await admin.getByRole('button', { name: 'Verify Matterport Pro3 operator' }).click();
    await expect(readiness.getByTestId('readiness-certification')).toHaveAttribute('data-done', 'true');
    await expect(admin.getByText('Ready for jobs: dispatch can offer this provider work.')).toBeVisible();
    await provider.goto('/provider-dashboard');
    await expect(provider.getByRole('tab', { name: 'Projects' })).toBeVisible();
    await expect(provider.getByRole('list', { name: 'Readiness checklist' })).toHaveCount(0);

    // 5. Told by e-mail that the quote was accepted, the admin opens the order, whose next step
    //    leads to its assignment card; the picker's one verdict ranks the provider first, from its
    //    base 0 km away, and the admin offers the job with a pay.
    await mailTo(install, COMPANY_EMAIL, `Quote accepted: ${TITLE}`);
    await admin.goto(`/admin/orders?order=${orderId}`);
    await nextStep.getByRole('link', { name: 'Assign a provider' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible();
    const assignment = admin.getByTestId('assignment-card').filter({ hasText: LOCATION });
    const providerOption = assignment.locator('label').filter({ hasText: PROVIDER.organization });
    await expect(providerOption).toContainText('rank 1');
    await expect(providerOption.getByTestId('provider-dispatch-reasons')).toContainText(
      'km from Canterbury, England, GB, within its 40 km radius.',
    );
    await assignment.getByRole('radio', { name: new RegExp(PROVIDER.organization) }).check();
    await assignment.getByRole('textbox', { name: 'Compensation' }).fill('650');
    await assignment.getByRole('button', { name: 'Create Assignment' }).click();
    await expect(toast(admin, 'Assigned')).toContainText('Provider has been assigned to this order.');
    await expect(assignment).toContainText(`Latest assignment: ${PROVIDER.organization}`);

    // 6. Told by e-mail of the offer, the provider opens Assigned Jobs, accepts, and proposes a
    //    window starting within the next minute.
    await mailTo(install, PROVIDER.email, 'New job offer');
    await provider.goto('/provider/assignments');
    const job = provider.getByTestId('job-card');
    await expect(job).toHaveCount(1);
    await expect(job).toContainText('Compensation: $650.00');
    await job.getByRole('button', { name: 'Accept', exact: true }).click();
    await provider
      .getByRole('dialog', { name: 'Accept this job?' })
      .getByRole('button', { name: 'Accept job' })
      .click();
    await expect(toast(provider, 'You accepted this job.')).toContainText('Accepted');
    await expect(job).toContainText(`Location: ${LOCATION}`);
    await expect(job).toContainText(`Client: ${CUSTOMER.organization}`);
    await expect(job.getByTestId('uploads-opening')).toHaveText(
      'Uploads open when the capture window starts, once the schedule is confirmed.',
    );
    const proposed = nextMinuteWindow();
    await job.getByLabel('Start', { exact: true }).fill(proposed.start);
    await job.getByLabel('End', { exact: true }).fill(proposed.end);
    await job.getByRole('button', { name: 'Propose schedule' }).click();
    await expect(toast(provider, 'Admin will review and confirm.')).toContainText('Schedule proposed');

    // 7. Told by e-mail, the admin confirms the proposed schedule.
    await mailTo(install, COMPANY_EMAIL, `Schedule proposed: ${TITLE}`);
    await admin.reload();
    await expect(assignment).toContainText('Proposed schedule:');
    // The provider has the job: the card offers the schedule, no second offer.
    await expect(assignment.getByRole('button', { name: 'Create Assignment' })).toHaveCount(0);
    await assignment.getByRole('button', { name: 'Confirm latest schedule' }).click();
    await expect(toast(admin, 'Schedule confirmed')).toContainText('Provider will be notified.');
    await adminDevice.close();

    // 8. The provider uploads a file once the window has started, and marks the order delivered.
    const fileName = 'harbour-street.e57';
    const filePath = testInfo.outputPath(fileName);
    const bytes = deliverableBytes(fileName, 5000);
    await writeFile(filePath, bytes);
    await mailTo(install, PROVIDER.email, `Schedule confirmed: ${TITLE}`);
    await provider.reload();
    await expect(job.getByTestId('uploads-opening')).toContainText(
      /Uploads (are open\.|open .*, when the capture window starts\.)/,
    );
    await job.getByRole('link', { name: 'Upload Deliverables' }).click();
    await expect(provider).toHaveURL(new RegExp(`/provider/uploads\\?order=${orderId}$`));
    await expect(provider.getByRole('combobox', { name: 'Accepted assignment' })).toHaveValue(orderId);
    // The page opens uploads by itself when the window starts (it checks the time every 30 s).
    const upload = provider.getByRole('button', { name: 'Upload', exact: true });
    await expect(upload).toBeEnabled({ timeout: 150_000 });
    await expect(provider.getByRole('alert').filter({ hasText: 'Uploads not open yet' })).toHaveCount(0);
    await provider.getByLabel('Files', { exact: true }).setInputFiles(filePath);
    await upload.click();
    await expect(toast(provider, 'File uploaded and deliverable recorded.')).toBeVisible({ timeout: 60_000 });
    await expect(provider.getByRole('table', { name: 'Files of this order' })).toContainText(fileName);
    await provider.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(toast(provider, 'The customer has been told their files are ready.')).toBeVisible();
    await expect(provider.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();
    await provider.context().close();

    // 9. The customer follows the e-mail's link to Deliverables and downloads exactly the file.
    await customer.goto(await linkOfMail(install, CUSTOMER.email, `Order delivered: ${TITLE}`));
    const delivered = customer.getByRole('region', { name: TITLE });
    // Delivered is not completed: the delivery awaits the customer's review (decision 202).
    await expect(delivered.getByText('Awaiting your review')).toBeVisible(FIRST_LOAD);
    const fileRow = delivered.getByRole('row').filter({ hasText: fileName });
    await expect(fileRow).toContainText('Point cloud');
    const downloading = customer.waitForEvent('download');
    await fileRow.getByRole('button', { name: `Download ${fileName}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    expect((await readFile(await download.path())).equals(bytes)).toBe(true);

    // The order itself: awaiting the review, every step of the job done, the review under way.
    await customer
      .getByRole('navigation', { name: 'Customer Portal' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    const orderRow = customer.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: TITLE });
    await expect(orderRow.getByText('Awaiting your review')).toBeVisible();
    await orderRow.getByRole('button', { name: TITLE }).click();
    const progress = detail.getByRole('progressbar', { name: 'Order progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '90');
    await expect(detail.getByRole('listitem').filter({ hasText: 'Awaiting your review' })).toHaveAttribute(
      'data-state',
      'current',
    );

    // 10. The customer approves the delivery: now it is completed, every step done, nothing pending.
    const review = detail.getByLabel('Review', { exact: true });
    await expect(review.getByRole('heading', { name: 'Awaiting your review' })).toBeVisible();
    await review.getByRole('button', { name: 'Approve all' }).click();
    await customer
      .getByRole('dialog', { name: 'Approve the delivery?' })
      .getByRole('button', { name: 'Approve delivery' })
      .click();
    // The decision stands in the panel, with who made it (the name given on joining).
    await expect(review.getByRole('region', { name: 'Review decision' })).toContainText('Approved by buyer on');
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(detail.getByText('Completed', { exact: true })).toBeVisible();
    for (const step of [
      'Capture scheduled',
      'Capture completed',
      'Processing and QA completed',
      'Final delivery completed',
      'Delivery approved',
    ]) {
      await expect(detail.getByRole('listitem').filter({ hasText: step })).toHaveAttribute('data-state', 'done');
    }
    await expect(detail.getByText(/pending$/)).toHaveCount(0);
    await expect(detail.getByRole('button', { name: `Download ${fileName}` })).toBeVisible();
    await customer.context().close();
  } finally {
    await install.close();
  }
});
