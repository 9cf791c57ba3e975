import { axeViolations } from '../support/axe.ts';
import { createMember, createOrder, sendQuote, test } from '../support/marketplace.ts';
import { expect, field, linkIn, newDevice, PASSWORD, SUBJECTS, toast, uniqueEmail, waitForMail } from './support.ts';

// Whole flows (invitations, joining, e-mail) on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });
/** A new device's first page loads the app's code on a loaded machine. */
const FIRST_LOAD = { timeout: 45_000 };

/**
 * Joining from an invitation is one step (decision 199): the e-mailed link opens a page that names
 * the address, the organisation and the account type; a name and a password make the account,
 * already verified and signed in, in the portal of the invitation's organisation.
 */

test('a provider opens the e-mailed invitation, sets a name and password, and lands signed in in the provider portal', async ({
  browser,
  admin,
  inspector,
}) => {
  const email = uniqueEmail('joining-provider');
  const organization = `Join Scans ${email.split('@')[0]}`;
  const invited = await admin.post('/api/admin/invitations', {
    data: { email, orgType: 'provider', roleSuggested: 'provider_admin', organization: { name: organization } },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const device = await newDevice(browser);
  const page = await device.newPage();
  await page.goto(linkIn(await waitForMail(inspector, email, SUBJECTS.invitation)));

  // What the invitation says is shown, not asked: no account-type choice, no invitation warning.
  await expect(page.getByRole('heading', { name: `Join ${organization}` })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(/invited you to join/)).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
  await expect(field(page, 'Organisation')).toHaveValue(organization);
  await expect(field(page, 'Account type')).toHaveValue(/^Provider: Provider admin/);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText('Invitation required')).toHaveCount(0);
  expect(await axeViolations(page), 'axe on the join page').toEqual([]);

  await field(page, 'Name').fill('Grace Hopper');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in', exact: true }).click();

  await expect(toast(page, 'Welcome to SpaceCapture')).toContainText('Your account is ready and you are signed in.');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Provider Portal' })).toBeVisible();
  // Signed in for real: a reload stays in the portal, and no confirmation e-mail was needed.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Provider Portal' })).toBeVisible();
  expect(
    (await inspector.emails()).filter((mail) => mail.to.includes(email) && SUBJECTS.confirm.test(mail.subject)),
  ).toEqual([]);

  // The link is used up: opening it again says so and offers nothing to submit.
  const other = await newDevice(browser);
  const otherPage = await other.newPage();
  await otherPage.goto(linkIn(await waitForMail(inspector, email, SUBJECTS.invitation)));
  await expect(otherPage.getByRole('alert').filter({ hasText: 'This invitation cannot be used' })).toContainText(
    'This invitation was already used to create an account. Sign in instead.',
    FIRST_LOAD,
  );
  await expect(otherPage.getByRole('button', { name: 'Join and sign in' })).toHaveCount(0);
  await other.close();
  await device.close();
});

test('a customer invited where a quote waits is told so in the e-mail and on the join page, and lands on the quote', async ({
  browser,
  deps,
  admin,
  inspector,
}) => {
  const owner = await createMember(deps, 'customer_admin');
  const order = await createOrder(deps, owner.organization.id);
  await sendQuote(admin, order.orderId);

  const email = uniqueEmail('joining-customer');
  const invited = await admin.post('/api/admin/invitations', {
    data: { email, orgType: 'customer', roleSuggested: 'customer_user', organization: { id: owner.organization.id } },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(inspector, email, SUBJECTS.invitation);
  expect(mail.text).toContain(`A quote for "${order.title}" is waiting for your answer`);

  const device = await newDevice(browser);
  const page = await device.newPage();
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: `Join ${owner.organization.name}` })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('alert').filter({ hasText: 'A quote is waiting for you' })).toContainText(order.title);
  await expect(field(page, 'Account type')).toHaveValue(/^Customer: Customer team member/);

  await field(page, 'Name').fill('Ada Lovelace');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in', exact: true }).click();

  await expect(toast(page, 'Welcome to SpaceCapture')).toContainText('The quote waiting for you is below.');
  await expect(page).toHaveURL(/\/customer\/quotes$/);
  const card = page.getByRole('article', { name: order.title });
  await expect(card.getByRole('button', { name: 'Accept' })).toBeEnabled();
  await owner.api.dispose();
  await device.close();
});
