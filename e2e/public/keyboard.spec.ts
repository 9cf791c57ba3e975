import { chooseWithArrows, expectRing, tabTo } from '../support/keyboard.ts';
import { expect, test } from '../support/test.ts';
import { field, sqlText, uniqueEmail, waitForHydration } from './helpers.ts';

// Some sixty key presses, each with its ring read back, on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

test('by keyboard alone a visitor fills in the capture request form, picks a place from the list and submits it', async ({
  page,
  inspector,
  consoleErrors,
}) => {
  const email = uniqueEmail('keyboard');
  await page.goto('/request');

  // From the top: the skip link, then into the form. The first key loads the form's code
  // (decision 112), which is waited for before typing.
  await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 1 });
  await waitForHydration(page);
  await page.keyboard.press('Enter');
  await tabTo(page, field(page, 'Full Name'));
  await page.keyboard.type('Avery Quinn');
  await tabTo(page, field(page, 'Email'), { max: 1 });
  await page.keyboard.type(email);
  await tabTo(page, field(page, 'Phone'), { max: 1 });
  await page.keyboard.type('+44 113 496 0000');

  await tabTo(page, field(page, 'Space Type'));
  await chooseWithArrows(page, field(page, 'Space Type'), 'Commercial');
  // The place list: typed, down to the first place, Enter picks it.
  const location = page.getByRole('combobox', { name: 'Location', exact: true });
  await tabTo(page, location, { max: 1 });
  await page.keyboard.type('Leeds');
  await expect(page.getByRole('option', { name: 'Leeds, England, GB' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(location).toHaveValue('Leeds, England, GB');
  await expect(location).toBeFocused();

  await tabTo(page, field(page, 'Space Size'), { max: 1 });
  await chooseWithArrows(page, field(page, 'Space Size'), 'Medium (1,000-5,000 sq ft)');
  await tabTo(page, field(page, 'What do you need?'), { max: 1 });
  await chooseWithArrows(page, field(page, 'What do you need?'), 'Virtual Tour');
  await tabTo(page, field(page, 'Timeline'), { max: 1 });
  await chooseWithArrows(page, field(page, 'Timeline'), 'Standard (1-2 weeks)');

  // Past the optional windows and notes to the terms: Space ticks the box, Enter submits.
  const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Submit Request' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Request Submitted Successfully!' })).toBeVisible();
  const leads = await inspector.query<{ details: { location: string } }>(
    `select details from order_leads where contact->>'email' = ${sqlText(email)}`,
  );
  expect(leads).toHaveLength(1);
  await page.keyboard.press('Tab');
  await expectRing(page);
  expect(consoleErrors).toEqual([]);
});
